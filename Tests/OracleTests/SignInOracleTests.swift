import Testing

@testable import Oracle

@Suite("Sign-in outcomes (client-behaviour.md §5.2)")
struct SignInOracleTests {
    @Test("initiate with a token proceeds to the challenge matching whether a password was supplied")
    func initiateProceeds() {
        #expect(expectation(.signInInitiate, 200, #"{"continuation_token":"SI-CT-1"}"#) == .proceed(to: .signInChallenge))
        #expect(expectation(.signInInitiateWithPassword, 200, #"{"continuation_token":"SI-CT-1"}"#)
            == .proceed(to: .signInChallengeWithPassword))
    }

    @Test("initiate user_not_found reports userNotFound")
    func userNotFound() {
        #expect(expectation(.signInInitiate, 400, #"{"error":"user_not_found","error_codes":[50034]}"#)
            == outcome("onSignInStartError", "SignInStartError.userNotFound"))
    }

    @Test("a password challenge without a supplied password gives onSignInPasswordRequired")
    func passwordRequired() {
        #expect(expectation(.signInChallenge, 200, #"{"continuation_token":"SI-CT-2","challenge_type":"password"}"#)
            == outcome("onSignInPasswordRequired", state: "SignInPasswordRequiredState", token: .fromResponse))
    }

    @Test("a password challenge with a supplied password proceeds to /token")
    func passwordSuppliedProceeds() {
        let body = #"{"continuation_token":"SI-CT-2","challenge_type":"password"}"#
        #expect(expectation(.signInChallengeWithPassword, 200, body) == .proceed(to: .signInPasswordToken))
        #expect(ref(.signInChallengeWithPassword, 200, body) == "§5.2 B row 3 (password supplied)")
    }

    @Test("an oob challenge gives onSignInCodeRequired even when a password was supplied")
    func oobIgnoresPassword() {
        let expected = outcome("onSignInCodeRequired", state: "SignInCodeRequiredState", token: .fromResponse)
        #expect(expectation(.signInChallenge, 200, oobChallengeBody) == expected)
        #expect(expectation(.signInChallengeWithPassword, 200, oobChallengeBody) == expected)
    }

    @Test("a challenge without challenge_type and an introspect_required error are general errors")
    func challengeGeneralErrors() {
        #expect(expectation(.signInChallenge, 200, #"{"continuation_token":"SI-CT-2"}"#)
            == outcome("onSignInStartError", "SignInStartError.generalError"))
        #expect(expectation(.signInChallenge, 400, #"{"error":"invalid_request","suberror":"introspect_required"}"#)
            == outcome("onSignInStartError", "SignInStartError.generalError"))
    }

    @Test("the wrong password during signIn reports invalidCredentials")
    func wrongPasswordAtStart() {
        let body = #"{"error":"invalid_grant","error_description":"AADSTS50126: Error validating credentials due to invalid username or password.","error_codes":[50126]}"#
        #expect(expectation(.signInPasswordToken, 400, body) == outcome("onSignInStartError", "SignInStartError.invalidCredentials"))
    }

    @Test("only the first error code counts: 50126 in second place is a general error")
    func onlyFirstCodeCounts() {
        let body = #"{"error":"invalid_grant","error_codes":[50000,50126]}"#
        #expect(expectation(.signInPasswordToken, 400, body) == outcome("onSignInStartError", "SignInStartError.generalError"))
    }

    @Test("a token 200 with cacheable tokens completes sign-in")
    func tokenSuccess() {
        #expect(expectation(.signInPasswordToken, 200, tokenSuccessBody) == outcome("onSignInCompleted"))
    }

    @Test("a token 200 without client_info cannot be cached and is a general error")
    func tokenWithoutClientInfo() {
        let body = #"{"token_type":"Bearer","access_token":"a","id_token":"b","expires_in":3599}"#
        #expect(expectation(.signInPasswordToken, 200, body) == outcome("onSignInStartError", "SignInStartError.generalError"))
        #expect(ref(.signInPasswordToken, 200, body) == "§5.2 D row C2b")
    }

    @Test("mfa_required with a token proceeds to introspect; without a token it is a general error")
    func mfaRequired() {
        let withToken = #"{"error":"invalid_grant","suberror":"mfa_required","error_codes":[50076],"continuation_token":"MFA-CT-1"}"#
        #expect(expectation(.signInPasswordToken, 400, withToken) == .proceed(to: .mfaIntrospect(after: .signInPassword)))
        #expect(expectation(.signInPasswordToken, 400, #"{"error":"invalid_grant","suberror":"mfa_required"}"#)
            == outcome("onSignInStartError", "SignInStartError.generalError"))
    }

    @Test("the wrong password on submitPassword reports invalidPassword and keeps the old state")
    func wrongPasswordOnSubmit() {
        #expect(expectation(.signInSubmitPassword, 400, #"{"error":"invalid_grant","error_codes":[50126]}"#)
            == outcome("onSignInPasswordRequiredError", "PasswordRequiredError.invalidPassword",
                       state: "SignInPasswordRequiredState", token: .fromRequest))
    }

    @Test("expired_token and redirect on submitPassword still hand back the old state")
    func submitPasswordRetryStates() {
        #expect(expectation(.signInSubmitPassword, 400, #"{"error":"expired_token"}"#)
            == outcome("onSignInPasswordRequiredError", "PasswordRequiredError.generalError",
                       state: "SignInPasswordRequiredState", token: .fromRequest))
        #expect(expectation(.signInSubmitPassword, 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onSignInPasswordRequiredError", "PasswordRequiredError.browserRequired",
                       state: "SignInPasswordRequiredState", token: .fromRequest))
    }

    @Test("a user_not_found on submitPassword becomes a general error")
    func userNotFoundOnSubmitPassword() {
        #expect(expectation(.signInSubmitPassword, 400, #"{"error":"user_not_found"}"#)
            == outcome("onSignInPasswordRequiredError", "PasswordRequiredError.generalError",
                       state: "SignInPasswordRequiredState", token: .fromRequest))
    }

    @Test("a wrong code on sign-in submitCode reports invalidCode and keeps the old state")
    func wrongSignInCode() {
        #expect(expectation(.signInSubmitCode, 400, #"{"error":"invalid_grant","suberror":"invalid_oob_value"}"#)
            == outcome("onSignInVerifyCodeError", "VerifyCodeError.invalidCode", state: "SignInCodeRequiredState", token: .fromRequest))
    }

    @Test("a 500 on sign-in submitCode is a general error that still keeps the state")
    func serverErrorOnSubmitCode() {
        #expect(expectation(.signInSubmitCode, 500, "oops")
            == outcome("onSignInVerifyCodeError", "VerifyCodeError.generalError", state: "SignInCodeRequiredState", token: .fromRequest))
    }

    @Test("sign-in resend keeps the state on a redirect but not on a password challenge")
    func signInResend() {
        #expect(expectation(.signInResendCode, 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onSignInResendCodeError", "ResendCodeError.browserRequired", state: "SignInCodeRequiredState", token: .fromRequest))
        #expect(expectation(.signInResendCode, 200, #"{"challenge_type":"password","continuation_token":"x"}"#)
            == outcome("onSignInResendCodeError", "ResendCodeError.generalError"))
        #expect(expectation(.signInResendCode, 200, oobChallengeBody)
            == outcome("onSignInResendCodeCodeRequired", state: "SignInCodeRequiredState", token: .fromResponse))
    }

    @Test("sign-in after sign-up without a stored token sends nothing and reports a general error")
    func signInAfterSignUpWithoutToken() {
        let row = OutcomeTable.row(for: .signInAfterSignUp, response: .notSent)
        #expect(row?.expectation == outcome("onSignInAfterSignUpError", "SignInAfterSignUpError.generalError"))
        #expect(row?.specRef == "§5.2 H row 1")
    }

    @Test("sign-in after reset password completes on a token 200 and reports its own error class")
    func signInAfterReset() {
        #expect(expectation(.signInAfterResetPassword, 200, tokenSuccessBody) == outcome("onSignInCompleted"))
        #expect(expectation(.signInAfterResetPassword, 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onSignInAfterResetPasswordError", "SignInAfterResetPasswordError.browserRequired"))
    }

    @Test("a successful MFA introspect after sign-in-after-sign-up is a general error, a failed redirect one browserRequired")
    func mfaAfterSignUp() {
        let methods = #"{"continuation_token":"MFA-CT-2","methods":[{"id":"3f1c","challenge_type":"oob","challenge_channel":"email","login_hint":"a***x"}]}"#
        #expect(expectation(.mfaIntrospect(after: .signInAfterSignUp), 200, methods)
            == outcome("onSignInAfterSignUpError", "SignInAfterSignUpError.generalError"))
        #expect(expectation(.mfaIntrospect(after: .signInAfterSignUp), 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onSignInAfterSignUpError", "SignInAfterSignUpError.browserRequired"))
    }

    @Test("a successful MFA introspect after signIn gives onSignInAwaitingMFA with the introspect token")
    func awaitingMFA() {
        let methods = #"{"continuation_token":"MFA-CT-2","methods":[{"id":"3f1c","challenge_type":"oob","challenge_channel":"email"}]}"#
        #expect(expectation(.mfaIntrospect(after: .signInPassword), 200, methods)
            == outcome("onSignInAwaitingMFA", state: "AwaitingMFAState", token: .fromResponse))
        #expect(expectation(.mfaIntrospect(after: .signInSubmitPassword), 400, #"{"error":"expired_token"}"#)
            == outcome("onSignInPasswordRequiredError", "PasswordRequiredError.generalError"))
    }

    @Test("an empty methods list from introspect is a general error")
    func emptyMethods() {
        #expect(expectation(.mfaIntrospect(after: .signInSubmitCode), 200, #"{"continuation_token":"x","methods":[]}"#)
            == outcome("onSignInVerifyCodeError", "VerifyCodeError.generalError"))
    }
}
