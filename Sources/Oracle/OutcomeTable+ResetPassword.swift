// client-behaviour.md §5.5 (reset password, with the §6.4 poll loop) and §5.9 (getAccessToken).
// Rows are in matching order; labels keep the spec's numbering (a redirect is checked first).

extension OutcomeTable {
    static let resetPasswordRows: [OutcomeRow] =
        resetPasswordStart + resetPasswordStartChallenge + resetPasswordResendCode + resetPasswordSubmitCode
        + resetPasswordSubmit + resetPasswordPoll(final: false) + resetPasswordPoll(final: true)

    private static let resetStart = ErrorChannel(
        callback: "onResetPasswordStartError", errorClass: "ResetPasswordStartError", retryState: nil)
    private static let resetResend = ErrorChannel(
        callback: "onResetPasswordResendCodeError", errorClass: "ResendCodeError", retryState: nil)
    private static let resetVerify = ErrorChannel(
        callback: "onResetPasswordVerifyCodeError", errorClass: "VerifyCodeError",
        retryState: "ResetPasswordCodeRequiredState")
    private static let resetRequired = ErrorChannel(
        callback: "onResetPasswordRequiredError", errorClass: "PasswordRequiredError",
        retryState: "ResetPasswordRequiredState")

    // §5.5 A: resetpassword/start.
    private static let resetPasswordStart = bind(.resetPasswordStart, "5.5 A", [
        RowSpec("1", .redirect, resetStart.ends("browserRequired")),
        RowSpec("2", .ok(requires: [.continuationToken]), .proceed(to: .resetPasswordStartChallenge)),
        RowSpec("3", .ok(), resetStart.ends("generalError")),
        RowSpec("4", .error(["invalid_request"], firstCode: 500222), resetStart.ends("userDoesNotHavePassword")),
        RowSpec("5", .error(["invalid_request"]), resetStart.ends("generalError")),
        RowSpec("6", .error(["user_not_found"]), resetStart.ends("userNotFound")),
        RowSpec("7", .error(["unauthorized_client", "unsupported_challenge_type"]), resetStart.ends("generalError")),
        RowSpec(
            "8", ResponsePattern(kinds: [.unknownError]), resetStart.ends("generalError"),
            quirk: "An unknown error string gives generalError without errorCodes (the converter drops them)."),
        RowSpec("9", .anything, resetStart.ends("generalError")),
    ])

    // §5.5 B: the resetpassword/challenge that follows start.
    private static let resetPasswordStartChallenge = bind(.resetPasswordStartChallenge, "5.5 B", [
        RowSpec("1", oobComplete, success("onResetPasswordCodeRequired", "ResetPasswordCodeRequiredState")),
        RowSpec("2", .redirect, resetStart.ends("browserRequired")),
        RowSpec("3a", .ok(challenge: .oneOf(["password"])), resetStart.ends("generalError")),
        RowSpec("3b", .ok(challenge: .absent), resetStart.ends("generalError")),
        RowSpec("4", oobIncomplete, resetStart.ends("generalError")),
        RowSpec("5", .error(), resetStart.ends("generalError")),
        RowSpec("unexpected", .anything, resetStart.ends("generalError")),
    ])

    // §5.5 C: ResetPasswordCodeRequiredState.resendCode.
    private static let resetPasswordResendCode = bind(.resetPasswordResendCode, "5.5 C", [
        RowSpec("1", oobComplete, success("onResetPasswordResendCodeRequired", "ResetPasswordCodeRequiredState")),
        RowSpec(
            "2a", .redirect, resetResend.ends("browserRequired"),
            quirk: "Reset-password resend never hands back a state (§8.2 item 6)."),
        RowSpec("2b", .anything, resetResend.ends("generalError")),
    ])

    // §5.5 D: ResetPasswordCodeRequiredState.submitCode (resetpassword/continue, grant_type=oob).
    private static let resetPasswordSubmitCode = bind(.resetPasswordSubmitCode, "5.5 D", [
        RowSpec("2", .redirect, resetVerify.ends("browserRequired")),
        RowSpec("1", .ok(requires: [.continuationToken]), success("onPasswordRequired", "ResetPasswordRequiredState")),
        RowSpec("3", .ok(), resetVerify.ends("generalError")),
        RowSpec("4", .error(["invalid_grant"], suberror: .oneOf(["invalid_oob_value"])), resetVerify.retry("invalidCode")),
        RowSpec("5", .error(["invalid_grant"]), resetVerify.ends("generalError")),
        RowSpec("6", .error(["unauthorized_client", "expired_token", "invalid_request"]), resetVerify.ends("generalError")),
        RowSpec(
            "7", .error(["verification_required"]), resetVerify.ends("generalError"),
            quirk: "verification_required is unsupported: generalError with the default text \"General error\"."),
        RowSpec("8", .anything, resetVerify.ends("generalError")),
    ])

