import Foundation

/// What `resetPassword` ended in.
public enum ResetPasswordStartResult: OutcomeConvertible {
    /// A code was sent.
    case codeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int)
    /// Failed.
    case error(ResetPasswordStartError)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .codeRequired(let state, _, _, _): .callback("onResetPasswordCodeRequired", state: state)
        case .error(let error): .error("onResetPasswordStartError", error)
        }
    }

    @MainActor func dispatch(to delegate: any ResetPasswordStartDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onResetPasswordCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
            guard let missing = DelegateFallback.take() else { return outcome }
            let error = ResetPasswordStartError(type: .generalError, message: DelegateFallback.message(missing), correlationId: correlationId)
            delegate.onResetPasswordStartError(error: error)
            return .error("onResetPasswordStartError", error)
        case .error(let error):
            delegate.onResetPasswordStartError(error: error)
            return outcome
        }
    }
}

/// What `ResetPasswordCodeRequiredState.submitCode` ended in.
public enum ResetPasswordVerifyCodeResult: OutcomeConvertible {
    /// The code was accepted.
    case passwordRequired(newState: ResetPasswordRequiredState)
    /// Failed.
    case error(VerifyCodeError, newState: ResetPasswordCodeRequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .passwordRequired(let state): .callback("onPasswordRequired", state: state)
        case .error(let error, let state): .error("onResetPasswordVerifyCodeError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any ResetPasswordVerifyCodeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .passwordRequired(let state):
            delegate.onPasswordRequired(newState: state)
            guard let missing = DelegateFallback.take() else { return outcome }
            let error = VerifyCodeError(type: .generalError, message: DelegateFallback.message(missing), correlationId: correlationId)
            delegate.onResetPasswordVerifyCodeError(error: error, newState: nil)
            return .error("onResetPasswordVerifyCodeError", error)
        case .error(let error, let state):
            delegate.onResetPasswordVerifyCodeError(error: error, newState: state)
            return outcome
        }
    }
}

/// What `ResetPasswordCodeRequiredState.resendCode` ended in.
public enum ResetPasswordResendCodeResult: OutcomeConvertible {
    /// A new code was sent.
    case codeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int)
    /// Failed.
    case error(ResendCodeError, newState: ResetPasswordCodeRequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .codeRequired(let state, _, _, _): .callback("onResetPasswordResendCodeRequired", state: state)
        case .error(let error, let state): .error("onResetPasswordResendCodeError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any ResetPasswordResendCodeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onResetPasswordResendCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
            guard let missing = DelegateFallback.take() else { return outcome }
            let error = ResendCodeError(type: .generalError, message: DelegateFallback.message(missing), correlationId: correlationId)
            delegate.onResetPasswordResendCodeError(error: error, newState: nil)
            return .error("onResetPasswordResendCodeError", error)
        case .error(let error, let state):
            delegate.onResetPasswordResendCodeError(error: error, newState: state)
            return outcome
        }
    }
}

/// What `ResetPasswordRequiredState.submitPassword` ended in.
public enum ResetPasswordRequiredResult: OutcomeConvertible {
    /// The password was changed.
    case completed(newState: SignInAfterResetPasswordState)
    /// Failed.
    case error(PasswordRequiredError, newState: ResetPasswordRequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .completed(let state): .callback("onResetPasswordCompleted", state: state)
        case .error(let error, let state): .error("onResetPasswordRequiredError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any ResetPasswordRequiredDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .completed(let state):
            delegate.onResetPasswordCompleted(newState: state)
            guard let missing = DelegateFallback.take() else { return outcome }
            let error = PasswordRequiredError(type: .generalError, message: DelegateFallback.message(missing), correlationId: correlationId)
            delegate.onResetPasswordRequiredError(error: error, newState: nil)
            return .error("onResetPasswordRequiredError", error)
        case .error(let error, let state):
            delegate.onResetPasswordRequiredError(error: error, newState: state)
            return outcome
        }
    }
}
