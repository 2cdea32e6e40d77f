import Foundation

/// MSAL's namespace, so that qualified names in app code (`MSAL.SignUpStartError`) resolve.
public enum MSAL {
    public typealias MSALNativeAuthPublicClientApplication = NativeAuth.MSALNativeAuthPublicClientApplication
    public typealias MSALNativeAuthChannelType = NativeAuth.MSALNativeAuthChannelType
    public typealias MSALNativeAuthRequiredAttribute = NativeAuth.MSALNativeAuthRequiredAttribute
    public typealias MSALNativeAuthUserAccountResult = NativeAuth.MSALNativeAuthUserAccountResult
    public typealias MSALNativeAuthTokenResult = NativeAuth.MSALNativeAuthTokenResult
    public typealias MSALAuthMethod = NativeAuth.MSALAuthMethod
    public typealias MSALAccount = NativeAuth.MSALAccount
    public typealias MSALResult = NativeAuth.MSALResult

    public typealias SignUpStartError = NativeAuth.SignUpStartError
    public typealias SignInStartError = NativeAuth.SignInStartError
    public typealias ResetPasswordStartError = NativeAuth.ResetPasswordStartError
    public typealias VerifyCodeError = NativeAuth.VerifyCodeError
    public typealias PasswordRequiredError = NativeAuth.PasswordRequiredError
    public typealias AttributesRequiredError = NativeAuth.AttributesRequiredError
    public typealias ResendCodeError = NativeAuth.ResendCodeError
    public typealias SignInAfterSignUpError = NativeAuth.SignInAfterSignUpError
    public typealias SignInAfterResetPasswordError = NativeAuth.SignInAfterResetPasswordError
    public typealias RetrieveAccessTokenError = NativeAuth.RetrieveAccessTokenError
    public typealias MFARequestChallengeError = NativeAuth.MFARequestChallengeError
    public typealias MFASubmitChallengeError = NativeAuth.MFASubmitChallengeError
    public typealias RegisterStrongAuthChallengeError = NativeAuth.RegisterStrongAuthChallengeError
    public typealias RegisterStrongAuthSubmitChallengeError = NativeAuth.RegisterStrongAuthSubmitChallengeError

    public typealias SignUpCodeRequiredState = NativeAuth.SignUpCodeRequiredState
    public typealias SignUpPasswordRequiredState = NativeAuth.SignUpPasswordRequiredState
    public typealias SignUpAttributesRequiredState = NativeAuth.SignUpAttributesRequiredState
    public typealias SignInAfterSignUpState = NativeAuth.SignInAfterSignUpState
    public typealias SignInCodeRequiredState = NativeAuth.SignInCodeRequiredState
    public typealias SignInPasswordRequiredState = NativeAuth.SignInPasswordRequiredState
    public typealias ResetPasswordCodeRequiredState = NativeAuth.ResetPasswordCodeRequiredState
    public typealias ResetPasswordRequiredState = NativeAuth.ResetPasswordRequiredState
    public typealias SignInAfterResetPasswordState = NativeAuth.SignInAfterResetPasswordState
    public typealias AwaitingMFAState = NativeAuth.AwaitingMFAState
    public typealias MFARequiredState = NativeAuth.MFARequiredState
    public typealias RegisterStrongAuthState = NativeAuth.RegisterStrongAuthState
    public typealias RegisterStrongAuthVerificationRequiredState = NativeAuth.RegisterStrongAuthVerificationRequiredState
}
