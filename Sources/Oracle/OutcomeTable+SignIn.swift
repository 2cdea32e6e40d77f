// client-behaviour.md §5.2: sign-in (initiate, challenge, the `/token` calls, resend, and sign-in
// after sign-up / after reset password).

extension OutcomeTable {
    static let signInRows: [OutcomeRow] =
        signInInitiate(.signInInitiate, next: .signInChallenge, suffix: "")
        + signInInitiate(.signInInitiateWithPassword, next: .signInChallengeWithPassword, suffix: " (password supplied)")
        + signInChallenge(passwordSupplied: false) + signInChallenge(passwordSupplied: true)
        + signInPasswordToken + signInSubmitPassword + signInSubmitCode + signInResendCode
        + signInAfter(.signInAfterSignUp) + signInAfter(.signInAfterResetPassword)

    static let signInStartError = ErrorChannel(
        callback: "onSignInStartError", errorClass: "SignInStartError", retryState: nil)
    static let signInPassword = ErrorChannel(
        callback: "onSignInPasswordRequiredError", errorClass: "PasswordRequiredError",
        retryState: "SignInPasswordRequiredState")
    static let signInVerifyCode = ErrorChannel(
        callback: "onSignInVerifyCodeError", errorClass: "VerifyCodeError", retryState: "SignInCodeRequiredState")
    private static let signInResend = ErrorChannel(
        callback: "onSignInResendCodeError", errorClass: "ResendCodeError", retryState: "SignInCodeRequiredState")

    static let signInCompleted = success("onSignInCompleted", nil)

    // §5.2 A: oauth2/v2.0/initiate. The two steps differ only in where a token leads.
    private static func signInInitiate(_ step: Step, next: Step, suffix: String) -> [OutcomeRow] {
        bind(step, "5.2 A", [
            RowSpec("1", .redirect, signInStartError.ends("browserRequired")),
            RowSpec("2", .ok(requires: [.continuationToken]), .proceed(to: next)),
            RowSpec("3", .ok(), signInStartError.ends("generalError")),
            RowSpec("4", .error(["user_not_found"]), signInStartError.ends("userNotFound")),
            RowSpec(
                "5", .error(["invalid_request", "unauthorized_client", "unsupported_challenge_type"]),
                signInStartError.ends("generalError")),
            RowSpec("6", .anything, signInStartError.ends("generalError")),
        ], suffix: suffix)
    }

    // §5.2 B: oauth2/v2.0/challenge after initiate.
    private static func signInChallenge(passwordSupplied: Bool) -> [OutcomeRow] {
        let step: Step = passwordSupplied ? .signInChallengeWithPassword : .signInChallenge
        let quirks: [ChallengeCase: String] = [
            .codeRequired: passwordSupplied
                ? "The supplied password is ignored (a warning is logged) and code entry starts." : "",
            .providerBlocked: "Message prefixed with the auth-method-blocked text; still generalError.",
        ].filter { !$0.value.isEmpty }
        var specs = compose(challengeClassification, quirks: quirks) { validated -> Expectation in
            switch validated {
            case .codeRequired: return success("onSignInCodeRequired", "SignInCodeRequiredState")
            case .passwordRequired:
                return passwordSupplied
                    ? .proceed(to: .signInPasswordToken) : success("onSignInPasswordRequired", "SignInPasswordRequiredState")
            case .redirect: return signInStartError.ends("browserRequired")
            default: return signInStartError.ends("generalError")
            }
        }
        // In the spec the password-supplied variant of the password row is row 3.
        if passwordSupplied, let index = specs.firstIndex(where: { $0.label == "2" }) { specs[index].label = "3" }
        return bind(step, "5.2 B", specs, suffix: passwordSupplied ? " (password supplied)" : "")
    }

    /// §5.2 D: `/token` with the password supplied to `signIn()`.
    private static let signInPasswordToken = bind(.signInPasswordToken, "5.2 D", compose(tokenClassification) {
        switch $0 {
        case .success: return signInCompleted
        case .invalidPassword: return signInStartError.ends("invalidCredentials")
        case .userNotFound: return signInStartError.ends("userNotFound")
        case .redirect: return signInStartError.ends("browserRequired")
        case .strongAuthRequired: return .proceed(to: .mfaIntrospect(after: .signInPassword))
        case .jitRequired: return .proceed(to: .registerIntrospect(after: .signInPassword))
        default: return signInStartError.ends("generalError")
        }
    })

