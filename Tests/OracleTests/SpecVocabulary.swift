@testable import Oracle

/// Vocabulary copied by hand from client-behaviour.md §2–§4, used to check the table's rows
/// independently of how they were built.
enum SpecVocabulary {
    /// §4: the internal type cases of each public error class.
    static let errorTypes: [String: Set<String>] = [
        "SignUpStartError": ["browserRequired", "userAlreadyExists", "invalidPassword", "invalidUsername", "generalError"],
        "SignInStartError": ["browserRequired", "userNotFound", "invalidCredentials", "invalidUsername", "generalError"],
        "ResetPasswordStartError": ["browserRequired", "userDoesNotHavePassword", "userNotFound", "invalidUsername", "generalError"],
        "VerifyCodeError": ["browserRequired", "invalidCode", "generalError"],
        "PasswordRequiredError": ["browserRequired", "invalidPassword", "generalError"],
        "AttributesRequiredError": ["browserRequired", "generalError"],
        "ResendCodeError": ["browserRequired", "generalError"],
        "SignInAfterSignUpError": ["browserRequired", "generalError"],
        "SignInAfterResetPasswordError": ["browserRequired", "generalError"],
        "RetrieveAccessTokenError": ["browserRequired", "refreshTokenExpired", "generalError", "invalidScope"],
        "MFARequestChallengeError": ["authMethodBlocked", "browserRequired", "generalError"],
        "MFASubmitChallengeError": ["invalidChallenge", "browserRequired", "generalError"],
        "RegisterStrongAuthChallengeError": ["browserRequired", "invalidInput", "verificationContactBlocked", "generalError"],
        "RegisterStrongAuthSubmitChallengeError": ["browserRequired", "invalidChallenge", "generalError"],
    ]

    /// §3.2: each required error callback, its error class and the state class its newState may hold.
    static let errorCallbacks: [String: (errorClass: String, state: String?)] = [
        "onSignUpStartError": ("SignUpStartError", nil),
        "onSignUpVerifyCodeError": ("VerifyCodeError", "SignUpCodeRequiredState"),
        "onSignUpResendCodeError": ("ResendCodeError", "SignUpCodeRequiredState"),
        "onSignUpPasswordRequiredError": ("PasswordRequiredError", "SignUpPasswordRequiredState"),
        "onSignUpAttributesRequiredError": ("AttributesRequiredError", nil),
        "onSignInStartError": ("SignInStartError", nil),
        "onSignInPasswordRequiredError": ("PasswordRequiredError", "SignInPasswordRequiredState"),
        "onSignInResendCodeError": ("ResendCodeError", "SignInCodeRequiredState"),
        "onSignInVerifyCodeError": ("VerifyCodeError", "SignInCodeRequiredState"),
        "onSignInAfterSignUpError": ("SignInAfterSignUpError", nil),
        "onSignInAfterResetPasswordError": ("SignInAfterResetPasswordError", nil),
        "onResetPasswordStartError": ("ResetPasswordStartError", nil),
        "onResetPasswordVerifyCodeError": ("VerifyCodeError", "ResetPasswordCodeRequiredState"),
        "onResetPasswordResendCodeError": ("ResendCodeError", "ResetPasswordCodeRequiredState"),
        "onResetPasswordRequiredError": ("PasswordRequiredError", "ResetPasswordRequiredState"),
        "onMFARequestChallengeError": ("MFARequestChallengeError", "MFARequiredState"),
        "onMFASubmitChallengeError": ("MFASubmitChallengeError", "MFARequiredState"),
        "onRegisterStrongAuthChallengeError": ("RegisterStrongAuthChallengeError", "RegisterStrongAuthState"),
        "onRegisterStrongAuthSubmitChallengeError":
            ("RegisterStrongAuthSubmitChallengeError", "RegisterStrongAuthVerificationRequiredState"),
        "onAccessTokenRetrieveError": ("RetrieveAccessTokenError", nil),
    ]

