import Testing

@testable import Oracle

@Suite("Sign-up outcomes (client-behaviour.md §5.1)")
struct SignUpOracleTests {
    @Test("signup/start 200 with a continuation token proceeds to the sign-up challenge")
    func startWithTokenProceeds() {
        #expect(expectation(.signUpStart, 200, #"{"continuation_token":"SU-CT-1"}"#) == .proceed(to: .signUpStartChallenge))
    }

    @Test("signup/start 200 without a token is a general start error")
    func startWithoutToken() {
        #expect(expectation(.signUpStart, 200, "{}") == outcome("onSignUpStartError", "SignUpStartError.generalError"))
    }

    @Test("signup/start redirect reports browserRequired")
    func startRedirect() {
        let body = #"{"challenge_type":"redirect","redirect_reason":"Client is missing registration_required capability"}"#
        #expect(expectation(.signUpStart, 200, body) == outcome("onSignUpStartError", "SignUpStartError.browserRequired"))
    }

    @Test("user_already_exists at start reports userAlreadyExists")
    func userAlreadyExists() {
        let body = #"{"error":"user_already_exists","error_description":"AADSTS1003037: ...","error_codes":[1003037]}"#
        #expect(expectation(.signUpStart, 400, body) == outcome("onSignUpStartError", "SignUpStartError.userAlreadyExists"))
    }

    @Test("attribute_validation_failed with invalid attributes at start calls onSignUpAttributesInvalid with no state")
    func attributesInvalidAtStart() {
        let body = #"{"error":"invalid_grant","suberror":"attribute_validation_failed","invalid_attributes":[{"name":"postalCode"}]}"#
        #expect(expectation(.signUpStart, 400, body) == outcome("onSignUpAttributesInvalid"))
        let row = OutcomeTable.row(for: .signUpStart, response: classify(.signUpStart, 400, body))
        #expect(row?.quirk != nil)
    }

    @Test("attribute_validation_failed with an empty list at start is a general error")
    func attributesInvalidEmptyList() {
        let body = #"{"error":"invalid_grant","suberror":"attribute_validation_failed","invalid_attributes":[]}"#
        #expect(expectation(.signUpStart, 400, body) == outcome("onSignUpStartError", "SignUpStartError.generalError"))
    }

    @Test("invalid_request 90100 about the username reports invalidUsername, about the client id a general error")
    func invalidUsernameVersusClientId() {
        let username = #"{"error":"invalid_request","error_description":"AADSTS90100: username parameter is empty or not valid. Trace ID: x","error_codes":[90100]}"#
        let client = #"{"error":"invalid_request","error_description":"AADSTS90100: client_id parameter is empty or not valid.","error_codes":[90100]}"#
        #expect(expectation(.signUpStart, 400, username) == outcome("onSignUpStartError", "SignUpStartError.invalidUsername"))
        #expect(expectation(.signUpStart, 400, client) == outcome("onSignUpStartError", "SignUpStartError.generalError"))
    }

    @Test("the username marker counts only when 90100 is the first error code")
    func usernameMarkerNeedsFirstCode() {
        let body = #"{"error":"invalid_request","error_description":"username parameter is empty or not valid","error_codes":[50000,90100]}"#
        #expect(expectation(.signUpStart, 400, body) == outcome("onSignUpStartError", "SignUpStartError.generalError"))
    }

