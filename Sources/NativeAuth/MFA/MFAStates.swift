import Foundation

/// Base of the MFA states (they keep the sign-in's scopes and claims).
public class MFABaseState: MSALNativeAuthBaseState, @unchecked Sendable {
    /// Asks the server to send a code over `authMethod`.
    public func requestChallenge(authMethod: MSALAuthMethod, delegate: any MFARequestChallengeDelegate) {
        engine.launch(MFARequestChallengeMachine(context: context, token: continuationToken, methodId: authMethod.id),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Asks for a code (async form).
    public func requestChallenge(authMethod: MSALAuthMethod) async -> MFARequestChallengeResult {
        await engine.run(MFARequestChallengeMachine(context: context, token: continuationToken, methodId: authMethod.id),
                         correlationId: correlationId)
    }
}

/// A second factor is needed: choose a method with `requestChallenge`.
public final class AwaitingMFAState: MFABaseState, @unchecked Sendable {}

/// A second-factor code was sent: submit it, or request another method.
public final class MFARequiredState: MFABaseState, @unchecked Sendable {
    /// Submits the second-factor code.
    public func submitChallenge(challenge: String, delegate: any MFASubmitChallengeDelegate) {
        engine.launch(MFASubmitChallengeMachine(context: context, token: continuationToken, challenge: challenge),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Submits the code (async form).
    public func submitChallenge(challenge: String) async -> MFASubmitChallengeResult {
        await engine.run(MFASubmitChallengeMachine(context: context, token: continuationToken, challenge: challenge),
                         correlationId: correlationId)
    }
}
