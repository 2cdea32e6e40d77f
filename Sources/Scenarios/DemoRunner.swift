import Emulator
import Foundation
import HAR
import Inspector
import Logging
import NativeAuth
import Recorder
import Redaction
import Replay

/// `authtape demo`: the emulator, the recorder in front of it, and the engine as the app
/// driving the demo's journeys through the proxy; then a leak check of the capture written.
public enum DemoRunner {
    /// A scenario's name and summary, the steps it logged, and its failure if it failed.
    public typealias ScenarioResult = (name: String, summary: String, steps: [String], failure: String?)

    /// What the demo produced.
    public struct Report: Sendable {
        /// Scenario name, its steps, and the failure if it failed.
        public var scenarios: [ScenarioResult]
        /// The redacted capture.
        public var capturePath: String
        /// Entries in the capture.
        public var entries: Int
        /// What `authtape check` found in it (with the run's secrets as canaries).
        public var leaks: [LeakFinding]
        /// The capture replayed through the engine with no network, judged by the oracle.
        public var replay: ReplayReport

        /// The V2 journeys (the engine's `signInV2`), recorded into a capture of their own.
        public var v2Scenarios: [ScenarioResult]
        /// The V2 journeys' redacted capture.
        public var v2CapturePath: String
        /// Entries in the V2 capture.
        public var v2Entries: Int
        /// What `authtape check` found in the V2 capture.
        public var v2Leaks: [LeakFinding]
        /// The V2 capture replayed through the engine with no network, judged by the V2 oracle.
        public var v2Replay: ReplayReport

        /// Whether every scenario passed, both captures are clean, and both captures replay (every
        /// request matched, the oracle agreeing on every step).
        public var passed: Bool {
            (scenarios + v2Scenarios).allSatisfy { $0.failure == nil } && leaks.isEmpty && v2Leaks.isEmpty && entries > 0
                && v2Entries > 0 && replay.passed && v2Replay.passed
        }
    }

    /// The tenant the demo runs against: the default one, with sign-up attributes over two
    /// pages and a password reset that stays in progress for two polls.
    public static func demoConfig() -> EmulatorConfig {
        var config = EmulatorConfig.default
        if let index = config.userFlows.firstIndex(where: { $0.name == "default" }) {
            config.userFlows[index].attributes = [
                EmulatorConfig.Attribute(name: "displayName", required: true, page: 1),
                EmulatorConfig.Attribute(name: "city", required: true, page: 2),
            ]
        }
        config.resetPassword.pollsInProgress = 2
        return config
    }

    /// Runs the demo, writing the capture to `capturePath` (and the V2 journeys' capture beside
    /// it, see ``v2CapturePath(for:)``); `print` gets the console lines.
    public static func run(capturePath: String, print: @escaping @Sendable (String) -> Void) async throws -> Report {
        let core = try EmulatorCore(config: demoConfig(), logger: Logger(label: "authtape.demo.emulator", factory: { _ in SwiftLogNoOpLogHandler() }))
        let emulator = try await EmulatorServer.start(core: core, logger: Logger(label: "authtape.demo", factory: { _ in SwiftLogNoOpLogHandler() }))
        print("emulator: \(emulator.authorityURL.absoluteString)")
        let runID = String(UUID().uuidString.prefix(8)).lowercased()
        let v1: Recorded
        let v2: Recorded
        do {
            v1 = try await record(Scenario.demo, to: capturePath, core: core, emulator: emulator, runID: runID, print: print)
            v2 = try await record(
                Scenario.demoV2, to: v2CapturePath(for: capturePath), core: core, emulator: emulator, runID: runID, print: print)
        } catch {
            await emulator.shutdown()
            throw error
        }
        await emulator.shutdown()

        // Everything secret the run used: passwords of the seeded users and every code sent.
        var canaries = core.outbox().map(\.code)
        canaries += core.config.users.compactMap(\.password)
        canaries += ["Bright-River-\(runID)-7!", "Quiet-Harbor-\(runID)-9!"]
        let leaks = try LeakScanner(canaries: canaries).scan(path: capturePath)
        let v2Leaks = try LeakScanner(canaries: canaries).scan(path: v2.capturePath)
        let replay = await ReplayRunner().replay(paths: [capturePath])
        let v2Replay = await ReplayRunner().replay(paths: [v2.capturePath])
        // The capture as a page a person can read: flows as sequence diagrams, outcomes, placeholders.
        let viewPath = (capturePath as NSString).deletingPathExtension + ".html"
        do {
            try InspectorEntry.write(try await InspectorEntry.page(paths: [capturePath], canaries: canaries), to: viewPath)
            print("view: \(viewPath) (open it in a browser; it loads nothing from the network)")
        } catch {
            print("view: cannot write \(viewPath): \(error)")
        }
        return Report(
            scenarios: v1.results, capturePath: capturePath, entries: v1.entries, leaks: leaks, replay: replay,
            v2Scenarios: v2.results, v2CapturePath: v2.capturePath, v2Entries: v2.entries, v2Leaks: v2Leaks,
            v2Replay: v2Replay)
    }

    /// Where the demo writes its V2 journeys: `NAME-v2.har` beside the V1 capture `NAME.har`.
    public static func v2CapturePath(for capturePath: String) -> String {
        (capturePath as NSString).deletingPathExtension + "-v2.har"
    }

    private struct Recorded {
        var results: [ScenarioResult]
        var capturePath: String
        var entries: Int
    }

    /// Starts a recorder in front of the emulator writing `capturePath`, runs `scenarios` through
    /// it, and stops it.
    private static func record(
        _ scenarios: [Scenario], to capturePath: String, core: EmulatorCore, emulator: RunningEmulator, runID: String,
        print: @escaping @Sendable (String) -> Void
    ) async throws -> Recorded {
        var proxySettings = RecorderSettings(mode: .reverse(Upstream(host: emulator.host, port: emulator.port, isTLS: false)))
        proxySettings.port = 0
        var captureSettings = CaptureWriter.Settings(outputPath: capturePath)
        captureSettings.upstream = emulator.baseURL.absoluteString
        var configuration = RecordingSession.Configuration(proxy: proxySettings, capture: captureSettings)
        configuration.consoleWrite = { line in print("  " + line) }
        let session = try await RecordingSession.start(configuration)
        print("recorder: \(session.proxy.url) -> capture \(capturePath)")
        guard let proxyURL = URL(string: session.proxy.url) else {
            _ = try await session.stop()
            throw ScenarioFailure(step: "start the recorder", message: "its address \(session.proxy.url) is not a URL")
        }
        let environment = ScenarioEnvironment(
            authority: proxyURL.appendingPathComponent(core.config.tenant.domain),
            passwordClientID: core.config.clients[0].id,
            codeClientID: core.config.clients.first { $0.userFlow == "otp" }?.id ?? core.config.clients[0].id,
            latestCode: { address in core.latestCode(for: address) },
            clock: ImmediateClock(), runID: runID)
        var results: [ScenarioResult] = []
        for scenario in scenarios {
            print("== \(scenario.name): \(scenario.summary)")
            let log = ScenarioLog()
            var failure: String?
            do {
                try await scenario.run(environment, log)
            } catch {
                failure = "\(error)"
            }
            results.append((scenario.name, scenario.summary, log.lines, failure))
        }
        let entries = try await session.stop()
        return Recorded(results: results, capturePath: capturePath, entries: entries)
    }
}
