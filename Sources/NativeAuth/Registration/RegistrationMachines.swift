import Foundation
import NativeAuthWire

/// `challengeAuthMethod`: register/v1.0/challenge, and for `preverified` the automatic register/continue
/// and `/token` (§5.4).
struct RegisterChallengeMachine: FlowMachine, Sendable {
    private enum State: Sendable { case idle, awaitingChallenge, awaitingContinue, awaitingToken, done }
    private var state = State.idle
    let context: FlowContext
    let token: String
    let challengeType: String
    let channel: String
    let contact: String
    let fromVerificationState: Bool
    private var tokenStep: TokenStep

    static let blockedPrefix = "The verification contact is blocked by the server. "

    init(context: FlowContext, token: String, challengeType: String, channel: String, contact: String,
         fromVerificationState: Bool) {
        self.context = context
        self.token = token
        self.challengeType = challengeType
        self.channel = channel
        self.contact = contact
        self.fromVerificationState = fromVerificationState
        tokenStep = TokenStep(context: context)
    }

    private func fail(_ type: RegisterStrongAuthChallengeError.ErrorType, _ info: ErrorInfo, retry: Bool)
        -> FlowAction<RegisterStrongAuthChallengeResult>
    {
        let error = RegisterStrongAuthChallengeError(type: type, info, correlationId: context.correlationId)
        return .finish(.error(error, newState: retry ? RegisterStrongAuthState(context: context, continuationToken: token) : nil))
    }

    mutating func start() -> FlowAction<RegisterStrongAuthChallengeResult> {
        if contact.isEmpty {
            // MSAL quirk: from the verification-required state the invalid-input error carries no state.
            return fail(.invalidInput, .none, retry: !fromVerificationState)
        }
        state = .awaitingChallenge
        return .send(EndpointCall(.registerChallenge, [
            FormField(WireField.continuationToken, token), FormField(WireField.challengeType, challengeType),
            FormField(WireField.challengeTarget, contact), FormField(WireField.challengeChannel, channel),
        ]))
    }

    mutating func receive(_ response: Classified) -> FlowAction<RegisterStrongAuthChallengeResult> {
        let current = state
        state = .done
        switch current {
        case .awaitingChallenge: return receiveChallenge(response)
        case .awaitingContinue:
            guard case .success(let body) = response, !body.isRedirect, let next = body.continuationToken else {
                return fail(.generalError, .none, retry: false)
            }
            state = .awaitingToken
            return .send(TokenStep.call(
                grantType: WireGrantType.continuationToken.rawValue, context: context, continuationToken: next,
                includeChallengeType: true))
        case .awaitingToken:
            let event = tokenStep.receive(response)
            switch event {
            case .send(let call):
                state = .awaitingToken
                return .send(call)
            case .completed(let set):
                return .finish(.completed(context.engine.storeSignIn(set)))
            default:
                return fail(.generalError, .none, retry: false)
            }
        case .idle, .done:
            return fail(.generalError, .unexpectedBody, retry: false)
        }
    }