    @Test("every password suberror at start reports invalidPassword, other invalid_grant is general")
    func passwordPolicyAtStart() {
        for suberror in ["password_too_weak", "password_too_short", "password_too_long", "password_is_invalid",
                         "password_recently_used", "password_banned"] {
            let body = #"{"error":"invalid_grant","suberror":"\#(suberror)"}"#
            #expect(expectation(.signUpStart, 400, body) == outcome("onSignUpStartError", "SignUpStartError.invalidPassword"))
        }
        #expect(expectation(.signUpStart, 400, #"{"error":"invalid_grant"}"#)
            == outcome("onSignUpStartError", "SignUpStartError.generalError"))
    }

    @Test("invalid_client is unknown to signup/start and ends as a general error")
    func invalidClientIsUnknownAtStart() {
        let response = classify(.signUpStart, 400, #"{"error":"invalid_client","suberror":"nativeauthapi_disabled"}"#)
        #expect(response.kind == .unknownError)
        #expect(OutcomeTable.expect(step: .signUpStart, response: response)?.0.error == "SignUpStartError.generalError")
    }

    @Test("the first challenge returning oob with all fields gives onSignUpCodeRequired with the new token")
    func codeRequired() {
        #expect(expectation(.signUpStartChallenge, 200, oobChallengeBody)
            == outcome("onSignUpCodeRequired", state: "SignUpCodeRequiredState", token: .fromResponse))
    }

    @Test("the first challenge returning password is a general error (MSAL quirk)")
    func passwordAfterStartIsError() {
        let body = #"{"challenge_type":"password","continuation_token":"SU-CT-6"}"#
        #expect(expectation(.signUpStartChallenge, 200, body) == outcome("onSignUpStartError", "SignUpStartError.generalError"))
        #expect(ref(.signUpStartChallenge, 200, body) == "§5.1 B row 2")
    }

    @Test("an oob challenge missing code_length is a general error")
    func oobMissingCodeLength() {
        let body = #"{"continuation_token":"SU-CT-2","challenge_type":"oob","challenge_channel":"email","challenge_target_label":"a***x"}"#
        #expect(ref(.signUpStartChallenge, 200, body) == "§5.1 B row 4b")
    }

    @Test("resend with a known 400 error keeps the old SignUpCodeRequiredState")
    func resendKnownErrorKeepsState() {
        let body = #"{"error":"expired_token","error_codes":[552003]}"#
        #expect(expectation(.signUpResendCode, 400, body)
            == outcome("onSignUpResendCodeError", "ResendCodeError.generalError", state: "SignUpCodeRequiredState", token: .fromRequest))
    }

    @Test("resend with an unknown error or a redirect ends without a state")
    func resendUnknownError() {
        #expect(expectation(.signUpResendCode, 400, #"{"error":"server_busy"}"#)
            == outcome("onSignUpResendCodeError", "ResendCodeError.generalError"))
        #expect(expectation(.signUpResendCode, 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onSignUpResendCodeError", "ResendCodeError.browserRequired"))
    }

    @Test("a wrong code on signup/continue reports invalidCode and keeps the old token")
    func wrongCode() {
        let body = #"{"error":"invalid_grant","suberror":"invalid_oob_value","error_description":"AADSTS50181: ...","error_codes":[50181],"timestamp":"2025-01-01 10:00:00Z","trace_id":"t","correlation_id":"c"}"#
        #expect(expectation(.signUpSubmitCode, 400, body)
            == outcome("onSignUpVerifyCodeError", "VerifyCodeError.invalidCode", state: "SignUpCodeRequiredState", token: .fromRequest))
    }

    @Test("a password suberror on the code submit is also reported as invalidCode")
    func passwordSuberrorOnCodeSubmit() {
        let body = #"{"error":"invalid_grant","suberror":"password_too_weak"}"#
        #expect(expectation(.signUpSubmitCode, 400, body)
            == outcome("onSignUpVerifyCodeError", "VerifyCodeError.invalidCode", state: "SignUpCodeRequiredState", token: .fromRequest))
    }

    @Test("attributes_required after the code gives onSignUpAttributesRequired with the response token")
    func attributesRequired() {
        let body = #"{"error":"attributes_required","error_description":"User attributes required","error_codes":[55106],"continuation_token":"SU-CT-3","required_attributes":[{"name":"displayName","type":"string","required":true}]}"#
        #expect(expectation(.signUpSubmitCode, 400, body)
            == outcome("onSignUpAttributesRequired", state: "SignUpAttributesRequiredState", token: .fromResponse))
    }

    @Test("attributes_required without a token is a general error with no state")
    func attributesRequiredWithoutToken() {
        let body = #"{"error":"attributes_required","required_attributes":[{"name":"displayName","type":"string","required":true}]}"#
        #expect(expectation(.signUpSubmitCode, 400, body) == outcome("onSignUpVerifyCodeError", "VerifyCodeError.generalError"))
    }

    @Test("credential_required with a token proceeds to the password challenge")
    func credentialRequired() {
        let body = #"{"error":"credential_required","error_codes":[55103],"continuation_token":"SU-CT-5"}"#
        #expect(expectation(.signUpSubmitCode, 400, body) == .proceed(to: .signUpCredentialChallenge))
        #expect(expectation(.signUpCredentialChallenge, 200, #"{"challenge_type":"password","continuation_token":"SU-CT-6"}"#)
            == outcome("onSignUpPasswordRequired", state: "SignUpPasswordRequiredState", token: .fromResponse))
    }

    @Test("an oob answer to the post-credential challenge is a general error")
    func oobAfterCredentialRequired() {
        #expect(expectation(.signUpCredentialChallenge, 200, oobChallengeBody)
            == outcome("onSignUpVerifyCodeError", "VerifyCodeError.generalError"))
    }

    @Test("signup/continue 200 completes sign-up even when it says redirect")
    func continueRedirectIgnored() {
        #expect(expectation(.signUpSubmitCode, 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onSignUpCompleted", state: "SignInAfterSignUpState", token: .fromResponse))
        #expect(expectation(.signUpSubmitCode, 200, #"{"continuation_token":"SU-CT-7","expires_in":600}"#)
            == outcome("onSignUpCompleted", state: "SignInAfterSignUpState", token: .fromResponse))
    }

    @Test("verification_required on the code submit is a general error without a state")
    func verificationRequired() {
        let body = #"{"error":"verification_required","continuation_token":"x","unverified_attributes":[{"name":"email"}]}"#
        #expect(ref(.signUpSubmitCode, 400, body) == "§5.1 D row 11")
        #expect(expectation(.signUpSubmitCode, 400, body) == outcome("onSignUpVerifyCodeError", "VerifyCodeError.generalError"))
    }

    @Test("a weak password on submitPassword reports invalidPassword and keeps the state")
    func weakPassword() {
        let body = #"{"error":"invalid_grant","suberror":"password_too_short","error_codes":[399246]}"#
        #expect(expectation(.signUpSubmitPassword, 400, body)
            == outcome("onSignUpPasswordRequiredError", "PasswordRequiredError.invalidPassword",
                       state: "SignUpPasswordRequiredState", token: .fromRequest))
    }

    @Test("invalid_oob_value on submitPassword is a general error that keeps the state")
    func invalidOOBOnPasswordSubmit() {
        let body = #"{"error":"invalid_grant","suberror":"invalid_oob_value"}"#
        #expect(expectation(.signUpSubmitPassword, 400, body)
            == outcome("onSignUpPasswordRequiredError", "PasswordRequiredError.generalError",
                       state: "SignUpPasswordRequiredState", token: .fromRequest))
    }

    @Test("expired_token on submitPassword ends without a state")
    func expiredOnPasswordSubmit() {
        #expect(expectation(.signUpSubmitPassword, 400, #"{"error":"expired_token"}"#)
            == outcome("onSignUpPasswordRequiredError", "PasswordRequiredError.generalError"))
    }

    @Test("attribute_validation_failed on submitAttributes keeps the old attributes state through a non-error callback")
    func attributesInvalidOnSubmitAttributes() {
        let body = #"{"error":"invalid_grant","suberror":"attribute_validation_failed","invalid_attributes":[{"name":"postalCode"}]}"#
        #expect(expectation(.signUpSubmitAttributes, 400, body)
            == outcome("onSignUpAttributesInvalid", state: "SignUpAttributesRequiredState", token: .fromRequest))
    }

    @Test("other submitAttributes failures report AttributesRequiredError with no state")
    func submitAttributesFailure() {
        #expect(expectation(.signUpSubmitAttributes, 400, #"{"error":"credential_required","continuation_token":"x"}"#)
            == outcome("onSignUpAttributesRequiredError", "AttributesRequiredError.generalError"))
        #expect(expectation(.signUpSubmitAttributes, 200, #"{"continuation_token":"SU-CT-4"}"#)
            == outcome("onSignUpCompleted", state: "SignInAfterSignUpState", token: .fromResponse))
    }
}
