import Testing

@testable import Oracle

@Suite("Walking the responses of one action")
struct OutcomeChainTests {
    func walk(_ step: Step, _ responses: [(Int, String)], headers: [(String, String)] = []) -> ChainPrediction {
        OutcomeTable.walk(from: step, responses: responses.map { RawResponse(status: $0.0, headers: headers, text: $0.1) })
    }

    @Test("signUp start and challenge end in onSignUpCodeRequired after two responses")
    func signUpStart() {
        let result = walk(.signUpStart, [(200, #"{"continuation_token":"SU-CT-1"}"#), (200, oobChallengeBody), (400, "{}")])
        #expect(result.expectation.outcome?.callback == "onSignUpCodeRequired")
        #expect(result.consumed == 2)
        #expect(result.hops.map(\.step) == [.signUpStart, .signUpStartChallenge])
    }

    @Test("credential_required chains into the password challenge")
    func credentialRequiredChain() {
        let result = walk(.signUpSubmitCode, [
            (400, #"{"error":"credential_required","error_codes":[55103],"continuation_token":"SU-CT-5"}"#),
            (200, #"{"challenge_type":"password","continuation_token":"SU-CT-6"}"#),
        ])
        #expect(result.expectation.outcome == ExpectedOutcome(
            callback: "onSignUpPasswordRequired", newState: "SignUpPasswordRequiredState", newStateToken: .fromResponse))
    }

    @Test("a single 5xx is retried and the retry's answer decides")
    func serverErrorRetriedOnce() {
        let retried = walk(.signInInitiate, [(500, ""), (200, #"{"continuation_token":"SI-CT-1"}"#), (200, oobChallengeBody)])
        #expect(retried.expectation.outcome?.callback == "onSignInCodeRequired")
        #expect(retried.hops.first?.row == nil)
        let twice = walk(.signInInitiate, [(500, ""), (0, ""), (200, #"{"continuation_token":"x"}"#)])
        #expect(twice.expectation.outcome?.error == "SignInStartError.generalError")
        #expect(twice.consumed == 2)
    }

    @Test("a PKeyAuth challenge makes the client resend the same request")
    func pkeyAuthResend() {
        let responses = [
            RawResponse(status: 401, headers: [("WWW-Authenticate", "PKeyAuth Nonce=\"n\"")], text: "{}"),
            RawResponse(status: 200, text: tokenSuccessBody),
        ]
        #expect(OutcomeTable.walk(from: .signInPasswordToken, responses: responses).expectation.outcome?.callback == "onSignInCompleted")
    }

    @Test("the reset poll loop gives up on the sixth pending answer")
    func pollLimit() {
        let pending = (200, #"{"status":"in_progress"}"#)
        let result = walk(.resetPasswordSubmit, [(200, #"{"continuation_token":"RP-CT-4","poll_interval":2}"#)] + Array(repeating: pending, count: 7))
        #expect(result.consumed == 7)
        #expect(result.hops.last?.step == .resetPasswordPollFinal)
        #expect(result.expectation.outcome?.error == "PasswordRequiredError.generalError")
    }

    @Test("a transport retry inside the poll loop does not count as a poll call")
    func pollRetryNotCounted() {
        let pending = (200, #"{"status":"not_started"}"#)
        let result = walk(.resetPasswordSubmit, [(200, #"{"continuation_token":"RP-CT-4","poll_interval":1}"#), (502, "")]
            + Array(repeating: pending, count: 5) + [(200, #"{"status":"succeeded","continuation_token":"RP-CT-5"}"#)])
        #expect(result.expectation.outcome?.callback == "onResetPasswordCompleted")
        #expect(result.consumed == 8)
    }

    @Test("responses that run out before the action ends leave a pending next step")
    func incomplete() {
        let result = walk(.signInInitiateWithPassword, [(200, #"{"continuation_token":"x"}"#)])
        #expect(result.expectation == .proceed(to: .signInChallengeWithPassword))
    }
}

@Suite("From public MSAL calls to steps")
struct StepActionTests {
    @Test("each state method starts at the step of its own flow")
    func firstSteps() {
        #expect(Step.first(of: "submitCode", on: "SignUpCodeRequiredState") == .signUpSubmitCode)
        #expect(Step.first(of: "submitCode", on: "SignInCodeRequiredState") == .signInSubmitCode)
        #expect(Step.first(of: "submitCode", on: "ResetPasswordCodeRequiredState") == .resetPasswordSubmitCode)
        #expect(Step.first(of: "signIn", on: nil, passwordSupplied: true) == .signInInitiateWithPassword)
        #expect(Step.first(of: "signIn", on: "SignInAfterResetPasswordState") == .signInAfterResetPassword)
        #expect(Step.first(of: "requestChallenge", on: "AwaitingMFAState") == .mfaRequestChallenge)
        #expect(Step.first(of: "submitAttributes", on: "SignInCodeRequiredState") == nil)
    }

    @Test("every state a success outcome hands over has at least one method that starts a step")
    func everyStateHasAMethod() {
        let states = Set(OutcomeTable.rows.compactMap { $0.expected?.newState })
        let methods = ["submitCode", "resendCode", "submitPassword", "submitAttributes", "signIn", "requestChallenge",
                       "submitChallenge", "challengeAuthMethod"]
        for state in states {
            #expect(methods.contains { Step.first(of: $0, on: state) != nil }, "\(state) has no method")
        }
    }
}
