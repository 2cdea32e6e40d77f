import Foundation

// The sign-in results share three endings (awaiting MFA, strong-auth registration, completed); their
// outcomes and dispatch live in `SignInEnding`.

/// The three endings shared by the sign-in steps.
enum SignInEnding: Sendable {
    case awaitingMFA(authMethods: [MSALAuthMethod], newState: AwaitingMFAState)
    case strongAuthMethodRegistration(authMethods: [MSALAuthMethod], newState: RegisterStrongAuthState)
    case completed(MSALNativeAuthUserAccountResult)

    var outcome: Outcome {
        switch self {
        case .awaitingMFA(_, let state): .callback("onSignInAwaitingMFA", state: state)
        case .strongAuthMethodRegistration(_, let state): .callback("onSignInStrongAuthMethodRegistration", state: state)
        case .completed: .callback("onSignInCompleted")
        }
    }

    /// Calls the delegate; returns the name of the method when the app did not implement it.
    @MainActor func call(_ delegate: any SignInNextStepCallbacks) -> String? {
        switch self {
        case .awaitingMFA(let methods, let state): delegate.onSignInAwaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            delegate.onSignInStrongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): delegate.onSignInCompleted(result: result)
        }
        return DelegateFallback.take()
    }
}

/// What `SignInPasswordRequiredState.submitPassword` ended in.
public enum SignInPasswordRequiredResult: OutcomeConvertible {
    /// A second factor is needed.
    case awaitingMFA(authMethods: [MSALAuthMethod], newState: AwaitingMFAState)
    /// A strong-auth method must be registered.
    case strongAuthMethodRegistration(authMethods: [MSALAuthMethod], newState: RegisterStrongAuthState)
    /// Signed in.
    case completed(MSALNativeAuthUserAccountResult)
    /// Failed.
    case error(PasswordRequiredError, newState: SignInPasswordRequiredState?)

    init(_ ending: SignInEnding) {
        switch ending {
        case .awaitingMFA(let methods, let state): self = .awaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            self = .strongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): self = .completed(result)
        }
    }

    var ending: SignInEnding? {
        switch self {
        case .awaitingMFA(let methods, let state): .awaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            .strongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): .completed(result)
        case .error: nil
        }
    }

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .error(let error, let state): .error("onSignInPasswordRequiredError", error, state: state)
        default: ending?.outcome ?? Outcome(callback: "onSignInPasswordRequiredError")
        }
    }

    @MainActor func dispatch(to delegate: any SignInPasswordRequiredDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .error(let error, let state):
            delegate.onSignInPasswordRequiredError(error: error, newState: state)
            return outcome
        default:
            guard let missing = ending?.call(delegate) else { return outcome }
            let error = PasswordRequiredError(type: .generalError, message: DelegateFallback.message(missing), correlationId: correlationId)
            delegate.onSignInPasswordRequiredError(error: error, newState: nil)
            return .error("onSignInPasswordRequiredError", error)
        }
    }
}

/// What `SignInCodeRequiredState.submitCode` ended in.
public enum SignInVerifyCodeResult: OutcomeConvertible {
    /// A second factor is needed.
    case awaitingMFA(authMethods: [MSALAuthMethod], newState: AwaitingMFAState)
    /// A strong-auth method must be registered.
    case strongAuthMethodRegistration(authMethods: [MSALAuthMethod], newState: RegisterStrongAuthState)
    /// Signed in.
    case completed(MSALNativeAuthUserAccountResult)
    /// Failed.
    case error(VerifyCodeError, newState: SignInCodeRequiredState?)

