import Foundation
import HAR
import Testing
import Replay

@Suite("Token responses")
struct TokenReplayTests {
    /// A password sign-in whose token response was redacted (client_info included), then a refresh.
    static func redactedSignInThenRefresh() -> CaptureBuilder {
        var capture = CaptureBuilder()
        let types = ("challenge_type", "password redirect")
        capture.add("/oauth2/v2.0/initiate", [("username", "REDACTED-username-1"), types],
                    json: Bodies.token("REDACTED-continuation_token-1"))
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"), types],
                    json: Bodies.passwordChallenge("REDACTED-continuation_token-2"))
        let redacted = Bodies.tokens.replacingOccurrences(of: Bodies.clientInfo, with: "REDACTED-client_info-1")
        capture.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-2"), ("grant_type", "password"),
                                           ("scope", "openid profile offline_access"), ("password", "REDACTED-password-1"),
                                           ("client_info", "true"), ("username", "REDACTED-username-1"), types],
                    json: redacted)
        capture.requestId = "9B2F3C4D-0000-4000-8000-000000000001"
        capture.add("/oauth2/v2.0/token", [("grant_type", "refresh_token"), ("refresh_token", "REDACTED-refresh_token-1"),
                                           ("scope", "openid profile offline_access"), ("client_info", "true")],
                    json: redacted.replacingOccurrences(of: "access_token-1", with: "access_token-2"))
        return capture
    }

    @Test("A redacted client_info gets a well-formed stand-in, so a recorded sign-in replays as completed")
    func redactedClientInfoStandIn() async throws {
        let script = Self.redactedSignInThenRefresh().script
        #expect(script.flows.count == 1)
        let result = await ReplayRunner().replay(script)
        let steps = try #require(result.flows.first?.steps)
        #expect(steps.map(\.action) == ["signIn", "getAccessToken"])
        #expect(steps[0].actual?.callback == "onSignInCompleted")
        #expect(steps[1].actual?.callback == "onAccessTokenRetrieveCompleted")
        #expect(result.passed, "\(steps.flatMap(\.diagnostics))")
    }

    @Test("A refresh whose token no sign-in in the capture issued fails, saying the engine has no account")
    func orphanRefreshFails() async throws {
        var capture = CaptureBuilder()
        capture.add("/oauth2/v2.0/token", [("grant_type", "refresh_token"), ("refresh_token", "REDACTED-refresh_token-7"),
                                           ("scope", "openid profile offline_access"), ("client_info", "true")],
                    json: Bodies.tokens)
        let result = await ReplayRunner().replay(capture.script)
        #expect(!result.passed)
        let step = try #require(result.flows.first?.steps.first)
        #expect(step.actual == nil)
        #expect(step.diagnostics.contains { $0.contains("needs a signed-in account") })
    }
}
