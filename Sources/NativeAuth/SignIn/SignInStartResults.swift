import Foundation

/// What `signIn` ended in.
public enum SignInStartResult: OutcomeConvertible {
    /// A code was sent.
    case codeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
                      codeLength: Int)
    /// A password is needed.
    case passwordRequired(newState: SignInPasswordRequiredState)
    /// A second factor is needed.
    case awaitingMFA(authMethods: [MSALAuthMethod], newState: AwaitingMFAState)
    /// A strong-auth method must be registered.
    case strongAuthMethodRegistration(authMethods: [MSALAuthMethod], newState: RegisterStrongAuthState)
    /// Signed in.
    case completed(MSALNativeAuthUserAccountResult)
    /// Failed.
    case error(SignInStartError)

    init(_ ending: SignInEnding) {
        switch ending {
        case .awaitingMFA(let methods, let state): self = .awaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            self = .strongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): self = .completed(result)
        }
    }

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .codeRequired(let state, _, _, _): .callback("onSignInCodeRequired", state: state)
        case .passwordRequired(let state): .callback("onSignInPasswordRequired", state: state)
        case .awaitingMFA(_, let state): .callback("onSignInAwaitingMFA", state: state)
        case .strongAuthMethodRegistration(_, let state): .callback("onSignInStrongAuthMethodRegistration", state: state)
        case .completed: .callback("onSignInCompleted")
        case .error(let error): .error("onSignInStartError", error)
        }
    }

    @MainActor func dispatch(to delegate: any SignInStartDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignInCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .passwordRequired(let state): delegate.onSignInPasswordRequired(newState: state)
        case .awaitingMFA(let methods, let state): delegate.onSignInAwaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state):
            delegate.onSignInStrongAuthMethodRegistration(authMethods: methods, newState: state)
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .error(let error):
            delegate.onSignInStartError(error: error)
            return outcome
        }
        guard let missing = DelegateFallback.take() else { return outcome }
        let error = SignInStartError(type: .generalError, message: DelegateFallback.message(missing),
                                     correlationId: correlationId)
        delegate.onSignInStartError(error: error)
        return .error("onSignInStartError", error)
    }
}

/// What `SignInCodeRequiredState.resendCode` ended in.
public enum SignInResendCodeResult: OutcomeConvertible {
    /// A new code was sent.
    case codeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
                      codeLength: Int)
    /// Failed.
    case error(ResendCodeError, newState: SignInCodeRequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .codeRequired(let state, _, _, _): .callback("onSignInResendCodeCodeRequired", state: state)
        case .error(let error, let state): .error("onSignInResendCodeError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any SignInResendCodeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignInResendCodeCodeRequired(
                newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
            guard let missing = DelegateFallback.take() else { return outcome }
            let error = ResendCodeError(type: .generalError, message: DelegateFallback.message(missing),
                                        correlationId: correlationId)
            delegate.onSignInResendCodeError(error: error, newState: nil)
            return .error("onSignInResendCodeError", error)
        case .error(let error, let state):
            delegate.onSignInResendCodeError(error: error, newState: state)
            return outcome
        }
    }
}