    /// §3.2: the optional (non-error) callbacks and the state class they hand over (nil = none).
    static let successCallbacks: [String: Set<String?>] = [
        "onSignUpCodeRequired": ["SignUpCodeRequiredState"],
        "onSignUpAttributesInvalid": [nil, "SignUpAttributesRequiredState"],
        "onSignUpAttributesRequired": ["SignUpAttributesRequiredState"],
        "onSignUpPasswordRequired": ["SignUpPasswordRequiredState"],
        "onSignUpCompleted": ["SignInAfterSignUpState"],
        "onSignUpResendCodeCodeRequired": ["SignUpCodeRequiredState"],
        "onSignInCodeRequired": ["SignInCodeRequiredState"],
        "onSignInPasswordRequired": ["SignInPasswordRequiredState"],
        "onSignInStrongAuthMethodRegistration": ["RegisterStrongAuthState"],
        "onSignInAwaitingMFA": ["AwaitingMFAState"],
        "onSignInCompleted": [nil],
        "onSignInResendCodeCodeRequired": ["SignInCodeRequiredState"],
        "onResetPasswordCodeRequired": ["ResetPasswordCodeRequiredState"],
        "onPasswordRequired": ["ResetPasswordRequiredState"],
        "onResetPasswordResendCodeRequired": ["ResetPasswordCodeRequiredState"],
        "onResetPasswordCompleted": ["SignInAfterResetPasswordState"],
        "onMFARequestChallengeVerificationRequired": ["MFARequiredState"],
        "onRegisterStrongAuthVerificationRequired": ["RegisterStrongAuthVerificationRequiredState"],
        "onAccessTokenRetrieveCompleted": [nil],
    ]

    /// §3.2: the methods of each delegate protocol.
    static let delegates: [String: Set<String>] = [
        "SignUpStartDelegate": ["onSignUpStartError", "onSignUpCodeRequired", "onSignUpAttributesInvalid"],
        "SignUpVerifyCodeDelegate":
            ["onSignUpVerifyCodeError", "onSignUpAttributesRequired", "onSignUpPasswordRequired", "onSignUpCompleted"],
        "SignUpResendCodeDelegate": ["onSignUpResendCodeError", "onSignUpResendCodeCodeRequired"],
        "SignUpPasswordRequiredDelegate": ["onSignUpPasswordRequiredError", "onSignUpAttributesRequired", "onSignUpCompleted"],
        "SignUpAttributesRequiredDelegate":
            ["onSignUpAttributesRequiredError", "onSignUpAttributesRequired", "onSignUpAttributesInvalid", "onSignUpCompleted"],
        "SignInStartDelegate": [
            "onSignInStartError", "onSignInCodeRequired", "onSignInPasswordRequired",
            "onSignInStrongAuthMethodRegistration", "onSignInAwaitingMFA", "onSignInCompleted",
        ],
        "SignInPasswordRequiredDelegate":
            ["onSignInPasswordRequiredError", "onSignInAwaitingMFA", "onSignInStrongAuthMethodRegistration", "onSignInCompleted"],
        "SignInResendCodeDelegate": ["onSignInResendCodeError", "onSignInResendCodeCodeRequired"],
        "SignInVerifyCodeDelegate":
            ["onSignInVerifyCodeError", "onSignInAwaitingMFA", "onSignInStrongAuthMethodRegistration", "onSignInCompleted"],
        "SignInAfterSignUpDelegate":
            ["onSignInAfterSignUpError", "onSignInStrongAuthMethodRegistration", "onSignInAwaitingMFA", "onSignInCompleted"],
        "SignInAfterResetPasswordDelegate": [
            "onSignInAfterResetPasswordError", "onSignInStrongAuthMethodRegistration", "onSignInAwaitingMFA",
            "onSignInCompleted",
        ],
        "ResetPasswordStartDelegate": ["onResetPasswordStartError", "onResetPasswordCodeRequired"],
        "ResetPasswordVerifyCodeDelegate": ["onResetPasswordVerifyCodeError", "onPasswordRequired"],
        "ResetPasswordResendCodeDelegate": ["onResetPasswordResendCodeError", "onResetPasswordResendCodeRequired"],
        "ResetPasswordRequiredDelegate": ["onResetPasswordRequiredError", "onResetPasswordCompleted"],
        "MFARequestChallengeDelegate": [
            "onMFARequestChallengeError", "onMFARequestChallengeVerificationRequired",
            "onMFARequestChallengeSelectionRequired",
        ],
        "MFASubmitChallengeDelegate": ["onMFASubmitChallengeError", "onSignInCompleted"],
        "RegisterStrongAuthChallengeDelegate":
            ["onRegisterStrongAuthChallengeError", "onRegisterStrongAuthVerificationRequired", "onSignInCompleted"],
        "RegisterStrongAuthSubmitChallengeDelegate": ["onRegisterStrongAuthSubmitChallengeError", "onSignInCompleted"],
        "CredentialsDelegate": ["onAccessTokenRetrieveError", "onAccessTokenRetrieveCompleted"],
    ]

