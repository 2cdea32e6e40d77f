import Foundation
import NativeAuthWire

extension FlowContext {
    /// The ending for a completed or MFA/JIT token step; nil for failures.
    func ending(_ event: TokenStepEvent) -> SignInEnding? {
        switch event {
        case .completed(let set):
            return .completed(engine.storeSignIn(set))
        case .awaitingMFA(let methods, let token):
            return .awaitingMFA(authMethods: methods.map(MSALAuthMethod.init),
                                newState: AwaitingMFAState(context: self, continuationToken: token))
        case .registrationRequired(let methods, let token):
            // Registration states carry no scopes or claims.
            return .strongAuthMethodRegistration(
                authMethods: methods.map(MSALAuthMethod.init),
                newState: RegisterStrongAuthState(context: with(scopes: nil, claims: nil), continuationToken: token))
        default:
            return nil
        }
    }

    func challengeCall(token: String, id: String? = nil) -> EndpointCall {
        var fields = [FormField(WireField.continuationToken, token), FormField(WireField.challengeType, challengeTypes)]
        if let id { fields.append(FormField(WireField.id, id)) }
        return EndpointCall(.signInChallenge, fields)
    }
}

/// `signIn`: initiate, challenge, and `/token` when a password was supplied (§5.2 A, B, D).
struct SignInStartMachine: FlowMachine, Sendable {
    private enum State: Sendable { case idle, awaitingInitiate, awaitingChallenge, awaitingToken, done }
    private var state = State.idle
    let context: FlowContext
    let password: String?
    private var tokenStep: TokenStep

    static let authMethodBlockedPrefix = "The strong authentication method is blocked by the server. "

    init(context: FlowContext, password: String?) {
        self.context = context
        self.password = password
        tokenStep = TokenStep(context: context)
    }

    private func fail(_ type: SignInStartError.ErrorType, _ info: ErrorInfo) -> FlowAction<SignInStartResult> {
        .finish(.error(SignInStartError(type: type, info, correlationId: context.correlationId)))
    }

    mutating func start() -> FlowAction<SignInStartResult> {
        state = .done
        if context.username.isEmpty { return fail(.invalidUsername, .none) }
        if let password, password.isEmpty { return fail(.invalidCredentials, .none) }
        var fields = [FormField(WireField.username, context.username), FormField(WireField.challengeType, context.challengeTypes)]
        if let capabilities = context.engine.configuration.capabilities {
            fields.append(FormField(WireField.capabilities, capabilities))
        }
        state = .awaitingInitiate
        return .send(EndpointCall(.signInInitiate, fields))
    }

    mutating func receive(_ response: Classified) -> FlowAction<SignInStartResult> {
        let current = state
        state = .done
        switch (current, response) {
        case (.awaitingInitiate, .success(let body)):
            if body.isRedirect { return fail(.browserRequired, .message(body.redirectReason)) }
            guard let token = body.continuationToken else { return fail(.generalError, .unexpectedBody) }
            state = .awaitingChallenge
            return .send(context.challengeCall(token: token))
        case (.awaitingInitiate, .apiError(let api)):
            return fail(api.wireError == .userNotFound ? .userNotFound : .generalError, .api(api))
        case (.awaitingChallenge, .success(let body)):
            return challengeSucceeded(body)
        case (.awaitingChallenge, .apiError(let api)):
            if api.wireError == .accessDenied, api.wireSuberror == .providerBlockedByRep {
                return fail(.generalError, .message(Self.authMethodBlockedPrefix + (api.errorDescription ?? "")))
            }
            return fail(.generalError, .api(api))
        case (.awaitingToken, _):
            return tokenEvent(tokenStep.receive(response))
        case (_, .unexpected(let reason)):
            return fail(.generalError, .unexpected(reason))
        default:
            return fail(.generalError, .unexpectedBody)
        }
    }

