import Driver
import Foundation
import HAR
import Testing
import Replay

@Suite("Second factor")
struct SecondFactorReplayTests {
    static let types = ("challenge_type", "oob password redirect")

    /// A password sign-in that needs MFA, up to the introspect that hands over `AwaitingMFAState`
    /// holding `REDACTED-continuation_token-4` with the method `REDACTED-id-1`.
    static func awaitingMFA() -> CaptureBuilder {
        var capture = CaptureBuilder()
        let capabilities = ("capabilities", "mfa_required")
        capture.add("/oauth2/v2.0/initiate", [("username", "REDACTED-username-1"), types, capabilities],
                    json: Bodies.token("REDACTED-continuation_token-1"))
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"), types],
                    json: Bodies.passwordChallenge("REDACTED-continuation_token-2"))
        capture.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-2"), ("grant_type", "password"),
                                           ("scope", "openid profile offline_access"), ("password", "REDACTED-password-1"),
                                           ("client_info", "true"), ("username", "REDACTED-username-1"), types],
                    status: 400,
                    json: "{\"error\":\"invalid_grant\",\"suberror\":\"mfa_required\",\"error_codes\":[50076],"
                        + "\"error_description\":\"AADSTS50076: MFA required\","
                        + "\"continuation_token\":\"REDACTED-continuation_token-3\"}")
        capture.add("/oauth2/v2.0/introspect", [("continuation_token", "REDACTED-continuation_token-3")],
                    json: "{\"continuation_token\":\"REDACTED-continuation_token-4\",\"methods\":[{\"id\":\"REDACTED-id-1\","
                        + "\"challenge_type\":\"oob\",\"challenge_channel\":\"email\",\"login_hint\":\"a***@example.com\"}]}")
        return capture
    }

    /// `requestChallenge` on the state holding `token`, answered with a code sent and `next`.
    static func requestChallenge(_ capture: inout CaptureBuilder, token: String, next: String) {
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", token), types, ("id", "REDACTED-id-1")],
                    json: Bodies.oob(next))
    }

    /// `submitChallenge` with `code` on the state holding `token`, answered with `json`.
    static func submitChallenge(
        _ capture: inout CaptureBuilder, token: String, code: String, status: Int = 200, json: String = Bodies.tokens
    ) {
        capture.add("/oauth2/v2.0/token", [("continuation_token", token), ("grant_type", "mfa_oob"),
                                           ("scope", "openid profile offline_access"), ("oob", code),
                                           ("client_info", "true")],
                    status: status, json: json)
    }

    @Test("A password sign-in that needs MFA replays as signIn, requestChallenge and submitChallenge")
    func mfaSignIn() async throws {
        var capture = Self.awaitingMFA()
        Self.requestChallenge(&capture, token: "REDACTED-continuation_token-4", next: "REDACTED-continuation_token-5")
        Self.submitChallenge(&capture, token: "REDACTED-continuation_token-5", code: "REDACTED-oob-1")
        let script = capture.script
        #expect(script.configuration?.capabilities == ["mfa_required"])
        let result = await ReplayRunner().replay(script)
        let steps = try #require(result.flows.first?.steps)
        #expect(steps.map(\.action) == ["signIn", "requestChallenge", "submitChallenge"])
        #expect(steps.first?.actual?.callback == "onSignInAwaitingMFA")
        #expect(steps.last?.actual?.callback == "onSignInCompleted")
        for step in steps { #expect(step.passed, "\(step.action): \(step.diagnostics)") }
        #expect(steps.allSatisfy { $0.earlierState == nil }, "every action here is on the latest state")
    }

    /// MSAL's own end-to-end MFA test: after a wrong code, `requestChallenge` again on the
    /// `AwaitingMFAState` the sign-in handed over, whose token is older than the latest state's.
    static func challengeAgainOnTheEarlierState() -> CaptureBuilder {
        var capture = awaitingMFA()
        requestChallenge(&capture, token: "REDACTED-continuation_token-4", next: "REDACTED-continuation_token-5")
        submitChallenge(&capture, token: "REDACTED-continuation_token-5", code: "REDACTED-oob-1", status: 400,
                        json: Bodies.invalidOob)
        requestChallenge(&capture, token: "REDACTED-continuation_token-4", next: "REDACTED-continuation_token-6")
        submitChallenge(&capture, token: "REDACTED-continuation_token-6", code: "REDACTED-oob-2")
        return capture
    }

    @Test("After a wrong MFA code, requestChallenge on the earlier AwaitingMFAState is performed on that state and passes")
    func challengeAgainOnEarlierState() async throws {
        let script = Self.challengeAgainOnTheEarlierState().script
        let inferred = try #require(script.flows.first?.steps)
        #expect(inferred.map(\.state) == [nil, "AwaitingMFAState", "MFARequiredState", "AwaitingMFAState", "MFARequiredState"])
        let result = await ReplayRunner().replay(script)
        let steps = try #require(result.flows.first?.steps)
        #expect(steps.map(\.action) == ["signIn", "requestChallenge", "submitChallenge", "requestChallenge", "submitChallenge"])
        for step in steps { #expect(step.passed, "\(step.action): \(step.diagnostics)") }
        #expect(steps[2].actual?.error == "MFASubmitChallengeError.invalidChallenge")
        #expect(steps[3].actual?.newStateToken == "REDACTED-continuation_token-6")
        #expect(steps.last?.actual?.callback == "onSignInCompleted")
        let earlier = EarlierState(
            used: StateReference(state: "AwaitingMFAState", token: "REDACTED-continuation_token-4"),
            latest: StateReference(state: "MFARequiredState", token: "REDACTED-continuation_token-5"))
        #expect(steps.map(\.earlierState) == [nil, nil, nil, earlier, nil])
    }

    @Test("Every report format says which earlier state an action was performed on")
    func reportsNameTheEarlierState() async throws {
        let result = await ReplayRunner().replay(Self.challengeAgainOnTheEarlierState().script)
        let report = ReplayReport(captures: [result])
        let sentence = "performed on the earlier AwaitingMFAState(REDACTED-continuation_token-4), whose token the "
            + "recorded request carries, not on the latest MFARequiredState(REDACTED-continuation_token-5)"
        let text = ReplayReportRenderer.render(report, as: .text)
        #expect(text.contains("ok   requestChallenge [/oauth2/v2.0/challenge] → onMFARequestChallengeVerificationRequired "
            + "→ MFARequiredState(REDACTED-continuation_token-6)\n         \(sentence)\n"), "\(text)")
        #expect(text.components(separatedBy: "performed on the earlier").count == 2)
        let junit = ReplayReportRenderer.render(report, as: .junit)
        #expect(junit.contains("name=\"flow 1 signIn step 4 requestChallenge\">\n      <system-out>\(sentence)</system-out>\n"
            + "    </testcase>"), "\(junit)")
        let json = ReplayReportRenderer.json(report)
        let steps = json.objectValue?["captures"]?.arrayValue?.first?.objectValue?["flows"]?.arrayValue?.first?
            .objectValue?["steps"]?.arrayValue ?? []
        #expect(steps.count == 5)
        let earlier = steps.map { $0.objectValue?["earlierState"] }
        #expect(earlier[0] == .null)
        #expect(earlier[3] == .object([
            "state": .string("AwaitingMFAState"), "token": .string("REDACTED-continuation_token-4"),
            "latestState": .string("MFARequiredState"), "latestToken": .string("REDACTED-continuation_token-5"),
        ]))
    }

    @Test("When two held states hold the request's token, the latest one is used (a blocked method keeps the old token)")
    func sameTokenOnTwoStatesUsesTheLatest() async throws {
        var capture = Self.awaitingMFA()
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-4"), Self.types,
                                               ("id", "REDACTED-id-1")],
                    status: 400, json: "{\"error\":\"access_denied\",\"suberror\":\"provider_blocked_by_rep\","
                        + "\"error_description\":\"AADSTS: blocked\",\"error_codes\":[550022]}")
        Self.requestChallenge(&capture, token: "REDACTED-continuation_token-4", next: "REDACTED-continuation_token-5")
        Self.submitChallenge(&capture, token: "REDACTED-continuation_token-5", code: "REDACTED-oob-1")
        let script = capture.script
        #expect(script.flows.first?.steps.map(\.state) == [nil, "AwaitingMFAState", "MFARequiredState", "MFARequiredState"])
        let result = await ReplayRunner().replay(script)
        let steps = try #require(result.flows.first?.steps)
        #expect(steps[1].actual?.error == "MFARequestChallengeError.authMethodBlocked")
        for step in steps { #expect(step.passed, "\(step.action): \(step.diagnostics)") }
        #expect(steps.allSatisfy { $0.earlierState == nil })
    }
}
