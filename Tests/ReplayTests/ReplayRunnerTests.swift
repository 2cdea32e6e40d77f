import Foundation
import HAR
import NativeAuth
import Testing
import Replay

@Suite("Replay runner")
struct ReplayRunnerTests {
    @Test("A sign-up with a wrong code, the right code and sign-in after sign-up replays and passes every step")
    func signUpReplaysAndPasses() async throws {
        let result = await ReplayRunner().replay(signUpCapture().script)
        let steps = try #require(result.flows.first?.steps)
        #expect(steps.map(\.action) == ["signUp", "submitCode", "submitCode", "signInAfterSignUp"])
        for step in steps { #expect(step.passed, "\(step.action): \(step.diagnostics)") }
        #expect(steps[0].endpoints == ["/signup/v1.0/start", "/signup/v1.0/challenge"])
        #expect(steps[0].actual == Outcome(callback: "onSignUpCodeRequired", newState: "SignUpCodeRequiredState",
                                           newStateToken: "REDACTED-continuation_token-2"))
        #expect(steps[1].actual?.error == "VerifyCodeError.invalidCode")
        #expect(steps[1].actual?.newStateToken == "REDACTED-continuation_token-2")
        #expect(steps[3].actual?.callback == "onSignInCompleted")
        #expect(result.passed)
    }

    @Test("Script inference reads the app configuration from the requests")
    func configurationIsInferred() throws {
        var capture = signUpCapture()
        capture.add("/oauth2/v2.0/initiate", [("username", "REDACTED-username-1"), ("challenge_type", "oob password redirect"),
                                              ("capabilities", "mfa_required registration_required")],
                    json: Bodies.token("REDACTED-continuation_token-9"))
        let configuration = try #require(capture.script.configuration)
        #expect(configuration.clientId == capture.clientId)
        #expect(configuration.authority == "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")
        #expect(configuration.challengeTypes == ["oob", "password"])
        #expect(configuration.capabilities == ["mfa_required", "registration_required"])
        #expect(configuration.scopes.isEmpty)
        #expect(capture.script.flows.count == 2)
    }

    @Test("A sign-in whose password goes out right after the password challenge is replayed as signIn with the password")
    func signInPasswordUpFront() async throws {
        var capture = CaptureBuilder()
        let types = ("challenge_type", "password redirect")
        capture.add("/oauth2/v2.0/initiate", [("username", "REDACTED-username-1"), types],
                    json: Bodies.token("REDACTED-continuation_token-1"))
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"), types],
                    json: Bodies.passwordChallenge("REDACTED-continuation_token-2"))
        capture.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-2"), ("grant_type", "password"),
                                           ("scope", "User.Read openid profile offline_access"),
                                           ("password", "REDACTED-password-1"), ("client_info", "true"),
                                           ("username", "REDACTED-username-1"), types],
                    json: Bodies.tokens)
        let script = capture.script
        let step = try #require(script.flows.first?.steps.first)
        #expect(step.action == .signIn(username: "REDACTED-username-1", password: "REDACTED-password-1", scopes: ["User.Read"]))
        #expect(script.flows[0].steps.count == 1)
        let result = await ReplayRunner().replay(script)
        #expect(result.passed, "\(result.flows.flatMap(\.steps).flatMap(\.diagnostics))")
        #expect(result.flows[0].steps[0].actual?.callback == "onSignInCompleted")
    }

    @Test("Identical poll requests are answered in recorded sequence")
    func pollingIsAnsweredInSequence() async throws {
        var capture = CaptureBuilder()
        capture.add("/resetpassword/v1.0/start", [("username", "REDACTED-username-1"), ("challenge_type", "oob redirect")],
                    json: Bodies.token("REDACTED-continuation_token-1"))
        capture.add("/resetpassword/v1.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"),
                                                      ("challenge_type", "oob redirect")],
                    json: Bodies.oob("REDACTED-continuation_token-2"))
        capture.add("/resetpassword/v1.0/continue", [("continuation_token", "REDACTED-continuation_token-2"),
                                                     ("grant_type", "oob"), ("oob", "REDACTED-oob-1")],
                    json: "{\"continuation_token\":\"REDACTED-continuation_token-3\",\"expires_in\":600}")
        capture.add("/resetpassword/v1.0/submit", [("continuation_token", "REDACTED-continuation_token-3"),
                                                   ("new_password", "REDACTED-password-1")],
                    json: "{\"continuation_token\":\"REDACTED-continuation_token-4\",\"poll_interval\":1}")
        for (index, status) in ["in_progress", "in_progress", "succeeded"].enumerated() {
            capture.add("/resetpassword/v1.0/poll_completion", [("continuation_token", "REDACTED-continuation_token-4")],
                        json: "{\"status\":\"\(status)\",\"continuation_token\":\"REDACTED-continuation_token-\(5 + index)\"}")
        }
        let result = await ReplayRunner().replay(capture.script)
        let steps = try #require(result.flows.first?.steps)
        #expect(steps.map(\.action) == ["resetPassword", "submitCode", "submitPassword"])
        #expect(steps[2].endpoints.filter { $0.hasSuffix("poll_completion") }.count == 3)
        #expect(steps[2].actual?.callback == "onResetPasswordCompleted")
        #expect(result.passed, "\(steps.flatMap(\.diagnostics))")
    }

    @Test("A recorded expected outcome that differs from the oracle's expectation fails with a readable message")
    func annotatedOutcomeDisagreement() async throws {
        var document = signUpCapture().document
        // The wrong-code response was annotated as if the code had been accepted.
        document.log.entries[2].authtape = AuthTapeEntryFields(
            schemaVersion: 1,
            expectedOutcome: AuthTapeExpectedOutcome(callback: "onSignUpCompleted", newState: "SignInAfterSignUpState"))
        let result = await ReplayRunner().replay(ScriptInference.script(of: document, path: "annotated.har"))
        #expect(!result.passed)
        let step = try #require(result.flows.first?.steps[1])
        #expect(!step.passed)
        let message = try #require(step.diagnostics.first)
        #expect(message.contains("entries[2]"))
        #expect(message.contains("onSignUpCompleted"))
        #expect(message.contains("onSignUpVerifyCodeError"))
    }

    @Test("An engine request that deviates from the capture is refused and reported with the differing field")
    func deviatingRequestFailsClosed() async throws {
        var capture = signUpCapture()
        var document = capture.document
        // The recorded challenge call announced different challenge types than the start call did.
        document.log.entries[1].request.postData?.text = "client_id=\(capture.clientId)"
            + "&continuation_token=REDACTED-continuation_token-1&challenge_type=password+redirect"
        capture = CaptureBuilder()
        let result = await ReplayRunner().replay(ScriptInference.script(of: document, path: "deviating.har"))
        #expect(!result.passed)
        let first = try #require(result.flows.first?.steps.first)
        #expect(!first.requestsMatched)
        let refusal = try #require(first.diagnostics.first { $0.contains("fail closed") })
        #expect(refusal.contains("/signup/v1.0/challenge"))
        #expect(refusal.contains("challenge_type: recorded \"password redirect\", sent \"oob password redirect\""))
    }
}
