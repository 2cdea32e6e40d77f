import AuthTapeTesting
import Foundation
import NativeAuth
import Testing

@Suite("AuthTapeTesting helpers")
struct AuthTapeTestingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Replaying a shipped capture returns each step's engine outcome beside the oracle's")
    func replayReturnsOutcomes() async {
        let path = Self.root.appendingPathComponent("captures/signin-wrong-password.har").path
        let result = await AuthTapeTesting.replay(capture: path)
        #expect(result.passed)
        #expect(result.steps.map(\.action) == ["signIn", "submitPassword", "submitPassword"])
        #expect(result.steps[1].actual?.error == "PasswordRequiredError.invalidPassword")
        #expect(result.steps.last?.actual?.callback == "onSignInCompleted")
        #expect(result.steps.allSatisfy { $0.actual == $0.expected })
    }

    @Test("Replaying a file that is not a capture fails with a diagnostic")
    func replayOfGarbageFails() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString).har").path
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = await AuthTapeTesting.replay(capture: path)
        #expect(!result.passed)
        #expect(result.steps.first?.diagnostics.isEmpty == false)
    }
}

@Suite("AuthTapeTesting helpers, V2")
struct AuthTapeTestingV2Tests {
    /// A redacted V2 password sign-in, as another tool would export it (absolute URLs, JSON bodies as text).
    static let capture = """
        {"log":{"version":"1.2","creator":{"name":"other","version":"1"},"entries":[
        \(entry("/oauth2/v2.0/authorize-challenge", "client_id=11111111-2222-4333-8444-555555555555&scope=openid+profile+offline_access", form: true, status: 401,
                #"{"continuation_token":"REDACTED-continuation_token-1","sign_in":"/t/api/v2.0/signin/start"}"#)),
        \(entry("/api/v2.0/signin/start", #"{"username":"REDACTED-username-1","continuationToken":"REDACTED-continuation_token-1"}"#,
                #"{"state":"interactionRequired","action":"challenge","continuationToken":"REDACTED-continuation_token-2","challengeContext":{"authenticationFactor":"singleFactor"},"_embedded":{"methods":[{"id":"REDACTED-method_id-1","type":"password","_links":{"challenge":{"href":"https://contoso.ciamlogin.com/t/api/v2.0/auth/methods/password/REDACTED-method_id-1/challenge"}}}]}}"#)),
        \(entry("/api/v2.0/auth/methods/password/REDACTED-method_id-1/challenge", #"{"continuationToken":"REDACTED-continuation_token-2"}"#,
                #"{"state":"interactionRequired","action":"verify","continuationToken":"REDACTED-continuation_token-3","type":"password","_links":{"verify":{"href":"/t/api/v2.0/auth/methods/password/REDACTED-method_id-1/verify"}}}"#)),
        \(entry("/api/v2.0/auth/methods/password/REDACTED-method_id-1/verify", #"{"continuationToken":"REDACTED-continuation_token-3","password":"REDACTED-password-1"}"#,
                #"{"state":"continue","continuationToken":"REDACTED-continuation_token-4"}"#)),
        \(entry("/oauth2/v2.0/authorize-challenge", "continuation_token=REDACTED-continuation_token-4", form: true, #"{"code":"REDACTED-code-1"}"#)),
        \(entry("/oauth2/v2.0/token", "grant_type=authorization_code&code=REDACTED-code-1&client_id=11111111-2222-4333-8444-555555555555&client_info=true&scope=openid+profile+offline_access", form: true,
                #"{"token_type":"Bearer","scope":"openid profile offline_access","expires_in":3600,"access_token":"REDACTED-access_token-1","refresh_token":"REDACTED-refresh_token-1","id_token":"REDACTED-id_token-1","client_info":"REDACTED-client_info-1"}"#))
        ]}}
        """

    static func entry(_ path: String, _ request: String, form: Bool = false, status: Int = 200, _ response: String) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let mime = form ? "application/x-www-form-urlencoded" : "application/json"
        return """
            {"startedDateTime":"2026-11-28T10:00:00.000Z","time":1,"request":{"method":"POST","url":"https://contoso.ciamlogin.com/t\(path)",\
            "httpVersion":"HTTP/1.1","cookies":[],"headers":[],"queryString":[],"postData":{"mimeType":"\(mime)","text":\(quoted(request))},\
            "headersSize":-1,"bodySize":-1},"response":{"status":\(status),"statusText":"","httpVersion":"HTTP/1.1","cookies":[],"headers":[],\
            "content":{"size":0,"mimeType":"application/json","text":\(quoted(response))},"redirectURL":"","headersSize":-1,"bodySize":-1},\
            "cache":{},"timings":{"send":0,"wait":1,"receive":0}}
            """
    }

    @Test("Replaying a V2 capture returns the engine's Outcome of each V2 user action, every request matched")
    func replayOfAV2Capture() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("v2-\(UUID().uuidString).har").path
        try Data(Self.capture.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = await AuthTapeTesting.replay(capture: path)
        #expect(result.steps.map(\.action) == ["signInV2", "submitPassword"])
        #expect(result.steps.allSatisfy { $0.requestsMatched })
        #expect(result.steps.map { $0.actual?.callback } == ["onPasswordRequired", "onFlowCompleted"])
    }
}
