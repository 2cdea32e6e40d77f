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
    /// What the demo produced.
    public struct Report: Sendable {
        /// Scenario name, its steps, and the failure if it failed.
        public var scenarios: [(name: String, summary: String, steps: [String], failure: String?)]
        /// The redacted capture.
        public var capturePath: String
        /// Entries in the capture.
        public var entries: Int
        /// What `authtape check` found in it (with the run's secrets as canaries).
        public var leaks: [LeakFinding]
        /// The capture replayed through the engine with no network, judged by the oracle.
        public var replay: ReplayReport

        /// Whether every scenario passed, the capture is clean, and it replays.
        public var passed: Bool {
            scenarios.allSatisfy { $0.failure == nil } && leaks.isEmpty && entries > 0 && replay.passed
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

    /// Runs the demo, writing the capture to `capturePath`; `print` gets the console lines.
    public static func run(capturePath: String, print: @escaping @Sendable (String) -> Void) async throws -> Report {
        let core = try EmulatorCore(config: demoConfig(), logger: Logger(label: "authtape.demo.emulator", factory: { _ in SwiftLogNoOpLogHandler() }))
        let emulator = try await EmulatorServer.start(core: core, logger: Logger(label: "authtape.demo", factory: { _ in SwiftLogNoOpLogHandler() }))
        var proxySettings = RecorderSettings(mode: .reverse(Upstream(host: emulator.host, port: emulator.port, isTLS: false)))
        proxySettings.port = 0
        var captureSettings = CaptureWriter.Settings(outputPath: capturePath)
        captureSettings.upstream = emulator.baseURL.absoluteString
        var configuration = RecordingSession.Configuration(proxy: proxySettings, capture: captureSettings)
        configuration.consoleWrite = { line in print("  " + line) }
        let session: RecordingSession
        do {
            session = try await RecordingSession.start(configuration)
        } catch {
            await emulator.shutdown()
            throw error
        }
        print("emulator: \(emulator.authorityURL.absoluteString)")
        print("recorder: \(session.proxy.url) -> capture \(capturePath)")

        let authority = URL(string: session.proxy.url)!.appendingPathComponent(core.config.tenant.domain)
        let environment = ScenarioEnvironment(
            authority: authority,
            passwordClientID: core.config.clients[0].id,
            codeClientID: core.config.clients.first { $0.userFlow == "otp" }?.id ?? core.config.clients[0].id,
            latestCode: { address in core.latestCode(for: address) },
            clock: ImmediateClock())
        var results: [(name: String, summary: String, steps: [String], failure: String?)] = []
        for scenario in Scenario.demo {
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
        await emulator.shutdown()

        // Everything secret the run used: passwords of the seeded users and every code sent.
        var canaries = core.outbox().map(\.code)
        canaries += core.config.users.compactMap(\.password)
        canaries += ["Bright-River-\(environment.runID)-7!", "Quiet-Harbor-\(environment.runID)-9!"]
        let leaks = try LeakScanner(canaries: canaries).scan(path: capturePath)
        let replay = await ReplayRunner().replay(paths: [capturePath])
        // The capture as a page a person can read: flows as sequence diagrams, outcomes, placeholders.
        let viewPath = (capturePath as NSString).deletingPathExtension + ".html"
        do {
            try InspectorEntry.write(try await InspectorEntry.page(paths: [capturePath], canaries: canaries), to: viewPath)
            print("view: \(viewPath) (open it in a browser; it loads nothing from the network)")
        } catch {
            print("view: cannot write \(viewPath): \(error)")
        }
        return Report(scenarios: results, capturePath: capturePath, entries: entries, leaks: leaks, replay: replay)
    }
}
