import Testing

@testable import Oracle

/// Checks the table against the spec's summary sections (§5.6, §5.7, §5.8), which restate the
/// per-operation tables from another angle.
@Suite("Cross-checks against the §5.6–§5.8 summaries")
struct CrossCheckTests {
    static let redirect = #"{"challenge_type":"redirect","redirect_reason":"Client is missing registration_required capability"}"#

    /// Every kind of `/token` failure an app can meet: (status, body).
    static let tokenFailures: [(Int, String)] = [
        (400, #"{"error":"invalid_request","error_codes":[50142]}"#),
        (400, #"{"error":"invalid_client"}"#), (400, #"{"error":"unauthorized_client"}"#),
        (400, #"{"error":"invalid_grant","suberror":"invalid_oob_value"}"#),
        (400, #"{"error":"invalid_grant","error_codes":[50034]}"#), (400, #"{"error":"invalid_grant","error_codes":[50126]}"#),
        (400, #"{"error":"invalid_grant","error_codes":[400002]}"#), (400, #"{"error":"invalid_grant","suberror":"mfa_required"}"#),
        (400, #"{"error":"expired_token","error_codes":[552003]}"#), (400, #"{"error":"expired_refresh_token"}"#),
        (400, #"{"error":"unsupported_challenge_type"}"#), (400, #"{"error":"invalid_scope"}"#),
        (400, #"{"error":"authorization_pending"}"#), (400, #"{"error":"slow_down"}"#), (400, #"{"error":"user_not_found"}"#),
        (400, #"{"error":"unsupported_grant_type"}"#), (500, "upstream down"), (404, "not found"), (400, "not json"),
        (200, redirect), (200, #"{"access_token":"a"}"#),
    ]

    /// Every kind of oauth2/v2.0/challenge failure except the password challenge.
    static let challengeFailures: [(Int, String)] = [
        (200, redirect), (200, #"{"continuation_token":"x"}"#), (200, #"{"challenge_type":"oob","continuation_token":"x"}"#),
        (200, #"{"challenge_type":"password"}"#), (400, #"{"error":"access_denied","suberror":"provider_blocked_by_rep"}"#),
        (400, #"{"error":"access_denied"}"#), (400, #"{"error":"invalid_request","suberror":"introspect_required"}"#),
        (400, #"{"error":"invalid_grant"}"#), (400, #"{"error":"expired_token"}"#), (400, #"{"error":"unauthorized_client"}"#),
        (400, #"{"error":"unsupported_challenge_type"}"#), (400, #"{"error":"server_busy"}"#), (503, ""), (200, "[1]"),
    ]

    private func newState(_ step: Step, _ status: Int, _ body: String) -> String?? {
        expectation(step, status, body)?.outcome.map(\.newState)
    }

    @Test("§5.6: sign-in submitCode, submitPassword and MFA submitChallenge hand back a state for every /token error")
    func signInRetryStates() {
        let states: [Step: String] = [
            .signInSubmitCode: "SignInCodeRequiredState", .signInSubmitPassword: "SignInPasswordRequiredState",
            .mfaSubmitChallenge: "MFARequiredState",
        ]
        for (step, state) in states {
            for (status, body) in Self.tokenFailures {
                #expect(newState(step, status, body) == .some(state), "\(step) \(status) \(body)")
            }
        }
    }

    @Test("§5.6: sign-in resend and MFA requestChallenge hand back a state for every challenge error, not for a password challenge")
    func challengeRetryStates() {
        let states: [Step: String] = [.signInResendCode: "SignInCodeRequiredState", .mfaRequestChallenge: "MFARequiredState"]
        for (step, state) in states {
            for (status, body) in Self.challengeFailures {
                #expect(newState(step, status, body) == .some(state), "\(step) \(status) \(body)")
            }
            #expect(newState(step, 200, #"{"challenge_type":"password","continuation_token":"x"}"#) == .some(nil))
        }
    }

    @Test("§5.6: reset-password resend never hands back a state")
    func resetResendNeverRetries() {
        for (status, body) in Self.challengeFailures {
            #expect(newState(.resetPasswordResendCode, status, body) == .some(nil), "\(status) \(body)")
        }
    }

    @Test("§5.6: sign-up submitCode keeps its state only for bad user input")
    func signUpSubmitCodeRetries() {
        #expect(newState(.signUpSubmitCode, 400, #"{"error":"invalid_grant","suberror":"invalid_oob_value"}"#) == .some("SignUpCodeRequiredState"))
        #expect(newState(.signUpSubmitCode, 400, #"{"error":"invalid_grant","suberror":"password_banned"}"#) == .some("SignUpCodeRequiredState"))
        for body in [#"{"error":"expired_token"}"#, #"{"error":"invalid_grant"}"#, #"{"error":"user_already_exists"}"#, "x"] {
            #expect(newState(.signUpSubmitCode, 400, body) == .some(nil), "\(body)")
        }
    }

    @Test("§5.6: the registration challenge keeps its state for every error except a redirect")
    func registrationChallengeRetries() {
        for (status, body) in [(400, #"{"error":"invalid_request"}"#), (400, #"{"error":"expired_token"}"#), (500, ""), (200, #"{"challenge_type":"sms"}"#)] {
            #expect(newState(.registerChallenge, status, body) == .some("RegisterStrongAuthState"), "\(status) \(body)")
            #expect(newState(.registerSubmitChallenge, status, body) == .some("RegisterStrongAuthVerificationRequiredState"), "\(status) \(body)")
        }
        #expect(newState(.registerChallenge, 200, Self.redirect) == .some(nil))
        #expect(newState(.registerSubmitChallenge, 200, Self.redirect) == .some(nil))
    }

    @Test("§5.7: expired_token is a general error on every endpoint that decodes it")
    func expiredTokenIsGeneral() {
        let endpoints: Set<String> = [
            "/signup/v1.0/challenge", "/signup/v1.0/continue", "/oauth2/v2.0/challenge", "/oauth2/v2.0/introspect",
            "/oauth2/v2.0/token", "/resetpassword/v1.0/challenge", "/resetpassword/v1.0/continue",
            "/resetpassword/v1.0/submit", "/resetpassword/v1.0/poll_completion",
        ]
        let steps = Step.allCases.filter { endpoints.contains($0.endpointPath) }
        #expect(steps.count > 20)
        for step in steps {
            let error = expectation(step, 400, #"{"error":"expired_token","error_codes":[552003]}"#)?.outcome?.error
            #expect(error?.hasSuffix(".generalError") == true, "\(step): \(error ?? "no outcome")")
        }
    }

    @Test("§5.8: a 200 redirect is browserRequired everywhere except signup/continue and the automatic JIT and refresh calls")
    func redirectIsBrowserRequired() {
        let completesSignUp: Set<Step> = [.signUpSubmitCode, .signUpSubmitPassword, .signUpSubmitAttributes]
        let anyFailureIsGeneral: Set<Step> = [
            .registerPreverifiedContinue, .registerPreverifiedToken, .registerSubmitToken, .getAccessToken,
            .mfaIntrospect(after: .registerSubmitToken), .registerIntrospect(after: .registerSubmitToken),
            .mfaIntrospect(after: .registerPreverifiedToken), .registerIntrospect(after: .registerPreverifiedToken),
        ]
        for step in Step.allCases {
            let result = expectation(step, 200, Self.redirect)?.outcome
            if completesSignUp.contains(step) {
                #expect(result?.callback == "onSignUpCompleted", "\(step)")
            } else if anyFailureIsGeneral.contains(step) {
                #expect(result?.error?.hasSuffix(".generalError") == true, "\(step)")
            } else {
                #expect(result?.error?.hasSuffix(".browserRequired") == true, "\(step): \(result?.description ?? "proceeds")")
            }
        }
    }
}
