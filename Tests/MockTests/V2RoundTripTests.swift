import AsyncHTTPClient
import Emulator
import Foundation
import HAR
import Logging
import Mock
import NativeAuthWire
import Recorder
import Redaction
import Testing

/// Issue 25 point 4: every V2 journey recorded live through the recording proxy (redacted by default),
/// checked by the leak scanner, then served by the mock to the same journey, answer for answer.
@Suite("V2 journeys round-trip: emulator, recorder, leak check, mock", .serialized)
struct V2RoundTripTests {
    static let quiet = Logger(label: "mock.tests") { _ in SwiftLogNoOpLogHandler() }
    /// The code the user types against the mock (the capture holds only placeholders).
    static let typedCode = "13572468"

    @Test("the mock answers a journey recorded from the emulator with the recorded status and body of every step", arguments: V2Journey.allCases)
    func roundTrip(journey: V2Journey) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mock-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("\(journey.rawValue).har").path
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let recording = try await Self.record(journey, to: path, http: http)
            try await Self.check(journey, path: path, recording: recording, http: http)
        } catch {
            try await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }

    struct Recording {
        var answers: [V2Client.Answer]
        /// Every value that must not reach the capture: what the user typed, the codes sent to them,
        /// and the tokens, codes and method ids the server answered.
        var secrets: [String]
        var tenantPath: String
    }

    /// Runs the journey against the emulator through a reverse recording proxy writing `path`.
    static func record(_ journey: V2Journey, to path: String, http: HTTPClient) async throws -> Recording {
        let core = try EmulatorCore(config: V2Journey.config, seed: 25, clock: .manual(), logger: quiet)
        let emulator = try await EmulatorServer.start(core: core, port: 0, logger: quiet)
        let proxy = RecorderSettings(mode: .reverse(Upstream(host: "127.0.0.1", port: emulator.port, isTLS: false)))
        var configuration = RecordingSession.Configuration(proxy: proxy, capture: .init(outputPath: path))
        configuration.consoleWrite = { _ in }
        let session: RecordingSession
        do { session = try await RecordingSession.start(configuration) } catch {
            await emulator.shutdown()
            throw error
        }
        let codes = Locked<[String]>([])
        let client = V2Client(
            http: http, origin: "http://127.0.0.1:\(session.proxy.port)", tenantPath: emulator.authorityURL.path,
            code: { recipient in
                let code = core.latestCode(for: recipient) ?? "none"
                codes.withLock { $0.append(code) }
                return code
            })
        do { try await journey.run(client) } catch {
            _ = try? await session.stop()
            await emulator.shutdown()
            throw error
        }
        _ = try await session.stop()
        await emulator.shutdown()
        let answers = client.answers.withLock { $0 }
        let secrets = V2Journey.typed + codes.withLock { $0 } + answers.flatMap { served(in: $0.json) }
        return Recording(answers: answers, secrets: secrets, tenantPath: emulator.authorityURL.path)
    }

    /// The tokens, authorization codes and method ids of an answer.
    static func served(in json: JSONValue) -> [String] {
        var found: [String] = []
        let secretKeys: Set<String> = [
            "continuationToken", "continuation_token", "access_token", "refresh_token", "id_token", "id",
        ]
        func walk(_ value: JSONValue, key: String, depth: Int) {
            switch value {
            case .object(let object): for (name, member) in object { walk(member, key: name, depth: depth + 1) }
            case .array(let items): for item in items { walk(item, key: key, depth: depth) }
            case .string(let text):
                // `code` at the top level is the authorization code; inside `error` it is an error code.
                if secretKeys.contains(key) || (key == "code" && depth == 1) { found.append(text) }
            default: break
            }
        }
        walk(json, key: "", depth: 0)
        return found
    }

    /// Leak-checks the capture, serves it with the mock and runs the journey again against it.
    static func check(_ journey: V2Journey, path: String, recording: Recording, http: HTTPClient) async throws {
        #expect(recording.secrets.count > V2Journey.typed.count)
        let findings = try LeakScanner(canaries: recording.secrets, workers: 1).scan(path: path)
        #expect(findings.isEmpty, "the leak check found \(findings.map(\.description))")

        let document = try HARReader.read(contentsOf: path)
        let entries = document.log.entries
        #expect(entries.count == recording.answers.count)
        let capture = MockCapture(document: document)
        #expect(capture.count == entries.count, "every recorded exchange is servable")
        let lines = LogLines()
        let mock = try await MockServer.start(capture: capture, logger: lines.logger)
        let client = V2Client(
            http: http, origin: mock.baseURL.absoluteString, tenantPath: recording.tenantPath, code: { _ in typedCode })
        do { try await journey.run(client) } catch {
            await mock.stop()
            throw error
        }
        #expect(mock.remaining == 0)
        await mock.stop()

        let replayed = client.answers.withLock { $0 }
        #expect(replayed.map(\.status) == recording.answers.map(\.status))
        #expect(replayed.map(\.status).allSatisfy { $0 != 404 }, "the mock refused a request")
        for (index, (live, mocked)) in zip(recording.answers, replayed).enumerated() {
            #expect(BodyShape.of(mocked.json) == BodyShape.of(live.json), "step \(index): \(live.method) \(live.path)")
            #expect(mocked.method == live.method)
            guard index < entries.count, !live.path.hasSuffix("/oauth2/v2.0/token") else { continue }
            // The mock serves the recorded bytes: the capture's placeholders, not the live values.
            #expect(mocked.body == (try? entries[index].response.content.bodyBytes()), "step \(index)")
        }
        for secret in recording.secrets + [typedCode] {
            #expect(!lines.all.contains { $0.contains(secret) }, "the mock logged a secret of length \(secret.count)")
        }
        #expect(lines.all.filter { $0.contains(" served ") }.count == entries.count)
    }
}

/// The shape of a JSON answer: its members, array lengths and kinds of values, with the values that
/// steer a client (`state`, `action`, method and attribute types, error codes) kept and every other
/// string left out (the capture holds placeholders where the live answer held secrets).
enum BodyShape {
    static let kept: Set<String> = [
        "state", "action", "type", "authenticationFactor", "attributeId", "inputType", "scenario", "token_type",
    ]
    static let errorObjects: Set<String> = ["error", "innerError", "details"]

    static func of(_ value: JSONValue, key: String = "", parent: String = "") -> JSONValue {
        switch value {
        case .object(let object):
            return .object(JSONObject(object.map { (key: $0.key, value: of($0.value, key: $0.key, parent: key)) }))
        case .array(let items):
            return .array(items.map { of($0, key: key, parent: parent) })
        case .string(let text):
            return kept.contains(key) || (key == "code" && errorObjects.contains(parent)) ? .string(text) : "string"
        default:
            return value
        }
    }
}