    /// Which delegate a step reports to (§2 state methods, §5 table headings).
    static func delegate(of step: Step) -> String {
        switch step {
        case .signUpStart, .signUpStartChallenge: "SignUpStartDelegate"
        case .signUpSubmitCode, .signUpCredentialChallenge: "SignUpVerifyCodeDelegate"
        case .signUpResendCode: "SignUpResendCodeDelegate"
        case .signUpSubmitPassword: "SignUpPasswordRequiredDelegate"
        case .signUpSubmitAttributes: "SignUpAttributesRequiredDelegate"
        case .signInInitiate, .signInInitiateWithPassword, .signInChallenge, .signInChallengeWithPassword,
            .signInPasswordToken:
            "SignInStartDelegate"
        case .signInSubmitPassword: "SignInPasswordRequiredDelegate"
        case .signInSubmitCode: "SignInVerifyCodeDelegate"
        case .signInResendCode: "SignInResendCodeDelegate"
        case .signInAfterSignUp: "SignInAfterSignUpDelegate"
        case .signInAfterResetPassword: "SignInAfterResetPasswordDelegate"
        case .mfaIntrospect(let context), .registerIntrospect(let context):
            switch context {
            case .signInPassword: "SignInStartDelegate"
            case .signInSubmitPassword: "SignInPasswordRequiredDelegate"
            case .signInSubmitCode: "SignInVerifyCodeDelegate"
            case .signInAfterSignUp: "SignInAfterSignUpDelegate"
            case .signInAfterResetPassword: "SignInAfterResetPasswordDelegate"
            case .mfaSubmitChallenge: "MFASubmitChallengeDelegate"
            case .registerSubmitToken: "RegisterStrongAuthSubmitChallengeDelegate"
            case .registerPreverifiedToken: "RegisterStrongAuthChallengeDelegate"
            }
        case .mfaRequestChallenge: "MFARequestChallengeDelegate"
        case .mfaSubmitChallenge: "MFASubmitChallengeDelegate"
        case .registerChallenge, .registerPreverifiedContinue, .registerPreverifiedToken:
            "RegisterStrongAuthChallengeDelegate"
        case .registerSubmitChallenge, .registerSubmitToken: "RegisterStrongAuthSubmitChallengeDelegate"
        case .resetPasswordStart, .resetPasswordStartChallenge: "ResetPasswordStartDelegate"
        case .resetPasswordResendCode: "ResetPasswordResendCodeDelegate"
        case .resetPasswordSubmitCode: "ResetPasswordVerifyCodeDelegate"
        case .resetPasswordSubmit, .resetPasswordPoll, .resetPasswordPollFinal: "ResetPasswordRequiredDelegate"
        case .getAccessToken: "CredentialsDelegate"
        }
    }
}
