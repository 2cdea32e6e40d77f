import Testing

@testable import Oracle

@Suite("MFA and strong-auth registration outcomes (client-behaviour.md §5.3, §5.4)")
struct MFAAndRegistrationOracleTests {
    let mfaChallengeBody = """
        {"continuation_token":"MFA-CT-3","challenge_type":"oob","binding_method":"prompt","challenge_channel":"sms",
         "challenge_target_label":"+1425555****","code_length":6}
        """

    @Test("an MFA challenge answered with oob gives onMFARequestChallengeVerificationRequired with the new token")
    func mfaVerificationRequired() {
        #expect(expectation(.mfaRequestChallenge, 200, mfaChallengeBody)
            == outcome("onMFARequestChallengeVerificationRequired", state: "MFARequiredState", token: .fromResponse))
    }

    @Test("provider_blocked_by_rep on the MFA challenge reports authMethodBlocked and keeps the state")
    func authMethodBlocked() {
        let body = #"{"error":"access_denied","suberror":"provider_blocked_by_rep","error_codes":[550024]}"#
        #expect(expectation(.mfaRequestChallenge, 400, body)
            == outcome("onMFARequestChallengeError", "MFARequestChallengeError.authMethodBlocked",
                       state: "MFARequiredState", token: .fromRequest))
    }

    @Test("provider_blocked_by_admin is not known to MSAL 2.13 and is a general error that keeps the state")
    func providerBlockedByAdmin() {
        let body = #"{"error":"access_denied","suberror":"provider_blocked_by_admin"}"#
        #expect(expectation(.mfaRequestChallenge, 400, body)
            == outcome("onMFARequestChallengeError", "MFARequestChallengeError.generalError",
                       state: "MFARequiredState", token: .fromRequest))
    }

    @Test("an MFA challenge redirect keeps the state, a password challenge drops it")
    func mfaRedirectAndPassword() {
        #expect(expectation(.mfaRequestChallenge, 200, #"{"challenge_type":"redirect","redirect_reason":"high risk"}"#)
            == outcome("onMFARequestChallengeError", "MFARequestChallengeError.browserRequired",
                       state: "MFARequiredState", token: .fromRequest))
        #expect(expectation(.mfaRequestChallenge, 200, #"{"challenge_type":"password","continuation_token":"x"}"#)
            == outcome("onMFARequestChallengeError", "MFARequestChallengeError.generalError"))
    }

    @Test("a wrong MFA code reports invalidChallenge and keeps the state")
    func wrongMFACode() {
        #expect(expectation(.mfaSubmitChallenge, 400, #"{"error":"invalid_grant","suberror":"invalid_oob_value"}"#)
            == outcome("onMFASubmitChallengeError", "MFASubmitChallengeError.invalidChallenge",
                       state: "MFARequiredState", token: .fromRequest))
        #expect(expectation(.mfaSubmitChallenge, 200, tokenSuccessBody) == outcome("onSignInCompleted"))
    }

    @Test("a second mfa_required during MFA submit proceeds to introspect, whose success is a general error")
    func secondMFARequired() {
        let body = #"{"error":"invalid_grant","suberror":"mfa_required","continuation_token":"MFA-CT-9"}"#
        #expect(expectation(.mfaSubmitChallenge, 400, body) == .proceed(to: .mfaIntrospect(after: .mfaSubmitChallenge)))
        let methods = #"{"continuation_token":"x","methods":[{"id":"m","challenge_type":"oob","challenge_channel":"sms"}]}"#
        #expect(expectation(.mfaIntrospect(after: .mfaSubmitChallenge), 200, methods)
            == outcome("onMFASubmitChallengeError", "MFASubmitChallengeError.generalError"))
        #expect(expectation(.mfaIntrospect(after: .mfaSubmitChallenge), 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onMFASubmitChallengeError", "MFASubmitChallengeError.browserRequired"))
    }

    @Test("registration_required after signIn proceeds to register/introspect and then to the registration state")
    func registrationRequired() {
        let body = #"{"error":"invalid_grant","suberror":"registration_required","continuation_token":"REG-CT-1"}"#
        #expect(expectation(.signInPasswordToken, 400, body) == .proceed(to: .registerIntrospect(after: .signInPassword)))
        let methods = #"{"continuation_token":"REG-CT-2","methods":[{"id":"email","challenge_type":"oob","challenge_channel":"email","login_hint":"a***x@ex****e.com"}]}"#
        #expect(expectation(.registerIntrospect(after: .signInPassword), 200, methods)
            == outcome("onSignInStrongAuthMethodRegistration", state: "RegisterStrongAuthState", token: .fromResponse))
        #expect(expectation(.registerIntrospect(after: .signInAfterSignUp), 200, methods)
            == outcome("onSignInStrongAuthMethodRegistration", state: "RegisterStrongAuthState", token: .fromResponse))
    }

    @Test("any register/introspect 400 is unexpected for MSAL and ends with a general error")
    func registerIntrospectError() {
        let response = classify(.registerIntrospect(after: .signInSubmitCode), 400, #"{"error":"invalid_request"}"#)
        #expect(response.kind == .unknownError)
        #expect(OutcomeTable.expect(step: .registerIntrospect(after: .signInSubmitCode), response: response)?.0
            == ExpectedOutcome(callback: "onSignInVerifyCodeError", error: "VerifyCodeError.generalError"))
    }

    @Test("a register challenge answered with oob gives onRegisterStrongAuthVerificationRequired")
    func jitVerificationRequired() {
        let body = #"{"continuation_token":"REG-CT-3","challenge_type":"oob","binding_method":"prompt","challenge_target":"alex.backup@example.com","challenge_channel":"email","code_length":8}"#
        #expect(expectation(.registerChallenge, 200, body)
            == outcome("onRegisterStrongAuthVerificationRequired", state: "RegisterStrongAuthVerificationRequiredState",
                       token: .fromResponse))
    }

    @Test("an oob register challenge that sends challenge_target_label instead of challenge_target is a retryable error")
    func jitWrongTargetField() {
        let body = #"{"continuation_token":"REG-CT-3","challenge_type":"oob","challenge_target_label":"a***x","challenge_channel":"email","code_length":8}"#
        #expect(expectation(.registerChallenge, 200, body)
            == outcome("onRegisterStrongAuthChallengeError", "RegisterStrongAuthChallengeError.generalError",
                       state: "RegisterStrongAuthState", token: .fromRequest))
    }

    @Test("preverified chains register/continue and /token to onSignInCompleted; any failure there ends the flow")
    func preverified() {
        #expect(expectation(.registerChallenge, 200, #"{"continuation_token":"REG-CT-3","challenge_type":"preverified"}"#)
            == .proceed(to: .registerPreverifiedContinue))
        #expect(expectation(.registerPreverifiedContinue, 200, #"{"continuation_token":"REG-CT-4"}"#)
            == .proceed(to: .registerPreverifiedToken))
        #expect(expectation(.registerPreverifiedContinue, 400, #"{"error":"expired_token"}"#)
            == outcome("onRegisterStrongAuthChallengeError", "RegisterStrongAuthChallengeError.generalError"))
        #expect(expectation(.registerPreverifiedToken, 200, tokenSuccessBody) == outcome("onSignInCompleted"))
        #expect(expectation(.registerPreverifiedToken, 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onRegisterStrongAuthChallengeError", "RegisterStrongAuthChallengeError.generalError"))
    }

    @Test("a register challenge without challenge_type does not decode and keeps the state")
    func jitMissingChallengeType() {
        let response = classify(.registerChallenge, 200, #"{"continuation_token":"x"}"#)
        #expect(response.kind == .undecodable)
        #expect(response.problem == .missingRequiredField)
        #expect(expectation(.registerChallenge, 200, #"{"continuation_token":"x"}"#)
            == outcome("onRegisterStrongAuthChallengeError", "RegisterStrongAuthChallengeError.generalError",
                       state: "RegisterStrongAuthState", token: .fromRequest))
    }

    @Test("an unknown register challenge type, a bad contact and a blocked contact keep the registration state")
    func jitErrors() {
        let keep = { (type: String) in
            outcome("onRegisterStrongAuthChallengeError", "RegisterStrongAuthChallengeError.\(type)",
                    state: "RegisterStrongAuthState", token: .fromRequest)
        }
        #expect(expectation(.registerChallenge, 200, #"{"challenge_type":"push","continuation_token":"x"}"#) == keep("generalError"))
        #expect(expectation(.registerChallenge, 400, #"{"error":"invalid_request","error_codes":[55000,901001]}"#) == keep("invalidInput"))
        #expect(expectation(.registerChallenge, 400, #"{"error":"access_denied","suberror":"provider_blocked_by_rep"}"#)
            == keep("verificationContactBlocked"))
        #expect(expectation(.registerChallenge, 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onRegisterStrongAuthChallengeError", "RegisterStrongAuthChallengeError.browserRequired"))
    }

    @Test("a wrong registration code reports invalidChallenge and keeps the verification state")
    func jitWrongCode() {
        let keep = { (type: String) in
            outcome("onRegisterStrongAuthSubmitChallengeError", "RegisterStrongAuthSubmitChallengeError.\(type)",
                    state: "RegisterStrongAuthVerificationRequiredState", token: .fromRequest)
        }
        #expect(expectation(.registerSubmitChallenge, 400, #"{"error":"invalid_grant","suberror":"invalid_oob_value"}"#)
            == keep("invalidChallenge"))
        #expect(expectation(.registerSubmitChallenge, 400, #"{"error":"expired_token","error_codes":[55112]}"#) == keep("generalError"))
        #expect(expectation(.registerSubmitChallenge, 200, "{}") == keep("generalError"))
        #expect(expectation(.registerSubmitChallenge, 200, #"{"challenge_type":"redirect"}"#)
            == outcome("onRegisterStrongAuthSubmitChallengeError", "RegisterStrongAuthSubmitChallengeError.browserRequired"))
    }

    @Test("the sign-in after registration completes on a token 200; mfa_required there is introspected, then a general error")
    func jitToken() {
        #expect(expectation(.registerSubmitChallenge, 200, #"{"continuation_token":"REG-CT-4"}"#) == .proceed(to: .registerSubmitToken))
        #expect(expectation(.registerSubmitToken, 200, tokenSuccessBody) == outcome("onSignInCompleted"))
        // MSAL's controller follows mfa_required with oauth2 introspect ("awaitingMFA"), then reports a general error.
        #expect(expectation(.registerSubmitToken, 400, #"{"error":"invalid_grant","suberror":"mfa_required","continuation_token":"x"}"#)
            == .proceed(to: .mfaIntrospect(after: .registerSubmitToken)))
        let generalError = outcome("onRegisterStrongAuthSubmitChallengeError", "RegisterStrongAuthSubmitChallengeError.generalError")
        let methods = #"{"continuation_token":"y","methods":[{"id":"m","challenge_type":"oob","challenge_channel":"email","login_hint":"a"}]}"#
        #expect(expectation(.mfaIntrospect(after: .registerSubmitToken), 200, methods) == generalError)
        #expect(expectation(.mfaIntrospect(after: .registerSubmitToken), 200, #"{"challenge_type":"redirect"}"#) == generalError)
        #expect(expectation(.registerIntrospect(after: .registerSubmitToken), 400, #"{"error":"expired_token"}"#) == generalError)
    }
}
