import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HAR
import NativeAuth
import Testing
import Replay

/// The only tests of this target that open sockets (the mock server) run here, one at a time, so the
/// socket count of the replay test is not disturbed by them.
@Suite("Network isolation and the mock server", .serialized)
struct NetworkIsolationTests {
    /// Open sockets of this process (Linux: `/proc/self/fd` links to `socket:[…]`); nil elsewhere.
    static func openSockets() -> Int? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        return names.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)"))?.hasPrefix("socket:") == true
        }.count
    }

    @Test("Replay opens no network connection: every request reaches the scripted transport and no socket is opened")
    func replayOpensNoSocket() async throws {
        var capture = signUpCapture()
        capture.host = "https://replay-must-never-connect.invalid/tenant"
        let rebuilt = signUpCapture().document.log.entries.map { entry -> HAREntry in
            var copy = entry
            copy.request.url = copy.request.url.replacingOccurrences(
                of: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com", with: capture.host)
            return copy
        }
        let document = HARDocument(log: HARLog(creator: HARCreator(name: "t", version: "1"), entries: rebuilt))
        let transports = TransportList()
        let before = Self.openSockets()
        let result = await ReplayRunner(transportObserver: { transports.append($0) })
            .replay(ScriptInference.script(of: document, path: "isolated.har"))
        let after = Self.openSockets()
        #expect(result.passed, "\(result.flows.flatMap(\.steps).flatMap(\.diagnostics))")
        #expect(transports.all.count == 1)
        #expect(transports.all.first?.requestCount == rebuilt.count)
        #expect(before == after)
    }

    @Test("The mock server answers a live engine over loopback in recorded order and refuses a deviation with JSON")
    func mockServesLiveEngine() async throws {
        let exchanges = RecordedExchange.exchanges(of: signUpCapture().document)
        let lines = LogLines()
        let mock = try await MockServer.start(exchanges: exchanges, logger: lines.logger)
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

/// Collects transports handed to the runner's observer.
final class TransportList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ScriptedTransport] = []
    func append(_ transport: ScriptedTransport) { lock.withLock { items.append(transport) } }
    var all: [ScriptedTransport] { lock.withLock { items } }
}
