import Foundation

/// Results of `signIn(parameters:delegate:)`.
@MainActor
public protocol SignInStartDelegate: SignInNextStepCallbacks {
    /// Start failed.
    func onSignInStartError(error: SignInStartError)
    /// A code was sent (a supplied password is ignored).
    func onSignInCodeRequired(
        newState: SignInCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int)
    /// A password is needed (none was supplied).
    func onSignInPasswordRequired(newState: SignInPasswordRequiredState)
}

extension SignInStartDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onSignInCodeRequired(
        newState: SignInCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int
    ) { DelegateFallback.note("onSignInCodeRequired") }
    /// Default: reports "not implemented" (§3.1).
    public func onSignInPasswordRequired(newState: SignInPasswordRequiredState) {
        DelegateFallback.note("onSignInPasswordRequired")
    }
}

/// Results of `SignInPasswordRequiredState.submitPassword`.
@MainActor
public protocol SignInPasswordRequiredDelegate: SignInNextStepCallbacks {
    /// Submitting the password failed.
    func onSignInPasswordRequiredError(error: PasswordRequiredError, newState: SignInPasswordRequiredState?)
}

/// Results of `SignInCodeRequiredState.resendCode`.
@MainActor
public protocol SignInResendCodeDelegate: AnyObject {
    /// Resending failed.
    func onSignInResendCodeError(error: ResendCodeError, newState: SignInCodeRequiredState?)
    /// A new code was sent.
    func onSignInResendCodeCodeRequired(
        newState: SignInCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int)
}

extension SignInResendCodeDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onSignInResendCodeCodeRequired(
        newState: SignInCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int
    ) { DelegateFallback.note("onSignInResendCodeCodeRequired") }
}

/// Results of `SignInCodeRequiredState.submitCode`.
@MainActor
public protocol SignInVerifyCodeDelegate: SignInNextStepCallbacks {
    /// Submitting the code failed.
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?)
}

/// Results of `SignInAfterSignUpState.signIn`.
@MainActor
public protocol SignInAfterSignUpDelegate: SignInNextStepCallbacks {
    /// The sign-in failed.
    func onSignInAfterSignUpError(error: SignInAfterSignUpError)
}

/// Results of `SignInAfterResetPasswordState.signIn`.
@MainActor
public protocol SignInAfterResetPasswordDelegate: SignInNextStepCallbacks {
    /// The sign-in failed.
    func onSignInAfterResetPasswordError(error: SignInAfterResetPasswordError)
}
