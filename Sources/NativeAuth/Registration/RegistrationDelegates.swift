import Foundation

/// Results of `challengeAuthMethod`.
@MainActor
public protocol RegisterStrongAuthChallengeDelegate: SignInCompletedCallbacks {
    /// The challenge failed.
    func onRegisterStrongAuthChallengeError(error: RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?)
    /// A code was sent to the contact.
    func onRegisterStrongAuthVerificationRequired(result: MSALNativeAuthRegisterStrongAuthVerificationRequiredResult)
}

extension RegisterStrongAuthChallengeDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onRegisterStrongAuthVerificationRequired(
        result: MSALNativeAuthRegisterStrongAuthVerificationRequiredResult
    ) { DelegateFallback.note("onRegisterStrongAuthVerificationRequired") }
}

/// Results of `RegisterStrongAuthVerificationRequiredState.submitChallenge`.
@MainActor
public protocol RegisterStrongAuthSubmitChallengeDelegate: SignInCompletedCallbacks {
    /// Submitting the code failed.
    func onRegisterStrongAuthSubmitChallengeError(
        error: RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?)
}

/// What `challengeAuthMethod` ended in.
public enum RegisterStrongAuthChallengeResult: OutcomeConvertible {
    /// A code was sent.
    case verificationRequired(MSALNativeAuthRegisterStrongAuthVerificationRequiredResult)
    /// The contact was pre-verified and the sign-in completed.
    case completed(MSALNativeAuthUserAccountResult)
    /// Failed.
    case error(RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .verificationRequired(let result): .callback("onRegisterStrongAuthVerificationRequired", state: result.newState)
        case .completed: .callback("onSignInCompleted")
        case .error(let error, let state): .error("onRegisterStrongAuthChallengeError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any RegisterStrongAuthChallengeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .verificationRequired(let result): delegate.onRegisterStrongAuthVerificationRequired(result: result)
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .error(let error, let state):
            delegate.onRegisterStrongAuthChallengeError(error: error, newState: state)
            return outcome
        }
        guard let missing = DelegateFallback.take() else { return outcome }
        let error = RegisterStrongAuthChallengeError(type: .generalError, message: DelegateFallback.message(missing),
                                                     correlationId: correlationId)
        delegate.onRegisterStrongAuthChallengeError(error: error, newState: nil)
        return .error("onRegisterStrongAuthChallengeError", error)
    }
}

/// What `submitChallenge` during registration ended in.
public enum RegisterStrongAuthSubmitChallengeResult: OutcomeConvertible {
    /// Registered and signed in.
    case completed(MSALNativeAuthUserAccountResult)
    /// Failed.
    case error(RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .completed: .callback("onSignInCompleted")
        case .error(let error, let state): .error("onRegisterStrongAuthSubmitChallengeError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any RegisterStrongAuthSubmitChallengeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .completed(let result):
            delegate.onSignInCompleted(result: result)
            guard let missing = DelegateFallback.take() else { return outcome }
            let error = RegisterStrongAuthSubmitChallengeError(
                type: .generalError, message: DelegateFallback.message(missing), correlationId: correlationId)
            delegate.onRegisterStrongAuthSubmitChallengeError(error: error, newState: nil)
            return .error("onRegisterStrongAuthSubmitChallengeError", error)
        case .error(let error, let state):
            delegate.onRegisterStrongAuthSubmitChallengeError(error: error, newState: state)
            return outcome
        }
    }
}