    // §5.5 E: ResetPasswordRequiredState.submitPassword (resetpassword/submit).
    private static let resetPasswordSubmit = bind(.resetPasswordSubmit, "5.5 E", [
        RowSpec("3", .redirect, resetRequired.ends("browserRequired")),
        RowSpec("1", .ok(requires: [.continuationToken, .pollInterval]), .proceed(to: .resetPasswordPoll)),
        RowSpec("2", .ok(), resetRequired.ends("generalError")),
        RowSpec(
            "4", .error(["invalid_grant"], suberror: .oneOf(ResponsePattern.passwordSuberrors)),
            resetRequired.retry("invalidPassword")),
        RowSpec("5", .error(["invalid_grant"]), resetRequired.ends("generalError")),
        RowSpec(
            "6", .error(["invalid_request", "unauthorized_client", "expired_token"]), resetRequired.ends("generalError")),
        RowSpec("7", .anything, resetRequired.ends("generalError")),
    ])

    // §5.5 F: resetpassword/poll_completion with the submit token; `final` is call number 6 (§6.4).
    private static func resetPasswordPoll(final: Bool) -> [OutcomeRow] {
        let pending = ResponsePattern.ok(status: .oneOf(["in_progress", "not_started"]))
        let pendingRow =
            final
            ? RowSpec(
                "3", pending, resetRequired.ends("generalError"),
                quirk: "MSAL iOS gives up after 1 + 5 calls; not_started counts as pending (§6.4).")
            : RowSpec("2", pending, .proceed(to: .resetPasswordPoll))
        return bind(final ? .resetPasswordPollFinal : .resetPasswordPoll, "5.5 F", [
            RowSpec("7", .redirect, resetRequired.ends("browserRequired")),
            RowSpec(
                "1", .ok(status: .oneOf(["succeeded"])),
                success("onResetPasswordCompleted", "SignInAfterResetPasswordState")),
            pendingRow,
            RowSpec("4", .ok(status: .oneOf(["failed"])), resetRequired.ends("generalError")),
            RowSpec("5", .ok(status: .absent), resetRequired.ends("generalError")),
            RowSpec(
                "6", ResponsePattern(kinds: [.undecodable], problem: .unknownEnumValue), resetRequired.ends("generalError")),
            RowSpec(
                "8", .error(["invalid_grant"], suberror: .oneOf(ResponsePattern.passwordSuberrors)),
                resetRequired.retry("invalidPassword"),
                quirk: "The retry state carries the token returned by submit (the one polled with), not the original (§8.2 item 9)."),
            RowSpec("9", .anything, resetRequired.ends("generalError")),
        ], suffix: final ? " (last poll)" : "")
    }

    // §5.9: getAccessToken through MSAL's standard silent pipeline (refresh_token grant).
    static let credentialsRows: [OutcomeRow] = {
        let retrieve = ErrorChannel(
            callback: "onAccessTokenRetrieveError", errorClass: "RetrieveAccessTokenError", retryState: nil)
        let onlyGeneral = "Only generalError is ever emitted on this path (§8.2 item 4)."
        return bind(.getAccessToken, "5.9", [
            RowSpec(
                "2", .ok(requires: [.accessToken, .cacheableTokens]),
                success("onAccessTokenRetrieveCompleted", nil)),
            RowSpec(
                "3a", .error(["expired_refresh_token"]), retrieve.ends("generalError"),
                quirk: "Not refreshTokenExpired: " + onlyGeneral),
            RowSpec(
                "3b", .error(codesContain: 50076), retrieve.ends("generalError"),
                quirk: "Message prefixed with the MFA-required text; " + onlyGeneral),
            RowSpec(
                "3c", .error(codesContain: 50142), retrieve.ends("generalError"),
                quirk: "Message prefixed with the password-reset-required text."),
            RowSpec("3d", .anything, retrieve.ends("generalError"), quirk: onlyGeneral),
        ])
    }()
}
