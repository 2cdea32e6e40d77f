import Emulator
import Foundation
import HAR
import Logging
import NativeAuth
import NativeAuthWire
import Redaction
import Scenarios
import Testing

@Suite("Scenarios and the demo")
struct DemoTests {
    static func quietLogger() -> Logger { Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }) }

    @Test("Each demo journey passes against the emulator over loopback, without the recorder")
    func journeysPassDirectly() async throws {
        let core = try EmulatorCore(config: DemoRunner.demoConfig(), seed: 7, logger: Self.quietLogger())
        let emulator = try await EmulatorServer.start(core: core, logger: Self.quietLogger())
        let environment = ScenarioEnvironment(
            authority: emulator.authorityURL, passwordClientID: core.config.clients[0].id,
            codeClientID: core.config.clients[1].id, latestCode: { core.latestCode(for: $0) }, clock: ImmediateClock())
        for scenario in Scenario.demo {
            let log = ScenarioLog()
            do {
                try await scenario.run(environment, log)
            } catch {
                Issue.record("\(scenario.name) failed: \(error); steps: \(log.lines)")
            }
            #expect(!log.lines.isEmpty)
        }
        await emulator.shutdown()
    }

    @Test("The demo records every journey through the proxy into a clean, valid capture")
    func demoWritesACleanCapture() async throws {
        // The capture's path is printed: a UUID without its dashes is one 32-character word, so
        // its digits can never stand alone as the 8-digit code the console check below looks for
        // (with dashes, a first group of 8 digits, 2% of UUIDs, made that check fail).
        let unique = UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(unique)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("demo.har").path
        let lines = LinesBox()
        let report = try await DemoRunner.run(capturePath: path, print: { lines.append($0) })
        for scenario in report.scenarios {
            #expect(scenario.failure == nil, "\(scenario.name): \(scenario.failure ?? "") \(scenario.steps)")
        }
        #expect(report.leaks.isEmpty, "\(report.leaks)")
        #expect(report.replay.passed, "the demo capture does not replay")
        #expect(report.replay.captures.first?.flows.count == 3)
        let document = try HARReader.read(contentsOf: path)
        #expect(document.log.entries.count == report.entries)
        // Every recorded exchange is a native-auth call, and the sign-up's wrong code shows as a 400.
        for entry in document.log.entries {
            #expect(NativeAuthEndpoint(path: entry.request.url) != nil, "unexpected \(entry.request.url)")
        }
        #expect(document.log.entries.contains { $0.response.status == 400 && ($0.response.content.text ?? "").contains("invalid_oob_value") })
        // The console never shows a placeholder-free secret: codes are 8 digits, none printed.
        let console = lines.all.joined(separator: "\n")
        #expect(console.range(of: #"\b\d{8}\b"#, options: .regularExpression) == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The V2 sign-in with an email code: its own capture, every V2 step, clean, 0600.
        #expect(report.v2Scenarios.map(\.name) == ["signin-v2-email-code"])
        for scenario in report.v2Scenarios {
            #expect(scenario.failure == nil, "\(scenario.name): \(scenario.failure ?? "") \(scenario.steps)")
            #expect(scenario.steps == [
                "signInV2 -> onCodeRequired", "submitCode -> onFlowError (MSALNativeAuthFlowError.invalidCode)",
                "submitCode -> onFlowCompleted",
            ])
        }
        #expect(report.v2CapturePath == folder.appendingPathComponent("demo-v2.har").path)
        #expect(report.v2Leaks.isEmpty, "\(report.v2Leaks)")
        let v2Document = try HARReader.read(contentsOf: report.v2CapturePath)
        #expect(v2Document.log.entries.count == report.v2Entries)
        let v2Paths = v2Document.log.entries.compactMap { URL(string: $0.request.url)?.path }
        #expect(v2Paths.first?.hasSuffix("/oauth2/v2.0/authorize-challenge") == true)
        #expect(v2Paths.last?.hasSuffix("/oauth2/v2.0/token") == true)
        // O1, the entry link, the challenge of the only method, the wrong and the right code, O2, O17.
        #expect(v2Document.log.entries.count == 7)
        // The V2 capture replays with no network: three user actions, every request matched.
        let v2Steps = report.v2Replay.captures.flatMap(\.flows).flatMap(\.steps)
        #expect(v2Steps.map(\.action) == ["signInV2", "submitCode", "submitCode"])
        #expect(v2Steps.allSatisfy { $0.requestsMatched }, "\(v2Steps.map(\.diagnostics))")
        #expect(v2Steps.map { $0.actual?.callback } == ["onCodeRequired", "onFlowError", "onFlowCompleted"])
        #expect(report.v2Replay.passed, "\(v2Steps.map(\.diagnostics))")
        let v2Mode = try FileManager.default.attributesOfItem(atPath: report.v2CapturePath)[.posixPermissions] as? Int
        #expect(v2Mode == 0o600)
    }
}

final class LinesBox: @unchecked Sendable {
    private var lines: [String] = []
    private let lock = NSLock()
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

@Suite("The captures corpus")
struct CorpusTests {
    @Test("Every corpus scenario passes through the recorder against a fresh emulator and leaves a clean capture")
    func corpusScenariosPass() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = try await CorpusRecorder.record(Scenario.corpus, into: folder.path)
        #expect(results.count == Scenario.corpus.count)
        for result in results {
            #expect(result.failure == nil, "\(result.name): \(result.failure ?? "") \(result.steps)")
            #expect(result.entries > 0)
            let findings = try LeakScanner().scan(path: result.path)
            #expect(findings.isEmpty, "\(result.name): \(findings)")
        }
    }

    @Test("The shipped captures/ corpus has one clean capture per corpus scenario")
    func shippedCorpusIsComplete() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for scenario in Scenario.corpus {
            let path = root.appendingPathComponent("captures/\(scenario.name).har").path
            #expect(FileManager.default.fileExists(atPath: path), "missing \(path)")
            if FileManager.default.fileExists(atPath: path) {
                #expect(try LeakScanner().scan(path: path).isEmpty)
                #expect(try HARReader.read(contentsOf: path).log.entries.isEmpty == false)
            }
        }
    }
}
