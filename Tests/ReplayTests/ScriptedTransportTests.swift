import Foundation
import NativeAuth
import Testing
import Replay
import NativeAuthWire

@Suite("Scripted transport")
struct ScriptedTransportTests {
    static func request(_ path: String, _ body: String) -> NativeAuthHTTPRequest {
        NativeAuthHTTPRequest(
            method: "POST", url: URL(string: "https://elsewhere.example/tenant" + path)!,
            headers: [NativeAuthHTTPHeader("client-request-id", UUID().uuidString)], body: Data(body.utf8))
    }

    @Test("A request with no recorded counterpart is refused with the closest request and the differing fields")
    func refusesWithDiff() async throws {
        let exchanges = RecordedExchange.exchanges(of: signUpCapture().document)
        let transport = ScriptedTransport(exchanges: exchanges)
        transport.expect(Array(exchanges[2...2]))
        let body = "client_id=\(CaptureBuilder().clientId)&continuation_token=REDACTED-continuation_token-2"
            + "&grant_type=oob&oob=12345678"
        await #expect(throws: TransportError.self) {
            _ = try await transport.send(Self.request("/signup/v1.0/continue", body))
        }
        let refusal = try #require(transport.log.first?.refusal)
        #expect(refusal.contains("closest recorded: entries[2] POST /signup/v1.0/continue (grant_type=oob)"))
        #expect(refusal.contains("oob: recorded \"REDACTED-oob-1\", sent a 8-character value (hidden)"))
        #expect(!refusal.contains("12345678"))
    }

    @Test("Matching requests are answered from the capture whatever the host, headers and field order")
    func answersMatchingRequests() async throws {
        let exchanges = RecordedExchange.exchanges(of: signUpCapture().document)
        let transport = ScriptedTransport(exchanges: exchanges)
        transport.expect(Array(exchanges[0...0]))
        let body = "challenge_type=redirect+password+oob&password=REDACTED-password-1&username=REDACTED-username-1"
            + "&client_id=\(CaptureBuilder().clientId)"
        let response = try await transport.send(Self.request("/signup/v1.0/start", body))
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("REDACTED-continuation_token-1"))
        // The same request again has no recorded counterpart left in this action.
        await #expect(throws: TransportError.self) {
            _ = try await transport.send(Self.request("/signup/v1.0/start", body))
        }
        #expect(transport.log.last?.refusal?.contains("no recorded request left") == true)
    }

    @Test("Placeholders recorded in the capture match only themselves in replay and anything in the mock")
    func placeholderPolicies() throws {
        let recorded = try #require(RecordedExchange.exchanges(of: signUpCapture().document).first)
        var fields = recorded.fields
        fields[2] = FormField("password", "hunter2")
        #expect(!RequestMatcher(placeholders: .exact).matches(method: "POST", endpoint: .signUpStart, fields: fields,
                                                              recorded: recorded))
        #expect(RequestMatcher(placeholders: .wildcard).matches(method: "POST", endpoint: .signUpStart, fields: fields,
                                                                recorded: recorded))
    }
}
