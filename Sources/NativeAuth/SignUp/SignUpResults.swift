import Foundation

/// What `signUp` ended in.
public enum SignUpStartResult: OutcomeConvertible {
    /// A code was sent.
    case codeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
                      codeLength: Int)
    /// Attributes sent at start were rejected; the flow ends.
    case attributesInvalid(attributeNames: [String])
    /// Start failed.
    case error(SignUpStartError)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .codeRequired(let state, _, _, _): .callback("onSignUpCodeRequired", state: state)
        case .attributesInvalid: .callback("onSignUpAttributesInvalid")
        case .error(let error): .error("onSignUpStartError", error)
        }
    }

    @MainActor func dispatch(to delegate: any SignUpStartDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignUpCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .attributesInvalid(let names):
            delegate.onSignUpAttributesInvalid(attributeNames: names)
        case .error(let error):
            delegate.onSignUpStartError(error: error)
            return outcome
        }
        guard let missing = DelegateFallback.take() else { return outcome }
        let error = SignUpStartError(type: .generalError, message: DelegateFallback.message(missing),
                                     correlationId: correlationId)
        delegate.onSignUpStartError(error: error)
        return .error("onSignUpStartError", error)
    }
}

/// What `SignUpCodeRequiredState.submitCode` ended in.
public enum SignUpVerifyCodeResult: OutcomeConvertible {
    /// Attributes are needed.
    case attributesRequired(attributes: [MSALNativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// A password is needed.
    case passwordRequired(newState: SignUpPasswordRequiredState)
    /// The account was created.
    case completed(newState: SignInAfterSignUpState)
    /// Failed; `newState` is the state to retry with, if any.
    case error(VerifyCodeError, newState: SignUpCodeRequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .attributesRequired(_, let state): .callback("onSignUpAttributesRequired", state: state)
        case .passwordRequired(let state): .callback("onSignUpPasswordRequired", state: state)
        case .completed(let state): .callback("onSignUpCompleted", state: state)
        case .error(let error, let state): .error("onSignUpVerifyCodeError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any SignUpVerifyCodeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .attributesRequired(let attributes, let state):
            delegate.onSignUpAttributesRequired(attributes: attributes, newState: state)
        case .passwordRequired(let state):
            delegate.onSignUpPasswordRequired(newState: state)
        case .completed(let state):
            delegate.onSignUpCompleted(newState: state)
        case .error(let error, let state):
            delegate.onSignUpVerifyCodeError(error: error, newState: state)
            return outcome
        }
        guard let missing = DelegateFallback.take() else { return outcome }
        let error = VerifyCodeError(type: .generalError, message: DelegateFallback.message(missing),
                                    correlationId: correlationId)
        delegate.onSignUpVerifyCodeError(error: error, newState: nil)
        return .error("onSignUpVerifyCodeError", error)
    }
}

/// What `SignUpCodeRequiredState.resendCode` ended in.
public enum SignUpResendCodeResult: OutcomeConvertible {
    /// A new code was sent.
    case codeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
                      codeLength: Int)
    /// Failed.
    case error(ResendCodeError, newState: SignUpCodeRequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .codeRequired(let state, _, _, _): .callback("onSignUpResendCodeCodeRequired", state: state)
        case .error(let error, let state): .error("onSignUpResendCodeError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any SignUpResendCodeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignUpResendCodeCodeRequired(
                newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
            guard let missing = DelegateFallback.take() else { return outcome }
            let error = ResendCodeError(type: .generalError, message: DelegateFallback.message(missing),
                                        correlationId: correlationId)
            delegate.onSignUpResendCodeError(error: error, newState: nil)
            return .error("onSignUpResendCodeError", error)
        case .error(let error, let state):
            delegate.onSignUpResendCodeError(error: error, newState: state)
            return outcome
        }
    }
}

/// What `SignUpPasswordRequiredState.submitPassword` ended in.
public enum SignUpPasswordRequiredResult: OutcomeConvertible {
    /// Attributes are needed.
    case attributesRequired(attributes: [MSALNativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The account was created.
    case completed(newState: SignInAfterSignUpState)
    /// Failed.
    case error(PasswordRequiredError, newState: SignUpPasswordRequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .attributesRequired(_, let state): .callback("onSignUpAttributesRequired", state: state)
        case .completed(let state): .callback("onSignUpCompleted", state: state)
        case .error(let error, let state): .error("onSignUpPasswordRequiredError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any SignUpPasswordRequiredDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .attributesRequired(let attributes, let state):
            delegate.onSignUpAttributesRequired(attributes: attributes, newState: state)
        case .completed(let state):
            delegate.onSignUpCompleted(newState: state)
        case .error(let error, let state):
            delegate.onSignUpPasswordRequiredError(error: error, newState: state)
            return outcome
        }
        guard let missing = DelegateFallback.take() else { return outcome }
        let error = PasswordRequiredError(type: .generalError, message: DelegateFallback.message(missing),
                                          correlationId: correlationId)
        delegate.onSignUpPasswordRequiredError(error: error, newState: nil)
        return .error("onSignUpPasswordRequiredError", error)
    }
}

/// What `SignUpAttributesRequiredState.submitAttributes` ended in.
public enum SignUpAttributesRequiredResult: OutcomeConvertible {
    /// More attributes are needed (new token).
    case attributesRequired(attributes: [MSALNativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// Some attributes were rejected (same token).
    case attributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState)
    /// The account was created.
    case completed(newState: SignInAfterSignUpState)
    /// Failed (no state is handed back).
    case error(AttributesRequiredError)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .attributesRequired(_, let state): .callback("onSignUpAttributesRequired", state: state)
        case .attributesInvalid(_, let state): .callback("onSignUpAttributesInvalid", state: state)
        case .completed(let state): .callback("onSignUpCompleted", state: state)
        case .error(let error): .error("onSignUpAttributesRequiredError", error)
        }
    }

    @MainActor func dispatch(to delegate: any SignUpAttributesRequiredDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .attributesRequired(let attributes, let state):
            delegate.onSignUpAttributesRequired(attributes: attributes, newState: state)
        case .attributesInvalid(let names, let state):
            delegate.onSignUpAttributesInvalid(attributeNames: names, newState: state)
        case .completed(let state):
            delegate.onSignUpCompleted(newState: state)
        case .error(let error):
            delegate.onSignUpAttributesRequiredError(error: error)
            return outcome
        }
        guard let missing = DelegateFallback.take() else { return outcome }
        let error = AttributesRequiredError(type: .generalError, message: DelegateFallback.message(missing),
                                            correlationId: correlationId)
        delegate.onSignUpAttributesRequiredError(error: error)
        return .error("onSignUpAttributesRequiredError", error)
    }
}