    private static let everyErrorRetries =
        "Every /token error hands back the old state, even non-retryable ones such as expired_token or redirect (§8.2 item 5)."

    /// §5.2 E: SignInPasswordRequiredState.submitPassword.
    private static let signInSubmitPassword = bind(
        .signInSubmitPassword, "5.2 E",
        compose(
            tokenClassification,
            quirks: [.redirect: everyErrorRetries, .namedError: everyErrorRetries, .cachingFailure: everyErrorRetries]
        ) {
            switch $0 {
            case .success: return signInCompleted
            case .invalidPassword: return signInPassword.retry("invalidPassword")
            case .redirect: return signInPassword.retry("browserRequired")
            case .strongAuthRequired: return .proceed(to: .mfaIntrospect(after: .signInSubmitPassword))
            case .jitRequired: return .proceed(to: .registerIntrospect(after: .signInSubmitPassword))
            default: return signInPassword.retry("generalError")
            }
        })

    /// §5.2 F: SignInCodeRequiredState.submitCode.
    private static let signInSubmitCode = bind(
        .signInSubmitCode, "5.2 F",
        compose(
            tokenClassification,
            quirks: [.redirect: everyErrorRetries, .namedError: everyErrorRetries, .cachingFailure: everyErrorRetries]
        ) {
            switch $0 {
            case .success: return signInCompleted
            case .invalidOOBCode: return signInVerifyCode.retry("invalidCode")
            case .redirect: return signInVerifyCode.retry("browserRequired")
            case .strongAuthRequired: return .proceed(to: .mfaIntrospect(after: .signInSubmitCode))
            case .jitRequired: return .proceed(to: .registerIntrospect(after: .signInSubmitCode))
            default: return signInVerifyCode.retry("generalError")
            }
        })

    /// §5.2 G: SignInCodeRequiredState.resendCode (oauth2/v2.0/challenge).
    private static let signInResendCode = bind(
        .signInResendCode, "5.2 G",
        compose(
            challengeClassification, prefix: "B.",
            quirks: [.redirect: "Even a redirect hands back the old state (§8.2 item 6)."]
        ) {
            switch $0 {
            case .codeRequired: return success("onSignInResendCodeCodeRequired", "SignInCodeRequiredState")
            case .passwordRequired: return signInResend.ends("generalError")
            case .redirect: return signInResend.retry("browserRequired")
            default: return signInResend.retry("generalError")
            }
        })

    static func afterChannel(_ step: Step) -> ErrorChannel {
        step == .signInAfterSignUp
            ? ErrorChannel(callback: "onSignInAfterSignUpError", errorClass: "SignInAfterSignUpError", retryState: nil)
            : ErrorChannel(
                callback: "onSignInAfterResetPasswordError", errorClass: "SignInAfterResetPasswordError", retryState: nil)
    }

    /// §5.2 H: sign-in after sign-up or after reset password (`/token`, grant continuation_token).
    private static func signInAfter(_ step: Step) -> [OutcomeRow] {
        let channel = afterChannel(step)
        let context: SecondFactorContext = step == .signInAfterSignUp ? .signInAfterSignUp : .signInAfterResetPassword
        let noToken = RowSpec(
            "1", ResponsePattern(kinds: [.notSent]), channel.ends("generalError"),
            quirk: "No request is sent when the state holds no token (\"Sign In is not available at this point…\").")
        let specs = compose(tokenClassification) { validated -> Expectation in
            switch validated {
            case .success: return signInCompleted
            case .redirect: return channel.ends("browserRequired")
            case .strongAuthRequired: return .proceed(to: .mfaIntrospect(after: context))
            case .jitRequired: return .proceed(to: .registerIntrospect(after: context))
            default: return channel.ends("generalError")
            }
        }
        return bind(step, "5.2 H", [noToken] + specs, suffix: step == .signInAfterSignUp ? "" : " (after reset password)")
    }
}
