import Foundation
import HAR
import NIOCore
import NIOHTTP1
import Redaction
import Testing

@testable import Recorder

/// `authtape record` of native-auth V2 traffic (`native-auth-v2.md` §2.1, §2.2, §2.4): every
/// canary is absent from every byte of the journal and of the HAR.
@Suite("Recording V2 traffic")
struct V2CanaryRecordingTests {
    enum V2 {
        static let tokens = (0...4).map { "V2CT-\($0)-a9f03c7e51b2" }
        static let passwordMethod = "pwm-7f3a9c21"
        static let emailMethod = "emm-91c2d4e8"
        static let username = "v2.canary@example.com"
        static let password = "V2-Canary-Pass-1!"
        static let newPassword = "V2-Canary-New-2!"
        static let otp = "48213907"
        static let authorizationCode = "V2AC-1.AQABcanary77x"
        static let accessToken = "eyJhbGciOiJub25lIn0.eyJjYW5hcnkiOiJ2MiJ9.c2lnbmF0dXJlY2FuYXJ5"

        /// Every value that must not reach a file.
        static let canaries =
            tokens + [passwordMethod, emailMethod, username, password, newPassword, otp, authorizationCode, accessToken]
    }

    /// The loopback upstream: V2's answers by path.
    static func answer(_ head: HTTPRequestHead, _ body: [UInt8]) -> UpstreamReply {
        let t = V2.tokens
        let methods = "/t/api/v2.0/auth/methods"
        let path = head.uri
        if path.hasSuffix("/oauth2/v2.0/authorize-challenge") {
            if String(decoding: body, as: UTF8.self).contains("continuation_token=") {
                return .json(#"{"code":"\#(V2.authorizationCode)"}"#)
            }
            return .json(
                #"{"continuation_token":"\#(t[0])","sign_in":"/t/api/v2.0/signin/start","sign_up":"/t/api/v2.0/signup/start","reset_password":"/t/api/v2.0/resetpassword/start"}"#,
                status: .unauthorized)
        }
        if path.hasSuffix("/signin/start") {
            return .json(
                #"{"state":"interactionRequired","action":"challenge","continuationToken":"\#(t[1])","_embedded":{"methods":["#
                    + #"{"id":"\#(V2.passwordMethod)","type":"password","_links":{"challenge":{"href":"\#(methods)/password/\#(V2.passwordMethod)/challenge"}}},"#
                    + #"{"id":"\#(V2.emailMethod)","type":"email","hint":"v***y@e*****e.com","_links":{"challenge":{"href":"\#(methods)/email/\#(V2.emailMethod)/challenge"}}}]}}"#)
        }
        if path.hasSuffix("/\(V2.emailMethod)/challenge") {
            return .json(
                #"{"state":"interactionRequired","action":"verify","continuationToken":"\#(t[2])","id":"\#(V2.emailMethod)","type":"email","codeLength":8,"#
                    + #""_links":{"verify":{"href":"\#(methods)/email/\#(V2.emailMethod)/verify"}}}"#)
        }
        if path.hasSuffix("/verify") || path.hasSuffix("/resetpassword/submit") {
            return .json(#"{"state":"continue","continuationToken":"\#(t[3])","_links":{"continue":{"href":"/t/oauth2/v2.0/authorize-challenge"}}}"#)
        }
        if path.hasSuffix("/oauth2/v2.0/token") {
            return .json(#"{"token_type":"Bearer","expires_in":3599,"access_token":"\#(V2.accessToken)","refresh_token":"1.AXcanaryRefresh77"}"#)
        }
        return .json(#"{"error":{"code":"invalidRequest"}}"#, status: .badRequest)
    }

    static func json(_ uri: String, _ text: String) -> TestRequest {
        TestRequest(method: .POST, uri: uri, headers: [("content-type", "application/json")], body: Array(text.utf8))
    }

    /// A sign-in by e-mail OTP, a password verify and a new password, then the code and tokens.
    static func requests() -> [TestRequest] {
        let t = V2.tokens
        let methods = "/t/api/v2.0/auth/methods"
        return [
            .post("/t/oauth2/v2.0/authorize-challenge", form: "client_id=1111&scope=openid+offline_access"),
            json("/t/api/v2.0/signin/start", #"{"username":"\#(V2.username)","continuationToken":"\#(t[0])"}"#),
            json("\(methods)/email/\(V2.emailMethod)/challenge", #"{"continuationToken":"\#(t[1])"}"#),
            json("\(methods)/email/\(V2.emailMethod)/verify", #"{"continuationToken":"\#(t[2])","otp":"\#(V2.otp)"}"#),
            json("\(methods)/password/\(V2.passwordMethod)/verify", #"{"continuationToken":"\#(t[2])","password":"\#(V2.password)"}"#),
            json("/t/api/v2.0/resetpassword/submit", #"{"continuationToken":"\#(t[3])","newPassword":"\#(V2.newPassword)"}"#),
            .post("/t/oauth2/v2.0/authorize-challenge", form: "continuation_token=\(t[3])"),
            .post("/t/oauth2/v2.0/token", form: "grant_type=authorization_code&code=\(V2.authorizationCode)&client_id=1111"),
        ]
    }

    /// Whether the default rules know V2's camelCase JSON keys (the V2 field rules of issue 23,
    /// point 2). Without them, values that only a V2 rule can recognise (`continuationToken`s
    /// never sent under their V1 name, the `otp`, `newPassword`, method ids) are known issues;
    /// every value some rule redacts must be gone everywhere all the same.
    static func rulesKnowV2() throws -> Bool {
        let body = #"{"continuationToken":"V2-probe-1234567","newPassword":"V2-probe-7654321"}"#
        var entry = HAREntry(
            startedDateTime: "2026-11-28T10:00:00Z", time: 0,
            request: HARRequest(method: "POST", url: "https://x.example/t/api/v2.0/signin/start", httpVersion: "HTTP/1.1"),
            response: HARResponse(status: 200, statusText: "OK", httpVersion: "HTTP/1.1"))
        entry.request.postData = HARPostData(mimeType: "application/json", text: body)
        let redacted = try Redactor().redact(entry).entry
        return !(redacted.request.postData?.text ?? "").contains("V2-probe")
    }

    @Test("Every V2 canary is absent from every byte of the journal and of the HAR")
    func noCanaryReachesAFile() async throws {
        let path = temporaryCapturePath()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let upstream = try await TestUpstream.start(group: group) { head, body in Self.answer(head, body) }
        let settings = RecorderSettings(mode: .reverse(Upstream(host: "127.0.0.1", port: upstream.port, isTLS: false)))
        let writer = try CaptureWriter(settings: .init(outputPath: path), console: nil)
        let proxy = try await RecordingProxy.start(settings: settings, sink: writer, group: group)
        let responses = try await TestClient.send(Self.requests(), to: proxy.port, group: group)
        try await proxy.shutdown()
        await upstream.stop()
        #expect(responses.map(\.status) == [401, 200, 200, 200, 200, 200, 200, 200])
        writer.drain()
        let journal = try Data(contentsOf: URL(fileURLWithPath: writer.journalPath))
        try writer.finish()
        let har = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(writer.entryCount == 8)

        let strict = try Self.rulesKnowV2()
        // What the V1 rules and replace-everywhere already guarantee, with or without V2 rules:
        // the 401 body's token (snake_case), the password, the username, the authorization code,
        // the access token, and wherever else they recur.
        let guaranteed: Set<String> = [
            V2.tokens[0], V2.username, V2.password, V2.authorizationCode, V2.accessToken,
        ]
        for (name, bytes) in [("journal", journal), ("HAR", har)] {
            let text = String(decoding: bytes, as: UTF8.self)
            for (number, canary) in V2.canaries.enumerated() where text.contains(canary) {
                if strict || guaranteed.contains(canary) {
                    Issue.record("the \(name) holds canary #\(number)")
                } else {
                    withKnownIssue("needs the V2 field rules (issue 23, point 2)") {
                        Issue.record("the \(name) holds canary #\(number)")
                    }
                }
            }
        }
        // A value redacted by a rule in one entry is gone from the others: the token of the 401
        // answer was sent back under V2's camelCase name, which only replace-everywhere catches
        // without V2 rules; the code of the answer is in the later /token form.
        let text = String(decoding: har, as: UTF8.self)
        #expect(!text.contains(V2.tokens[0]))
        #expect(!text.contains(V2.authorizationCode))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
