import Foundation
import HAR
import Testing
import Replay

@Suite("Second factor")
struct SecondFactorReplayTests {
    @Test("A password sign-in that needs MFA replays as signIn, requestChallenge and submitChallenge")
    func mfaSignIn() async throws {
        var capture = CaptureBuilder()
        let types = ("challenge_type", "oob password redirect")
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
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-4"), types,
                                               ("id", "REDACTED-id-1")],
                    json: Bodies.oob("REDACTED-continuation_token-5"))
        capture.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-5"), ("grant_type", "mfa_oob"),
                                           ("scope", "openid profile offline_access"), ("oob", "REDACTED-oob-1"),
                                           ("client_info", "true")],
                    json: Bodies.tokens)
        let script = capture.script
        #expect(script.configuration?.capabilities == ["mfa_required"])
        let result = await ReplayRunner().replay(script)
        let steps = try #require(result.flows.first?.steps)
        #expect(steps.map(\.action) == ["signIn", "requestChallenge", "submitChallenge"])
        #expect(steps.first?.actual?.callback == "onSignInAwaitingMFA")
        #expect(steps.last?.actual?.callback == "onSignInCompleted")
        for step in steps { #expect(step.passed, "\(step.action): \(step.diagnostics)") }
    }
}
