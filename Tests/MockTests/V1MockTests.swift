import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HAR
import Mock
import NativeAuth
import Replay
import Testing

/// The mock server over V1 captures built in code, driven by the SDK engine.
@Suite("The mock server serves V1 captures", .serialized)
struct V1MockTests {
    @Test("The mock server answers a live engine over loopback in recorded order and refuses a deviation with JSON")
    func mockServesLiveEngine() async throws {
        let exchanges = RecordedExchange.exchanges(of: signUpCapture().document)
        let lines = LogLines()
        let mock = try await MockServer.start(capture: MockCapture(v1: exchanges), logger: lines.logger)
        do {
            let authority = mock.baseURL.appendingPathComponent("contoso.onmicrosoft.com")
            let app = try MSALNativeAuthPublicClientApplication(
                clientId: CaptureBuilder().clientId, authority: authority, challengeTypes: [.OOB, .password],
                environment: NativeAuthEnvironment(transport: URLSessionTransport(), clock: ImmediateClock()))
            // A real user types real secrets: the recorded placeholders match any value.
            let start = await app.signUp(username: "alex@example.com", password: "Real-Pass-1")
            guard case .codeRequired(let state, _, _, _) = start else {
                Issue.record("unexpected \(start.outcome)")
                await mock.stop()
                return
            }
            let wrong = await state.submitCode(code: "00000000")
            #expect(wrong.outcome.error == "VerifyCodeError.invalidCode")
            let right = await state.submitCode(code: "12345678")
            #expect(right.outcome.callback == "onSignUpCompleted")
            #expect(mock.remaining == 1)

            var request = URLRequest(url: authority.appendingPathComponent("resetpassword/v1.0/start"))
            request.httpMethod = "POST"
            request.httpBody = Data("client_id=x&username=alex%40example.com&challenge_type=oob+redirect".utf8)
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 404)
            let body = try JSONParser.parse(Array(data))
            #expect(body["error"]?.stringValue == "authtape_mock_no_match")
            #expect(body["error_description"]?.stringValue?.contains("/resetpassword/v1.0/start") == true)
            #expect(body["differing_fields"]?.arrayValue?.isEmpty == false)
            let logged = lines.all.filter { $0.contains(" served ") || $0.contains(" refused ") }
            #expect(logged.filter { $0.contains(" served ") }.count == 4)
            #expect(logged.filter { $0.contains(" refused ") }.count == 1)
            for secret in ["Real-Pass-1", "alex@example.com", "alex%40example.com", "12345678", "00000000"] {
                #expect(!lines.all.contains { $0.contains(secret) }, "\(secret) was logged")
            }
        } catch {
            Issue.record("\(error)")
        }
        await mock.stop()
    }
}
