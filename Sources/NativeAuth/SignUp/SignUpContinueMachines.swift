import Foundation
import NativeAuthWire

extension APIErrorBody {
    /// `attributes_required` with a token and a non-empty `required_attributes`.
    var validAttributesRequired: (token: String, attributes: [MSALNativeAuthRequiredAttribute])? {
        guard let token = continuationToken, let list = requiredAttributes, !list.isEmpty else { return nil }
        return (token, list.map(MSALNativeAuthRequiredAttribute.init))
    }
}

extension FlowContext {
    func signUpContinue(token: String, grant: WireGrantType, _ extra: FormField) -> EndpointCall {
        EndpointCall(.signUpContinue, [
            FormField(WireField.continuationToken, token), FormField(WireField.grantType, grant.rawValue), extra,
        ])
    }
}

/// `SignUpCodeRequiredState.submitCode`: signup/continue (grant oob), and signup/challenge after
/// `credential_required` (§5.1 D and D2).
struct SignUpVerifyCodeMachine: FlowMachine, Sendable {
    private enum State: Sendable { case idle, awaitingContinue, awaitingChallenge, done }
    private var state = State.idle
    let context: FlowContext
    let token: String
    let code: String

    init(context: FlowContext, token: String, code: String) {
        self.context = context
        self.token = token
        self.code = code
    }

    private func fail(_ type: VerifyCodeError.ErrorType, _ info: ErrorInfo, retry: Bool = false)
        -> FlowAction<SignUpVerifyCodeResult>
    {
        let error = VerifyCodeError(type: type, info, correlationId: context.correlationId)
        return .finish(.error(error, newState: retry ? SignUpCodeRequiredState(context: context, continuationToken: token) : nil))
    }

    mutating func start() -> FlowAction<SignUpVerifyCodeResult> {
        if code.isEmpty { return fail(.invalidCode, .none, retry: true) }
        state = .awaitingContinue
        return .send(context.signUpContinue(token: token, grant: .oob, FormField(WireField.oob, code)))
    }

    mutating func receive(_ response: Classified) -> FlowAction<SignUpVerifyCodeResult> {
        let current = state
        state = .done
        switch (current, response) {
        case (.awaitingContinue, .success(let body)):
            // MSAL quirk: a signup/continue 200 always means completed; challenge_type=redirect is ignored.
            return .finish(.completed(newState: SignInAfterSignUpState(context: context, continuationToken: body.continuationToken)))
        case (.awaitingContinue, .apiError(let api)):
            return continueError(api)
        case (.awaitingChallenge, .success(let body)):
            switch body.wireChallengeType {
            case .password:
                guard let newToken = body.continuationToken else { return fail(.generalError, .unexpectedBody) }
                return .finish(.passwordRequired(newState: SignUpPasswordRequiredState(context: context, continuationToken: newToken)))
            case .redirect: return fail(.browserRequired, .message(body.redirectReason))
            case .oob: return fail(.generalError, .none)
            default: return fail(.generalError, .unexpectedBody)
            }
        case (.awaitingChallenge, .apiError(let api)):
            // MSAL quirk: the server message is dropped here; codes and uri are kept.
            return fail(.generalError, ErrorInfo.api(api).withoutMessage)
        case (_, .unexpected(let reason)):
            return fail(.generalError, .unexpected(reason))
        default:
            return fail(.generalError, .unexpectedBody)
        }
    }

    private mutating func continueError(_ api: APIErrorBody) -> FlowAction<SignUpVerifyCodeResult> {
        switch api.wireError {
        case .invalidGrant:
            if api.wireSuberror == .invalidOOBValue || api.hasPasswordSuberror {
                // MSAL quirk: a password suberror on the code submit is reported as invalidCode.
                return fail(.invalidCode, .api(api), retry: true)
            }
            return fail(.generalError, .api(api))
        case .credentialRequired:
            guard let newToken = api.continuationToken else { return fail(.generalError, .api(api)) }
            state = .awaitingChallenge
            return .send(EndpointCall(.signUpChallenge, [
                FormField(WireField.continuationToken, newToken), FormField(WireField.challengeType, context.challengeTypes),
            ]))
        case .attributesRequired:
            guard let (newToken, attributes) = api.validAttributesRequired else { return fail(.generalError, .api(api)) }
            let newState = SignUpAttributesRequiredState(context: context, continuationToken: newToken)
            return .finish(.attributesRequired(attributes: attributes, newState: newState))
        case .verificationRequired:
            // MSAL quirk: not supported; unexpectedError(nil) gives the default "General error" text.
            return fail(.generalError, .none)
        default:
            return fail(.generalError, .api(api))
        }
    }
}

