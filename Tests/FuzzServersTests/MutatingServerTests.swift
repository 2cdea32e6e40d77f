import Emulator
import Foundation
import HAR
import Logging
import Testing

@testable import Fuzz
@testable import FuzzServers

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `authtape fuzz --serve`: the mutating server seen by a real HTTP client.
@Suite("Mutating server", .serialized)
struct MutatingServerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let capture = root.appendingPathComponent("captures/signin-password.har").path

    /// Collects log entries.
    final class LogBox: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [ServeLogEntry] = []
        func add(_ entry: ServeLogEntry) { lock.withLock { items.append(entry) } }
        var entries: [ServeLogEntry] { lock.withLock { items } }
    }

    struct Seen: Hashable {
        var status: Int
        var body: Data
    }

    static func post(_ base: URL, path: String, form: String) async throws -> Seen {
        var request = URLRequest(url: URL(string: base.absoluteString + path)!, timeoutInterval: 5)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(form.utf8)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return Seen(status: (response as? HTTPURLResponse)?.statusCode ?? -1, body: data)
    }

    /// The capture's requests, sent in recorded order to a server mutating with `seed`.
    static func serveCapture(seed: UInt64) async throws -> (seen: [Seen], log: [ServeLogEntry], recorded: [Seen]) {
        let entries = try HARReader.read(contentsOf: capture).log.entries.filter { $0.response.status != 0 }
        let operators = Operators.all.filter { $0.name != "transportFault" }
        let log = LogBox()
        let server = try await MutatingServer.start(
            .init(source: .capture(try CaptureAnswers(contentsOf: capture)), seed: seed, operators: operators)) { log.add($0) }
        var seen: [Seen] = []
        for entry in entries {
            let path = URLComponents(string: entry.request.url)?.path ?? "/"
            seen.append(try await post(server.baseURL, path: path, form: entry.request.postData?.text ?? ""))
        }
        await server.stop()
        let recorded = entries.map { Seen(status: $0.response.status, body: Data((try? $0.response.content.bodyBytes()) ?? [])) }
        return (seen, log.entries, recorded)
    }

    @Test("serving a capture mutates its answers the same way for the same seed, and a real client sees them")
    func captureDeterminism() async throws {
        let first = try await Self.serveCapture(seed: 42)
        let again = try await Self.serveCapture(seed: 42)
        let other = try await Self.serveCapture(seed: 43)

        #expect(first.seen.count == first.recorded.count)
        #expect(first.seen.count >= 3)
        #expect(first.seen == again.seen)
        #expect(first.log.map(\.line) == again.log.map(\.line))
        #expect(first.seen != other.seen)
        // Every exchange was mutated (rate 100) and the client got what the log says was sent.
        #expect(first.log.allSatisfy { $0.operatorName != nil })
        #expect(first.log.map(\.status) == first.seen.map { Optional($0.status) })
        #expect(first.seen != first.recorded)
    }

    @Test("proxying to the emulator passes answers through at rate 0 and mutates them with the chosen operators")
    func upstreamEmulator() async throws {
        let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let emulator = try await EmulatorServer.start(config: .default, seed: 5, logger: quiet)
        let path = emulator.authorityURL.path + "/oauth2/v2.0/initiate"
        let form = "client_id=11111111-2222-4333-8444-555555555555&username=alex%40contoso.com&challenge_type=oob%20password%20redirect"
        let direct = try await Self.post(emulator.baseURL, path: path, form: form)
        let directKeys = Set(try #require(JSONSerialization.jsonObject(with: direct.body) as? [String: Any]).keys)

        let plainLog = LogBox()
        let plain = try await MutatingServer.start(.init(source: .upstream(emulator.baseURL), seed: 1, rate: 0)) { plainLog.add($0) }
        let passed = try await Self.post(plain.baseURL, path: path, form: form)
        await plain.stop()

        let log = LogBox()
        let mutating = try await MutatingServer.start(
            .init(source: .upstream(emulator.baseURL), seed: 1, operators: [ExtraFieldOperator()])) { log.add($0) }
        let mutated = try await Self.post(mutating.baseURL, path: path, form: form)
        await mutating.stop()
        await emulator.shutdown()

        #expect(direct.status == 200)
        #expect(passed.status == 200)
        let passedKeys = Set(try #require(JSONSerialization.jsonObject(with: passed.body) as? [String: Any]).keys)
        #expect(passedKeys == directKeys)
        #expect(plainLog.entries.map(\.operatorName) == [nil])

        #expect(mutated.status == 200)
        let mutatedKeys = Set(try #require(JSONSerialization.jsonObject(with: mutated.body) as? [String: Any]).keys)
        #expect(mutatedKeys.isStrictSuperset(of: directKeys))
        #expect(log.entries.map(\.operatorName) == ["extraField"])
        #expect(log.entries.first?.step == "signInInitiate")
    }

    /// An operator that puts the answer's token into its detail, as a careless operator could.
    struct LeakyOperator: MutationOperator {
        var name: String { "leaky" }
        func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
            let token = JSONNode.parse(response.body)?["continuation_token"]?.stringValue ?? "-"
            return Mutated(response, "kept token \(token) and saw \(context.previousToken ?? "-")")
        }
    }

    @Test("the exchange log names method, path, operator and status, with passwords, codes and tokens redacted")
    func logRedaction() async throws {
        let answers = CaptureAnswers(answers: [
            CaptureAnswers.key("POST", "/oauth2/v2.0/token"): [
                FuzzResponse(status: 200, json: #"{"continuation_token":"CT-secret-000111","access_token":"AT-secret-222333"}"#),
            ],
        ])
        let log = LogBox()
        let server = try await MutatingServer.start(.init(source: .capture(answers), seed: 3, operators: [LeakyOperator()])) { log.add($0) }
        let seen = try await Self.post(server.baseURL, path: "/contoso.onmicrosoft.com/oauth2/v2.0/token",
                                       form: "grant_type=password&password=Canary-Pass-42%21&continuation_token=CT-request-444555")
        let unknown = try await Self.post(server.baseURL, path: "/contoso.onmicrosoft.com/signup/v1.0/start", form: "x=1")
        await server.stop()

        #expect(seen.status == 200)
        #expect(unknown.status == 404)
        let lines = log.entries.map(\.line)
        #expect(lines.count == 2)
        let first = try #require(lines.first)
        #expect(first.contains("POST /contoso.onmicrosoft.com/oauth2/v2.0/token"))
        #expect(first.contains("[signInSubmitPassword] leaky"))
        #expect(first.contains("→ 200"))
        #expect(first.contains("REDACTED"))
        for secret in ["CT-secret-000111", "AT-secret-222333", "Canary-Pass-42!", "CT-request-444555"] {
            #expect(!lines.joined().contains(secret))
        }
    }
}