    private mutating func challengeSucceeded(_ body: SuccessBody) -> FlowAction<SignInStartResult> {
        switch body.wireChallengeType {
        case .redirect:
            return fail(.browserRequired, .message(body.redirectReason))
        case .oob:
            guard let sent = body.codeSent else { return fail(.generalError, .unexpectedBody) }
            // MSAL quirk: a password supplied by the app is ignored when the challenge is oob.
            return .finish(.codeRequired(
                newState: SignInCodeRequiredState(context: context, continuationToken: sent.token), sentTo: sent.sentTo,
                channelTargetType: MSALNativeAuthChannelType(value: sent.channel), codeLength: sent.codeLength))
        case .password:
            guard let token = body.continuationToken else { return fail(.generalError, .unexpectedBody) }
            guard let password else {
                return .finish(.passwordRequired(newState: SignInPasswordRequiredState(context: context, continuationToken: token)))
            }
            state = .awaitingToken
            return .send(TokenStep.call(
                grantType: WireGrantType.password.rawValue, context: context, continuationToken: token,
                username: context.username, password: password, includeChallengeType: true))
        default:
            return fail(.generalError, .unexpectedChallengeType)
        }
    }

    private mutating func tokenEvent(_ event: TokenStepEvent) -> FlowAction<SignInStartResult> {
        switch event {
        case .send(let call):
            state = .awaitingToken
            return .send(call)
        case .tokenFailed(let failure):
            let info = ErrorInfo(message: failure.message, codes: failure.api?.errorCodes ?? [], uri: failure.api?.errorURI)
            switch failure.kind {
            case .invalidPassword: return fail(.invalidCredentials, info)
            case .userNotFound: return fail(.userNotFound, info)
            case .redirect: return fail(.browserRequired, info)
            case .invalidOOBCode, .general: return fail(.generalError, info)
            }
        case .introspectFailed(let isRedirect, let message, let api):
            return fail(isRedirect ? .browserRequired : .generalError,
                        ErrorInfo(message: message, codes: api?.errorCodes ?? [], uri: api?.errorURI))
        default:
            guard let ending = context.ending(event) else { return fail(.generalError, .unexpectedBody) }
            return .finish(SignInStartResult(ending))
        }
    }
}

/// `SignInCodeRequiredState.resendCode`: oauth2/v2.0/challenge (§5.2 G).
struct SignInResendCodeMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String

    private func fail(_ type: ResendCodeError.ErrorType, _ info: ErrorInfo, retry: Bool = true)
        -> FlowAction<SignInResendCodeResult>
    {
        let error = ResendCodeError(type: type, info, correlationId: context.correlationId)
        return .finish(.error(error, newState: retry ? SignInCodeRequiredState(context: context, continuationToken: token) : nil))
    }

    mutating func start() -> FlowAction<SignInResendCodeResult> { .send(context.challengeCall(token: token)) }

    mutating func receive(_ response: Classified) -> FlowAction<SignInResendCodeResult> {
        // MSAL quirk: every challenge error, redirect and unexpected included, hands back the same state.
        switch response {
        case .success(let body):
            switch body.wireChallengeType {
            case .oob:
                guard let sent = body.codeSent else { return fail(.generalError, .unexpectedBody) }
                return .finish(.codeRequired(
                    newState: SignInCodeRequiredState(context: context, continuationToken: sent.token), sentTo: sent.sentTo,
                    channelTargetType: MSALNativeAuthChannelType(value: sent.channel), codeLength: sent.codeLength))
            case .redirect: return fail(.browserRequired, .message(body.redirectReason))
            case .password where body.continuationToken != nil: return fail(.generalError, .none, retry: false)
            case .password: return fail(.generalError, .unexpectedBody)
            default: return fail(.generalError, .unexpectedChallengeType)
            }
        case .apiError(let api): return fail(.generalError, .api(api))
        case .unexpected(let reason): return fail(.generalError, .unexpected(reason))
        case .tokenSuccess: return fail(.generalError, .unexpectedBody)
        }
    }
}
