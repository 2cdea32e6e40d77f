import Foundation
import NativeAuthWire

/// `signUp`: signup/start then signup/challenge (client-behaviour.md §5.1 A and B).
struct SignUpStartMachine: FlowMachine, Sendable {
    private enum State: Sendable { case idle, awaitingStart, awaitingChallenge, done }
    private var state = State.idle
    let context: FlowContext
    let password: String?
    let attributesJSON: String?
    let attributesUnserialisable: Bool

    init(context: FlowContext, password: String?, attributesJSON: String?, attributesUnserialisable: Bool) {
        self.context = context
        self.password = password
        self.attributesJSON = attributesJSON
        self.attributesUnserialisable = attributesUnserialisable
    }

    private func fail(_ type: SignUpStartError.ErrorType, _ info: ErrorInfo) -> FlowAction<SignUpStartResult> {
        .finish(.error(SignUpStartError(type: type, info, correlationId: context.correlationId)))
    }

    mutating func start() -> FlowAction<SignUpStartResult> {
        state = .done
        if context.username.isEmpty { return fail(.invalidUsername, .none) }
        if let password, password.isEmpty { return fail(.invalidPassword, .none) }
        // The request cannot be built: no request is sent, and the error has no message (§0.1).
        if attributesUnserialisable { return fail(.generalError, .none) }
        var fields = [FormField(WireField.username, context.username)]
        if let password { fields.append(FormField(WireField.password, password)) }
        if let attributesJSON { fields.append(FormField(WireField.attributes, attributesJSON)) }
        fields.append(FormField(WireField.challengeType, context.challengeTypes))
        if let capabilities = context.engine.configuration.capabilities {
            fields.append(FormField(WireField.capabilities, capabilities))
        }
        state = .awaitingStart
        return .send(EndpointCall(.signUpStart, fields))
    }

    mutating func receive(_ response: Classified) -> FlowAction<SignUpStartResult> {
        switch state {
        case .awaitingStart: return receiveStart(response)
        case .awaitingChallenge: return receiveChallenge(response)
        case .idle, .done: return fail(.generalError, .unexpectedBody)
        }
    }

    private mutating func receiveStart(_ response: Classified) -> FlowAction<SignUpStartResult> {
        state = .done
        switch response {
        case .success(let body):
            if body.isRedirect { return fail(.browserRequired, .message(body.redirectReason)) }
            guard let token = body.continuationToken else { return fail(.generalError, .unexpectedBody) }
            state = .awaitingChallenge
            return .send(EndpointCall(.signUpChallenge, [
                FormField(WireField.continuationToken, token), FormField(WireField.challengeType, context.challengeTypes),
            ]))
        case .apiError(let api):
            return startError(api)
        case .unexpected(let reason):
            return fail(.generalError, .unexpected(reason))
        case .tokenSuccess:
            return fail(.generalError, .unexpectedBody)
        }
    }

    private func startError(_ api: APIErrorBody) -> FlowAction<SignUpStartResult> {
        switch api.wireError {
        case .invalidGrant where api.wireSuberror == .attributeValidationFailed:
            guard let names = api.invalidAttributes, !names.isEmpty else { return fail(.generalError, .api(api)) }
            return .finish(.attributesInvalid(attributeNames: names))
        case .invalidGrant where api.hasPasswordSuberror:
            return fail(.invalidPassword, .api(api))
        case .invalidRequest where api.firstCode == AADSTSCode.invalidRequestParameter.rawValue:
            if api.errorDescription?.contains(WireErrorDescription.usernameInvalid) == true {
                return fail(.invalidUsername, .api(api))
            }
            return fail(.generalError, .api(api))
        case .userAlreadyExists:
            return fail(.userAlreadyExists, .api(api))
        default:
            return fail(.generalError, .api(api))
        }
    }

    private mutating func receiveChallenge(_ response: Classified) -> FlowAction<SignUpStartResult> {
        state = .done
        switch response {
        case .success(let body):
            switch body.wireChallengeType {
            case .redirect:
                return fail(.browserRequired, .message(body.redirectReason))
            case .oob:
                guard let sent = body.codeSent else { return fail(.generalError, .unexpectedBody) }
                let newState = SignUpCodeRequiredState(context: context, continuationToken: sent.token)
                return .finish(.codeRequired(
                    newState: newState, sentTo: sent.sentTo,
                    channelTargetType: MSALNativeAuthChannelType(value: sent.channel), codeLength: sent.codeLength))
            case .password where body.continuationToken != nil:
                // MSAL quirk: the first challenge after start only accepts oob; password is a general error.
                return fail(.generalError, .none)
            default:
                return fail(.generalError, .unexpectedBody)
            }
        case .apiError(let api):
            return fail(.generalError, .api(api))
        case .unexpected(let reason):
            return fail(.generalError, .unexpected(reason))
        case .tokenSuccess:
            return fail(.generalError, .unexpectedBody)
        }
    }
}
