import Foundation

/// Results of `resetPassword(parameters:delegate:)`.
@MainActor
public protocol ResetPasswordStartDelegate: AnyObject {
    /// Start failed.
    func onResetPasswordStartError(error: ResetPasswordStartError)
    /// A code was sent.
    func onResetPasswordCodeRequired(
        newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
        codeLength: Int)
}

extension ResetPasswordStartDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onResetPasswordCodeRequired(
        newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
        codeLength: Int
    ) { DelegateFallback.note("onResetPasswordCodeRequired") }
}

/// Results of `ResetPasswordCodeRequiredState.submitCode`.
@MainActor
public protocol ResetPasswordVerifyCodeDelegate: AnyObject {
    /// Submitting the code failed.
    func onResetPasswordVerifyCodeError(error: VerifyCodeError, newState: ResetPasswordCodeRequiredState?)
    /// The code was accepted: ask for the new password.
    func onPasswordRequired(newState: ResetPasswordRequiredState)
}

extension ResetPasswordVerifyCodeDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onPasswordRequired(newState: ResetPasswordRequiredState) {
        DelegateFallback.note("onPasswordRequired")
    }
}

/// Results of `ResetPasswordCodeRequiredState.resendCode`.
@MainActor
public protocol ResetPasswordResendCodeDelegate: AnyObject {
    /// Resending failed (never with a state).
    func onResetPasswordResendCodeError(error: ResendCodeError, newState: ResetPasswordCodeRequiredState?)
    /// A new code was sent.
    func onResetPasswordResendCodeRequired(
        newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
        codeLength: Int)
}

extension ResetPasswordResendCodeDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onResetPasswordResendCodeRequired(
        newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
        codeLength: Int
    ) { DelegateFallback.note("onResetPasswordResendCodeRequired") }
}

/// Results of `ResetPasswordRequiredState.submitPassword`.
@MainActor
public protocol ResetPasswordRequiredDelegate: AnyObject {
    /// Submitting the new password failed.
    func onResetPasswordRequiredError(error: PasswordRequiredError, newState: ResetPasswordRequiredState?)
    /// The password was changed.
    func onResetPasswordCompleted(newState: SignInAfterResetPasswordState)
}

extension ResetPasswordRequiredDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onResetPasswordCompleted(newState: SignInAfterResetPasswordState) {
        DelegateFallback.note("onResetPasswordCompleted")
    }
}