/// `SignUpCodeRequiredState.resendCode`: signup/challenge (§5.1 C).
struct SignUpResendCodeMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String

    private func fail(_ type: ResendCodeError.ErrorType, _ info: ErrorInfo, retry: Bool = false)
        -> FlowAction<SignUpResendCodeResult>
    {
        let error = ResendCodeError(type: type, info, correlationId: context.correlationId)
        return .finish(.error(error, newState: retry ? SignUpCodeRequiredState(context: context, continuationToken: token) : nil))
    }

    mutating func start() -> FlowAction<SignUpResendCodeResult> {
        .send(EndpointCall(.signUpChallenge, [
            FormField(WireField.continuationToken, token), FormField(WireField.challengeType, context.challengeTypes),
        ]))
    }

    mutating func receive(_ response: Classified) -> FlowAction<SignUpResendCodeResult> {
        switch response {
        case .success(let body):
            switch body.wireChallengeType {
            case .oob:
                guard let sent = body.codeSent else { return fail(.generalError, .unexpectedBody) }
                return .finish(.codeRequired(
                    newState: SignUpCodeRequiredState(context: context, continuationToken: sent.token), sentTo: sent.sentTo,
                    channelTargetType: MSALNativeAuthChannelType(value: sent.channel), codeLength: sent.codeLength))
            case .redirect: return fail(.browserRequired, .message(body.redirectReason))
            case .password where body.continuationToken != nil: return fail(.generalError, .none)
            default: return fail(.generalError, .unexpectedBody)
            }
        case .apiError(let api):
            // MSAL quirk: every known signup/challenge 400 (expired_token included) hands back the same state.
            return fail(.generalError, .api(api), retry: true)
        case .unexpected(let reason):
            return fail(.generalError, .unexpected(reason))
        case .tokenSuccess:
            return fail(.generalError, .unexpectedBody)
        }
    }
}

/// `SignUpPasswordRequiredState.submitPassword`: signup/continue with grant password (§5.1 E).
struct SignUpPasswordMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String
    let password: String

    private func fail(_ type: PasswordRequiredError.ErrorType, _ info: ErrorInfo, retry: Bool = false)
        -> FlowAction<SignUpPasswordRequiredResult>
    {
        let error = PasswordRequiredError(type: type, info, correlationId: context.correlationId)
        let state = retry ? SignUpPasswordRequiredState(context: context, continuationToken: token) : nil
        return .finish(.error(error, newState: state))
    }

    mutating func start() -> FlowAction<SignUpPasswordRequiredResult> {
        if password.isEmpty { return fail(.invalidPassword, .none, retry: true) }
        return .send(context.signUpContinue(token: token, grant: .password, FormField(WireField.password, password)))
    }

    mutating func receive(_ response: Classified) -> FlowAction<SignUpPasswordRequiredResult> {
        switch response {
        case .success(let body):
            return .finish(.completed(newState: SignInAfterSignUpState(context: context, continuationToken: body.continuationToken)))
        case .apiError(let api):
            switch api.wireError {
            case .invalidGrant where api.hasPasswordSuberror:
                return fail(.invalidPassword, .api(api), retry: true)
            case .invalidGrant where api.wireSuberror == .invalidOOBValue:
                // MSAL quirk: invalid_oob_value on the password submit counts as user input: generalError + same state.
                return fail(.generalError, .api(api), retry: true)
            case .attributesRequired:
                guard let (newToken, attributes) = api.validAttributesRequired else { return fail(.generalError, .api(api)) }
                return .finish(.attributesRequired(
                    attributes: attributes, newState: SignUpAttributesRequiredState(context: context, continuationToken: newToken)))
            case .verificationRequired:
                return fail(.generalError, .none)
            default:
                return fail(.generalError, .api(api))
            }
        case .unexpected(let reason):
            return fail(.generalError, .unexpected(reason))
        case .tokenSuccess:
            return fail(.generalError, .unexpectedBody)
        }
    }
}

/// `SignUpAttributesRequiredState.submitAttributes`: signup/continue with grant attributes (§5.1 F).
struct SignUpAttributesMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String
    let attributesJSON: String?

    private func fail(_ type: AttributesRequiredError.ErrorType, _ info: ErrorInfo) -> FlowAction<SignUpAttributesRequiredResult> {
        .finish(.error(AttributesRequiredError(type: type, info, correlationId: context.correlationId)))
    }

    mutating func start() -> FlowAction<SignUpAttributesRequiredResult> {
        guard let attributesJSON else { return fail(.generalError, .none) }
        return .send(context.signUpContinue(token: token, grant: .attributes, FormField(WireField.attributes, attributesJSON)))
    }

    mutating func receive(_ response: Classified) -> FlowAction<SignUpAttributesRequiredResult> {
        switch response {
        case .success(let body):
            return .finish(.completed(newState: SignInAfterSignUpState(context: context, continuationToken: body.continuationToken)))
        case .apiError(let api):
            if api.wireError == .attributesRequired, let (newToken, attributes) = api.validAttributesRequired {
                return .finish(.attributesRequired(
                    attributes: attributes, newState: SignUpAttributesRequiredState(context: context, continuationToken: newToken)))
            }
            if api.wireError == .invalidGrant, api.wireSuberror == .attributeValidationFailed,
                let names = api.invalidAttributes, !names.isEmpty
            {
                let sameState = SignUpAttributesRequiredState(context: context, continuationToken: token)
                return .finish(.attributesInvalid(attributeNames: names, newState: sameState))
            }
            return fail(.generalError, api.wireError == .verificationRequired ? .none : .api(api))
        case .unexpected(let reason):
            return fail(.generalError, .unexpected(reason))
        case .tokenSuccess:
            return fail(.generalError, .unexpectedBody)
        }
    }
}
