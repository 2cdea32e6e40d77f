import Foundation

/// Results of `signUp(parameters:delegate:)`.
@MainActor
public protocol SignUpStartDelegate: AnyObject {
    /// Start failed.
    func onSignUpStartError(error: SignUpStartError)
    /// A code was sent.
    func onSignUpCodeRequired(
        newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int)
    /// The attributes sent at start were rejected (the flow ends).
    func onSignUpAttributesInvalid(attributeNames: [String])
}

extension SignUpStartDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onSignUpCodeRequired(
        newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int
    ) { DelegateFallback.note("onSignUpCodeRequired") }
    /// Default: reports "not implemented" (§3.1).
    public func onSignUpAttributesInvalid(attributeNames: [String]) {
        DelegateFallback.note("onSignUpAttributesInvalid")
    }
}

/// Results of `SignUpCodeRequiredState.submitCode`.
@MainActor
public protocol SignUpVerifyCodeDelegate: SignUpCompletedCallbacks {
    /// Submitting the code failed.
    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?)
    /// A password is needed next.
    func onSignUpPasswordRequired(newState: SignUpPasswordRequiredState)
}

extension SignUpVerifyCodeDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onSignUpPasswordRequired(newState: SignUpPasswordRequiredState) {
        DelegateFallback.note("onSignUpPasswordRequired")
    }
}

/// Results of `SignUpCodeRequiredState.resendCode`.
@MainActor
public protocol SignUpResendCodeDelegate: AnyObject {
    /// Resending failed.
    func onSignUpResendCodeError(error: ResendCodeError, newState: SignUpCodeRequiredState?)
    /// A new code was sent.
    func onSignUpResendCodeCodeRequired(
        newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int)
}

extension SignUpResendCodeDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onSignUpResendCodeCodeRequired(
        newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int
    ) { DelegateFallback.note("onSignUpResendCodeCodeRequired") }
}

/// Results of `SignUpPasswordRequiredState.submitPassword`.
@MainActor
public protocol SignUpPasswordRequiredDelegate: SignUpCompletedCallbacks {
    /// Submitting the password failed.
    func onSignUpPasswordRequiredError(error: PasswordRequiredError, newState: SignUpPasswordRequiredState?)
}

/// Results of `SignUpAttributesRequiredState.submitAttributes`.
@MainActor
public protocol SignUpAttributesRequiredDelegate: SignUpCompletedCallbacks {
    /// Submitting the attributes failed (no state is handed back).
    func onSignUpAttributesRequiredError(error: AttributesRequiredError)
    /// Some attributes were rejected; `newState` keeps the old token.
    func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState)
}

extension SignUpAttributesRequiredDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState) {
        DelegateFallback.note("onSignUpAttributesInvalid")
    }
}
