import Emulator
import Foundation
import Logging
import NativeAuth
import Recorder
import Redaction

/// Records each scenario into its own capture, through the recorder, from a fresh emulator:
/// how `tools/refresh-captures` makes the captures/ corpus.
public enum CorpusRecorder {
    /// The corpus tenant: the demo's, plus an alias attribute with a rule, a user with an
    /// email second factor, and two users who must register one.
    public static func corpusConfig() -> EmulatorConfig {
        var config = DemoRunner.demoConfig()
        if let index = config.userFlows.firstIndex(where: { $0.name == "default" }) {
            config.userFlows[index].attributes.append(
                EmulatorConfig.Attribute(name: "flatusername", required: false, regex: "^[a-zA-Z0-9._-]{3,30}$", page: 1))
        }
        var mia = EmulatorConfig.User(email: "mia@contoso.com", password: "Sunny-Day-42!", displayName: "Mia Factor")
        mia.mfaRequired = true
        mia.methods = [EmulatorConfig.StrongAuthMethod(channel: "email", target: "mia.backup@contoso.com")]
        var reg = EmulatorConfig.User(email: "reg@contoso.com", password: "Sunny-Day-42!", displayName: "Reg Istrar")
        reg.mfaRequired = true
        var ria = EmulatorConfig.User(email: "ria@contoso.com", password: "Sunny-Day-42!", displayName: "Ria Preverified")
        ria.mfaRequired = true
        config.users += [mia, reg, ria]
        return config
    }

    /// One scenario's result.
    public struct Result: Sendable {
        public var name: String
        public var path: String
        public var entries: Int
        public var steps: [String]
        public var failure: String?
    }

    /// Records `scenarios` into `directory/<name>.har`, each from a fresh emulator of `config` with a
    /// fixed seed, so a refresh changes a capture only when behaviour changed.
    public static func record(_ scenarios: [Scenario], into directory: String, config: EmulatorConfig = corpusConfig())
        async throws -> [Result]
    {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let quiet = Logger(label: "authtape.corpus", factory: { _ in SwiftLogNoOpLogHandler() })
        var results: [Result] = []
        for (index, scenario) in scenarios.enumerated() {
            let clock = EmulatorClock.manual()
            let core = try EmulatorCore(config: config, seed: UInt64(1000 + index), clock: clock, logger: quiet)
            let emulator = try await EmulatorServer.start(core: core, logger: quiet)
            let path = (directory as NSString).appendingPathComponent("\(scenario.name).har")
            try? FileManager.default.removeItem(atPath: path)
            var capture = CaptureWriter.Settings(outputPath: path)
            capture.upstream = "emulator"
            var configuration = RecordingSession.Configuration(
                proxy: RecorderSettings(mode: .reverse(Upstream(host: emulator.host, port: emulator.port, isTLS: false))),
                capture: capture)
            configuration.consoleFormat = nil
            let session = try await RecordingSession.start(configuration)
            let authority = URL(string: session.proxy.url)!.appendingPathComponent(core.config.tenant.domain)
            var environment = ScenarioEnvironment(
                authority: authority, passwordClientID: core.config.clients[0].id,
                codeClientID: core.config.clients.first { $0.userFlow == "otp" }?.id ?? core.config.clients[0].id,
                latestCode: { core.latestCode(for: $0) }, clock: ImmediateClock(), runID: "r\(index)")
            environment.advanceServerClock = { seconds in core.advanceClock(by: seconds) }
            let log = ScenarioLog()
            var failure: String?
            do {
                try await scenario.run(environment, log)
            } catch {
                failure = "\(error)"
            }
            let entries = try await session.stop()
            await emulator.shutdown()
            results.append(Result(name: scenario.name, path: path, entries: entries, steps: log.lines, failure: failure))
        }
        return results
    }
}