    private mutating func receiveChallenge(_ response: Classified) -> FlowAction<RegisterStrongAuthChallengeResult> {
        switch response {
        case .success(let body):
            switch body.wireChallengeType {
            case .redirect:
                return fail(.browserRequired, .message(body.redirectReason), retry: false)
            case .oob:
                guard let next = body.continuationToken, let target = body.challengeTarget,
                    let length = body.codeLength, let channel = body.challengeChannel
                else { return fail(.generalError, .unexpectedBody, retry: true) }
                let newState = RegisterStrongAuthVerificationRequiredState(context: context, continuationToken: next)
                return .finish(.verificationRequired(MSALNativeAuthRegisterStrongAuthVerificationRequiredResult(
                    newState: newState, sentTo: target, channelTargetType: MSALNativeAuthChannelType(value: channel),
                    codeLength: length)))
            case .preverified:
                guard let next = body.continuationToken else { return fail(.generalError, .unexpectedBody, retry: true) }
                state = .awaitingContinue
                return .send(EndpointCall(.registerContinue, [
                    FormField(WireField.continuationToken, next),
                    FormField(WireField.grantType, WireGrantType.continuationToken.rawValue),
                ]))
            default:
                return fail(.generalError, .unexpectedChallengeType, retry: true)
            }
        case .apiError(let api):
            if api.wireError == .accessDenied, api.wireSuberror == .providerBlockedByRep {
                return fail(.verificationContactBlocked,
                            ErrorInfo(message: Self.blockedPrefix + (api.errorDescription ?? ""), codes: api.errorCodes,
                                      uri: api.errorURI), retry: true)
            }
            if api.wireError == .invalidRequest, api.errorCodes.contains(AADSTSCode.invalidVerificationContact.rawValue) {
                return fail(.invalidInput, .api(api), retry: true)
            }
            return fail(.generalError, .api(api), retry: true)
        case .unexpected(let reason):
            return fail(.generalError, .unexpected(reason), retry: true)
        case .tokenSuccess:
            return fail(.generalError, .unexpectedBody, retry: true)
        }
    }
}

/// `RegisterStrongAuthVerificationRequiredState.submitChallenge`: register/v1.0/continue (grant oob), then
/// `/token` with only the default scopes and no claims (§5.4).
struct RegisterSubmitMachine: FlowMachine, Sendable {
    private enum State: Sendable { case awaitingContinue, awaitingToken }
    private var state = State.awaitingContinue
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

    private func fail(_ type: RegisterStrongAuthSubmitChallengeError.ErrorType, _ info: ErrorInfo, retry: Bool)
        -> FlowAction<RegisterStrongAuthSubmitChallengeResult>
    {
        let error = RegisterStrongAuthSubmitChallengeError(type: type, info, correlationId: context.correlationId)
        let same = RegisterStrongAuthVerificationRequiredState(context: context, continuationToken: token)
        return .finish(.error(error, newState: retry ? same : nil))
    }

    mutating func start() -> FlowAction<RegisterStrongAuthSubmitChallengeResult> {
        if challenge.isEmpty { return fail(.invalidChallenge, .none, retry: true) }
        return .send(EndpointCall(.registerContinue, [
            FormField(WireField.continuationToken, token), FormField(WireField.grantType, WireGrantType.oob.rawValue),
            FormField(WireField.oob, challenge),
        ]))
    }

    mutating func receive(_ response: Classified) -> FlowAction<RegisterStrongAuthSubmitChallengeResult> {
        switch state {
        case .awaitingContinue:
            switch response {
            case .success(let body):
                if body.isRedirect { return fail(.browserRequired, .message(body.redirectReason), retry: false) }
                guard let next = body.continuationToken else { return fail(.generalError, .unexpectedBody, retry: true) }
                state = .awaitingToken
                // MSAL quirk: the sign-in after registration requests only the default scopes, without claims.
                let bare = context.with(scopes: nil, claims: nil)
                return .send(TokenStep.call(
                    grantType: WireGrantType.continuationToken.rawValue, context: bare, continuationToken: next,
                    includeChallengeType: true))
            case .apiError(let api):
                if api.wireError == .invalidGrant, api.wireSuberror == .invalidOOBValue {
                    return fail(.invalidChallenge, .api(api), retry: true)
                }
                return fail(.generalError, .api(api), retry: true)
            case .unexpected(let reason):
                return fail(.generalError, .unexpected(reason), retry: true)
            case .tokenSuccess:
                return fail(.generalError, .unexpectedBody, retry: true)
            }
        case .awaitingToken:
            let event = tokenStep.receive(response)
            switch event {
            case .send(let call): return .send(call)
            case .completed(let set): return .finish(.completed(context.engine.storeSignIn(set)))
            default: return fail(.generalError, .none, retry: false)
            }
        }
    }
}
