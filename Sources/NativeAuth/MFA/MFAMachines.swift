import Foundation
import NativeAuthWire

/// `requestChallenge`: oauth2/v2.0/challenge with the method `id` (§5.3).
struct MFARequestChallengeMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String
    let methodId: String

    /// Every error hands back an `MFARequiredState` with the old token (even from `AwaitingMFAState`).
    private func fail(_ type: MFARequestChallengeError.ErrorType, _ info: ErrorInfo, retry: Bool = true)
        -> FlowAction<MFARequestChallengeResult>
    {
        let error = MFARequestChallengeError(type: type, info, correlationId: context.correlationId)
        return .finish(.error(error, newState: retry ? MFARequiredState(context: context, continuationToken: token) : nil))
    }

    mutating func start() -> FlowAction<MFARequestChallengeResult> {
        .send(context.challengeCall(token: token, id: methodId))
    }

    mutating func receive(_ response: Classified) -> FlowAction<MFARequestChallengeResult> {
        switch response {
        case .success(let body):
            switch body.wireChallengeType {
            case .oob:
                guard let sent = body.codeSent else { return fail(.generalError, .unexpectedBody) }
                return .finish(.verificationRequired(
                    newState: MFARequiredState(context: context, continuationToken: sent.token), sentTo: sent.sentTo,
                    channelTargetType: MSALNativeAuthChannelType(value: sent.channel), codeLength: sent.codeLength))
            case .redirect:
                // MSAL quirk: a redirect still hands back the same state.
                return fail(.browserRequired, .message(body.redirectReason))
            case .password where body.continuationToken != nil:
                return fail(.generalError, .none, retry: false)
            case .password:
                return fail(.generalError, .unexpectedBody)
            default:
                return fail(.generalError, .unexpectedChallengeType)
            }
        case .apiError(let api):
            if api.wireError == .accessDenied, api.wireSuberror == .providerBlockedByRep {
                return fail(.authMethodBlocked, .api(api))
            }
            return fail(.generalError, .api(api))
        case .unexpected(let reason):
            return fail(.generalError, .unexpected(reason))
        case .tokenSuccess:
            return fail(.generalError, .unexpectedBody)
        }
    }
}

/// `MFARequiredState.submitChallenge`: `/token` grant mfa_oob (§5.3).
struct MFASubmitChallengeMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String
    let challenge: String
    private var tokenStep: TokenStep

    init(context: FlowContext, token: String, challenge: String) {
        self.context = context
        self.token = token
        self.challenge = challenge
        tokenStep = TokenStep(context: context)
    }

    private func fail(_ type: MFASubmitChallengeError.ErrorType, _ info: ErrorInfo, retry: Bool)
        -> FlowAction<MFASubmitChallengeResult>
    {
        let error = MFASubmitChallengeError(type: type, info, correlationId: context.correlationId)
        return .finish(.error(error, newState: retry ? MFARequiredState(context: context, continuationToken: token) : nil))
    }

    mutating func start() -> FlowAction<MFASubmitChallengeResult> {
        if challenge.isEmpty { return fail(.invalidChallenge, .none, retry: true) }
        return .send(TokenStep.call(
            grantType: WireGrantType.mfaOOB.rawValue, context: context, continuationToken: token, oob: challenge,
            includeChallengeType: false))
    }

    mutating func receive(_ response: Classified) -> FlowAction<MFASubmitChallengeResult> {
        let event = tokenStep.receive(response)
        switch event {
        case .send(let call):
            return .send(call)
        case .completed(let set):
            return .finish(.completed(context.engine.storeSignIn(set)))
        case .tokenFailed(let failure):
            switch failure.kind {
            case .invalidOOBCode: return fail(.invalidChallenge, failure.info, retry: true)
            case .redirect: return fail(.browserRequired, failure.info, retry: true)
            default: return fail(.generalError, failure.info, retry: true)
            }
        case .awaitingMFA, .registrationRequired:
            // MSAL quirk: a second MFA or registration demand ends in a general error with no message.
            return fail(.generalError, .none, retry: false)
        case .introspectFailed(let isRedirect, let message, let api):
            return fail(isRedirect ? .browserRequired : .generalError,
                        ErrorInfo(message: message, codes: api?.errorCodes ?? [], uri: api?.errorURI), retry: false)
        }
    }
}
