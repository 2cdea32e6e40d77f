extension Step {
    /// The first step of a public MSAL call, from the method name and the class of the state it is
    /// called on (nil for the application's own `signUp` / `signIn` / `resetPassword` and for
    /// `getAccessToken`). `passwordSupplied` matters only for `signIn`. Nil for unknown pairs.
    ///
    /// Example: `Step.first(of: "submitCode", on: "SignInCodeRequiredState")` is `.signInSubmitCode`.
    public static func first(of method: String, on state: String?, passwordSupplied: Bool = false) -> Step? {
        if method == "signIn", state == nil {
            return passwordSupplied ? .signInInitiateWithPassword : .signInInitiate
        }
        return firstSteps[ActionKey(method: method, state: state)]
    }

    private struct ActionKey: Hashable {
        var method: String
        var state: String?
    }

    /// client-behaviour.md §1.1 and §2: each public method and the state class it lives on.
    private static let firstSteps: [ActionKey: Step] = [
        ActionKey(method: "signUp", state: nil): .signUpStart,
        ActionKey(method: "resetPassword", state: nil): .resetPasswordStart,
        ActionKey(method: "getAccessToken", state: nil): .getAccessToken,
        ActionKey(method: "submitCode", state: "SignUpCodeRequiredState"): .signUpSubmitCode,
        ActionKey(method: "resendCode", state: "SignUpCodeRequiredState"): .signUpResendCode,
        ActionKey(method: "submitPassword", state: "SignUpPasswordRequiredState"): .signUpSubmitPassword,
        ActionKey(method: "submitAttributes", state: "SignUpAttributesRequiredState"): .signUpSubmitAttributes,
        ActionKey(method: "signIn", state: "SignInAfterSignUpState"): .signInAfterSignUp,
        ActionKey(method: "submitCode", state: "SignInCodeRequiredState"): .signInSubmitCode,
        ActionKey(method: "resendCode", state: "SignInCodeRequiredState"): .signInResendCode,
        ActionKey(method: "submitPassword", state: "SignInPasswordRequiredState"): .signInSubmitPassword,
        ActionKey(method: "submitCode", state: "ResetPasswordCodeRequiredState"): .resetPasswordSubmitCode,
        ActionKey(method: "resendCode", state: "ResetPasswordCodeRequiredState"): .resetPasswordResendCode,
        ActionKey(method: "submitPassword", state: "ResetPasswordRequiredState"): .resetPasswordSubmit,
        ActionKey(method: "signIn", state: "SignInAfterResetPasswordState"): .signInAfterResetPassword,
        ActionKey(method: "requestChallenge", state: "AwaitingMFAState"): .mfaRequestChallenge,
        ActionKey(method: "requestChallenge", state: "MFARequiredState"): .mfaRequestChallenge,
        ActionKey(method: "submitChallenge", state: "MFARequiredState"): .mfaSubmitChallenge,
        ActionKey(method: "challengeAuthMethod", state: "RegisterStrongAuthState"): .registerChallenge,
        ActionKey(method: "challengeAuthMethod", state: "RegisterStrongAuthVerificationRequiredState"): .registerChallenge,
        ActionKey(method: "submitChallenge", state: "RegisterStrongAuthVerificationRequiredState"): .registerSubmitChallenge,
    ]
}
