import Testing

@testable import Oracle

@Suite("Reset-password and credentials outcomes (client-behaviour.md §5.5, §5.9)")
struct ResetPasswordOracleTests {
    @Test("reset start with a token proceeds to the challenge; user_not_found reports userNotFound")
    func resetStart() {
        #expect(expectation(.resetPasswordStart, 200, #"{"continuation_token":"RP-CT-1"}"#) == .proceed(to: .resetPasswordStartChallenge))
        #expect(expectation(.resetPasswordStart, 400, #"{"error":"user_not_found","error_codes":[50034]}"#)
            == outcome("onResetPasswordStartError", "ResetPasswordStartError.userNotFound"))
    }

    @Test("a reset for an account without a password reports userDoesNotHavePassword only for first code 500222")
    func userWithoutPassword() {
        #expect(expectation(.resetPasswordStart, 400, #"{"error":"invalid_request","error_codes":[500222]}"#)
            == outcome("onResetPasswordStartError", "ResetPasswordStartError.userDoesNotHavePassword"))
        #expect(expectation(.resetPasswordStart, 400, #"{"error":"invalid_request","error_codes":[1,500222]}"#)
            == outcome("onResetPasswordStartError", "ResetPasswordStartError.generalError"))
    }

    @Test("an unknown error string at reset start is marked as the quirk that drops error codes")
    func unknownErrorAtResetStart() {
        let body = #"{"error":"expired_token","error_codes":[552003]}"#
        #expect(ref(.resetPasswordStart, 400, body) == "§5.5 A row 8")
        #expect(expectation(.resetPasswordStart, 400, body) == outcome("onResetPasswordStartError", "ResetPasswordStartError.generalError"))
    }

    @Test("the reset challenge gives onResetPasswordCodeRequired for oob and a general error for password")
    func resetChallenge() {
        let body = #"{"continuation_token":"RP-CT-2","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email","challenge_target_label":"a***x@ex****e.com","code_length":8}"#
        #expect(expectation(.resetPasswordStartChallenge, 200, body)
            == outcome("onResetPasswordCodeRequired", state: "ResetPasswordCodeRequiredState", token: .fromResponse))
        #expect(expectation(.resetPasswordStartChallenge, 200, #"{"challenge_type":"password","continuation_token":"x"}"#)
            == outcome("onResetPasswordStartError", "ResetPasswordStartError.generalError"))
    }

    @Test("reset resend never hands back a state")
    func resetResend() {
        #expect(expectation(.resetPasswordResendCode, 400, #"{"error":"expired_token"}"#)
            == outcome("onResetPasswordResendCodeError", "ResendCodeError.generalError"))
        #expect(expectation(.resetPasswordResendCode, 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onResetPasswordResendCodeError", "ResendCodeError.browserRequired"))
    }

    @Test("the reset code submit gives onPasswordRequired; a wrong code keeps the code state")
    func resetSubmitCode() {
        #expect(expectation(.resetPasswordSubmitCode, 200, #"{"continuation_token":"RP-CT-3","expires_in":600}"#)
            == outcome("onPasswordRequired", state: "ResetPasswordRequiredState", token: .fromResponse))
        #expect(expectation(.resetPasswordSubmitCode, 400, #"{"error":"invalid_grant","suberror":"invalid_oob_value"}"#)
            == outcome("onResetPasswordVerifyCodeError", "VerifyCodeError.invalidCode",
                       state: "ResetPasswordCodeRequiredState", token: .fromRequest))
        #expect(expectation(.resetPasswordSubmitCode, 400, #"{"error":"invalid_grant","error_codes":[50126]}"#)
            == outcome("onResetPasswordVerifyCodeError", "VerifyCodeError.generalError"))
    }

    @Test("the new-password submit starts polling only with both token and poll_interval")
    func resetSubmit() {
        #expect(expectation(.resetPasswordSubmit, 200, #"{"continuation_token":"RP-CT-4","poll_interval":2}"#)
            == .proceed(to: .resetPasswordPoll))
        #expect(expectation(.resetPasswordSubmit, 200, #"{"continuation_token":"RP-CT-4"}"#)
            == outcome("onResetPasswordRequiredError", "PasswordRequiredError.generalError"))
        #expect(expectation(.resetPasswordSubmit, 400, #"{"error":"invalid_grant","suberror":"password_recently_used"}"#)
            == outcome("onResetPasswordRequiredError", "PasswordRequiredError.invalidPassword",
                       state: "ResetPasswordRequiredState", token: .fromRequest))
    }

    @Test("polling continues on in_progress and not_started until the last allowed call")
    func pollPending() {
        #expect(expectation(.resetPasswordPoll, 200, #"{"status":"in_progress"}"#) == .proceed(to: .resetPasswordPoll))
        #expect(expectation(.resetPasswordPoll, 200, #"{"status":"not_started"}"#) == .proceed(to: .resetPasswordPoll))
        #expect(expectation(.resetPasswordPollFinal, 200, #"{"status":"in_progress"}"#)
            == outcome("onResetPasswordRequiredError", "PasswordRequiredError.generalError"))
    }

    @Test("poll succeeded completes the reset; failed, missing and unknown statuses are general errors")
    func pollResults() {
        #expect(expectation(.resetPasswordPoll, 200, #"{"status":"succeeded","continuation_token":"RP-CT-5"}"#)
            == outcome("onResetPasswordCompleted", state: "SignInAfterResetPasswordState", token: .fromResponse))
        let general = outcome("onResetPasswordRequiredError", "PasswordRequiredError.generalError")
        #expect(expectation(.resetPasswordPoll, 200, #"{"status":"failed"}"#) == general)
        #expect(expectation(.resetPasswordPoll, 200, "{}") == general)
        #expect(expectation(.resetPasswordPoll, 200, #"{"status":"Succeeded"}"#) == general)
        #expect(ref(.resetPasswordPoll, 200, #"{"status":"Succeeded"}"#) == "§5.5 F row 6")
    }

    @Test("a password policy failure found while polling keeps the password state with the polled token")
    func pollPasswordError() {
        #expect(expectation(.resetPasswordPoll, 400, #"{"error":"invalid_grant","suberror":"password_banned"}"#)
            == outcome("onResetPasswordRequiredError", "PasswordRequiredError.invalidPassword",
                       state: "ResetPasswordRequiredState", token: .fromRequest))
        #expect(expectation(.resetPasswordPoll, 400, #"{"error":"expired_token","error_codes":[552003]}"#)
            == outcome("onResetPasswordRequiredError", "PasswordRequiredError.generalError"))
    }

    @Test("getAccessToken completes on a valid refresh answer and reports only generalError otherwise")
    func getAccessToken() {
        #expect(expectation(.getAccessToken, 200, tokenSuccessBody) == outcome("onAccessTokenRetrieveCompleted"))
        let general = outcome("onAccessTokenRetrieveError", "RetrieveAccessTokenError.generalError")
        #expect(expectation(.getAccessToken, 400, #"{"error":"expired_refresh_token"}"#) == general)
        #expect(expectation(.getAccessToken, 400, #"{"error":"invalid_grant","error_codes":[50076]}"#) == general)
        #expect(expectation(.getAccessToken, 200, #"{"challenge_type":"redirect"}"#) == general)
        #expect(expectation(.getAccessToken, 503, "") == general)
    }
}
