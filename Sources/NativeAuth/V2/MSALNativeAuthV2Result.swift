import Foundation

/// What one V2 user action ended in: the async API's return value and what the delegate layer dispatches.
public enum MSALNativeAuthV2Result: Sendable {
    /// Tokens were received and cached.
    case completed(MSALNativeAuthUserAccountResult)
    /// A code was sent (first factor by email or SMS).
    case codeRequired(MSALNativeAuthCodeRequiredState)
    /// The password of the selected method is needed.
    case passwordRequired(MSALNativeAuthPasswordRequiredState)
    /// Several methods are offered (first factor), or a second factor must be chosen (MFA).
    case authMethodSelectionRequired(MSALNativeAuthAuthMethodSelectionRequiredState)
    /// A second-factor code was sent.
    case mfaVerificationRequired(MSALNativeAuthMFAVerificationRequiredState)
    /// Sign-up: more attributes are needed.
    case attributesRequired(MSALNativeAuthAttributesRequiredState)
    /// Sign-up finished; the app signs in from this state.
    case signInAfterSignUpRequired(MSALNativeAuthSignInAfterSignUpState)
    /// Password reset: the new password is needed.
    case newPasswordRequired(MSALNativeAuthNewPasswordRequiredState)
    /// Password reset finished; the app signs in from this state.
    case signInAfterResetPasswordRequired(MSALNativeAuthSignInAfterResetPasswordState)
    /// The flow failed; no new state is handed over (states are reused to retry).
    case error(MSALNativeAuthFlowError)

    /// The delegate callback, error and state this result stands for.
    public var outcome: Outcome {
        switch self {
        case .completed: Outcome(callback: "onFlowCompleted")
        case .codeRequired(let state): Self.outcome("onCodeRequired", state)
        case .passwordRequired(let state): Self.outcome("onPasswordRequired", state)
        case .authMethodSelectionRequired(let state): Self.outcome("onAuthMethodSelectionRequired", state)
        case .mfaVerificationRequired(let state): Self.outcome("onMFAVerificationRequired", state)
        case .attributesRequired(let state): Self.outcome("onAttributesRequired", state)
        case .signInAfterSignUpRequired(let state): Self.outcome("onSignInAfterSignUpRequired", state)
        case .newPasswordRequired(let state): Self.outcome("onNewPasswordRequired", state)
        case .signInAfterResetPasswordRequired(let state): Self.outcome("onSignInAfterResetPasswordRequired", state)
        case .error(let error): Outcome(callback: "onFlowError", error: error.outcomeName)
        }
    }

    /// The error, if this is one.
    public var error: MSALNativeAuthFlowError? {
        if case .error(let error) = self { return error }
        return nil
    }

    private static func outcome(_ callback: String, _ state: MSALNativeAuthState) -> Outcome {
        Outcome(callback: callback, newState: TypeNames.name(of: type(of: state)), newStateToken: state.continuationToken)
    }
}