    init(_ ending: SignInEnding) {
        switch ending {
        case .awaitingMFA(let methods, let state): self = .awaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            self = .strongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): self = .completed(result)
        }
    }

    var ending: SignInEnding? {
        switch self {
        case .awaitingMFA(let methods, let state): .awaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            .strongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): .completed(result)
        case .error: nil
        }
    }

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .error(let error, let state): .error("onSignInVerifyCodeError", error, state: state)
        default: ending?.outcome ?? Outcome(callback: "onSignInVerifyCodeError")
        }
    }

    @MainActor func dispatch(to delegate: any SignInVerifyCodeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .error(let error, let state):
            delegate.onSignInVerifyCodeError(error: error, newState: state)
            return outcome
        default:
            guard let missing = ending?.call(delegate) else { return outcome }
            let error = VerifyCodeError(type: .generalError, message: DelegateFallback.message(missing), correlationId: correlationId)
            delegate.onSignInVerifyCodeError(error: error, newState: nil)
            return .error("onSignInVerifyCodeError", error)
        }
    }
}

/// What `SignInAfterSignUpState.signIn` ended in.
public enum SignInAfterSignUpResult: OutcomeConvertible {
    /// A second factor is needed.
    case awaitingMFA(authMethods: [MSALAuthMethod], newState: AwaitingMFAState)
    /// A strong-auth method must be registered.
    case strongAuthMethodRegistration(authMethods: [MSALAuthMethod], newState: RegisterStrongAuthState)
    /// Signed in.
    case completed(MSALNativeAuthUserAccountResult)
    /// Failed.
    case error(SignInAfterSignUpError)

    init(_ ending: SignInEnding) {
        switch ending {
        case .awaitingMFA(let methods, let state): self = .awaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            self = .strongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): self = .completed(result)
        }
    }

    var ending: SignInEnding? {
        switch self {
        case .awaitingMFA(let methods, let state): .awaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            .strongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): .completed(result)
        case .error: nil
        }
    }

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .error(let error): .error("onSignInAfterSignUpError", error)
        default: ending?.outcome ?? Outcome(callback: "onSignInAfterSignUpError")
        }
    }

    @MainActor func dispatch(to delegate: any SignInAfterSignUpDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .error(let error):
            delegate.onSignInAfterSignUpError(error: error)
            return outcome
        default:
            guard let missing = ending?.call(delegate) else { return outcome }
            let error = SignInAfterSignUpError(type: .generalError, message: DelegateFallback.message(missing), correlationId: correlationId)
            delegate.onSignInAfterSignUpError(error: error)
            return .error("onSignInAfterSignUpError", error)
        }
    }
}

/// What `SignInAfterResetPasswordState.signIn` ended in.
public enum SignInAfterResetPasswordResult: OutcomeConvertible {
    /// A second factor is needed.
    case awaitingMFA(authMethods: [MSALAuthMethod], newState: AwaitingMFAState)
    /// A strong-auth method must be registered.
    case strongAuthMethodRegistration(authMethods: [MSALAuthMethod], newState: RegisterStrongAuthState)
    /// Signed in.
    case completed(MSALNativeAuthUserAccountResult)
    /// Failed.
    case error(SignInAfterResetPasswordError)

    init(_ ending: SignInEnding) {
        switch ending {
        case .awaitingMFA(let methods, let state): self = .awaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            self = .strongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): self = .completed(result)
        }
    }

    var ending: SignInEnding? {
        switch self {
        case .awaitingMFA(let methods, let state): .awaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            .strongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): .completed(result)
        case .error: nil
        }
    }

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .error(let error): .error("onSignInAfterResetPasswordError", error)
        default: ending?.outcome ?? Outcome(callback: "onSignInAfterResetPasswordError")
        }
    }

    @MainActor func dispatch(to delegate: any SignInAfterResetPasswordDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .error(let error):
            delegate.onSignInAfterResetPasswordError(error: error)
            return outcome
        default:
            guard let missing = ending?.call(delegate) else { return outcome }
            let error = SignInAfterResetPasswordError(type: .generalError, message: DelegateFallback.message(missing), correlationId: correlationId)
            delegate.onSignInAfterResetPasswordError(error: error)
            return .error("onSignInAfterResetPasswordError", error)
        }
    }
}
