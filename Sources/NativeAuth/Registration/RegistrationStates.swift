import Foundation

/// Base of the strong-auth registration states (they carry no scopes or claims).
public class RegisterStrongAuthBaseState: MSALNativeAuthBaseState, @unchecked Sendable {
    var isVerificationState: Bool { false }

    /// Asks the server to send a code to `parameters.verificationContact` over `parameters.authMethod`.
    public func challengeAuthMethod(
        parameters: MSALNativeAuthChallengeAuthMethodParameters, delegate: any RegisterStrongAuthChallengeDelegate
    ) {
        engine.launch(machine(parameters.authMethod, parameters.verificationContact), correlationId: correlationId,
                      delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Challenges a method (async form).
    public func challengeAuthMethod(authMethod: MSALAuthMethod, verificationContact: String) async
        -> RegisterStrongAuthChallengeResult
    {
        await engine.run(machine(authMethod, verificationContact), correlationId: correlationId)
    }

    private func machine(_ method: MSALAuthMethod, _ contact: String) -> RegisterChallengeMachine {
        RegisterChallengeMachine(
            context: context, token: continuationToken, challengeType: method.challengeType,
            channel: method.channelTargetType.value, contact: contact, fromVerificationState: isVerificationState)
    }
}

/// A strong-auth method must be registered: call `challengeAuthMethod`.
public final class RegisterStrongAuthState: RegisterStrongAuthBaseState, @unchecked Sendable {}

/// A code was sent to the contact being registered: submit it, or challenge another method.
public final class RegisterStrongAuthVerificationRequiredState: RegisterStrongAuthBaseState, @unchecked Sendable {
    override var isVerificationState: Bool { true }

    /// Submits the code.
    public func submitChallenge(challenge: String, delegate: any RegisterStrongAuthSubmitChallengeDelegate) {
        engine.launch(RegisterSubmitMachine(context: context, token: continuationToken, challenge: challenge),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Submits the code (async form).
    public func submitChallenge(challenge: String) async -> RegisterStrongAuthSubmitChallengeResult {
        await engine.run(RegisterSubmitMachine(context: context, token: continuationToken, challenge: challenge),
                         correlationId: correlationId)
    }
}
