import Emulator
import Foundation
import Logging
import NativeAuth
import Replay

/// Helpers for your own test suites: replay a capture and get its Outcomes, or run an
/// emulator for the duration of a test.
public enum AuthTapeTesting {
    /// One replayed step: the engine's Outcome beside the oracle's, and whether the requests
    /// the engine sent matched the capture.
    public struct ReplayedStep: Sendable {
        public var action: String
        public var actual: Outcome?
        public var expected: Outcome?
        public var requestsMatched: Bool
        public var diagnostics: [String]
        public var passed: Bool
    }

    /// Replays the capture at `path` through the engine with no network and returns every step,
    /// flow after flow. `passed` on the result tells whether the capture passed as a whole.
    /// `actionGap`: seconds of pause after a response beyond which the next request is the user's
    /// next action (docs/replay-report.md, "User actions"); 0 turns timing off.
    public static func replay(
        capture path: String, seed: UInt64 = 1, actionGap: Double = InferenceOptions.defaultActionGap
    ) async -> (passed: Bool, steps: [ReplayedStep]) {
        let report = await ReplayRunner(seed: seed, inference: InferenceOptions(actionGap: actionGap))
            .replay(paths: [path])
        let steps = report.captures.flatMap(\.flows).flatMap(\.steps).map { step in
            ReplayedStep(
                action: step.action, actual: step.actual, expected: step.expected,
                requestsMatched: step.requestsMatched, diagnostics: step.diagnostics, passed: step.passed)
        }
        return (report.passed, steps)
    }

    /// Starts an emulator on a free loopback port, runs `body` with it, and shuts it down,
    /// also when `body` throws. The emulator's logs are discarded.
    public static func withEmulator<T: Sendable>(
        config: EmulatorConfig = .default, seed: UInt64 = 1,
        _ body: (RunningEmulator) async throws -> T
    ) async throws -> T {
        let quiet = Logger(label: "authtape.testing", factory: { _ in SwiftLogNoOpLogHandler() })
        let emulator = try await EmulatorServer.start(config: config, seed: seed, logger: quiet)
        do {
            let value = try await body(emulator)
            await emulator.shutdown()
            return value
        } catch {
            await emulator.shutdown()
            throw error
        }
    }

    /// An application of the engine pointed at a running emulator's first client.
    public static func application(
        for emulator: RunningEmulator, challengeTypes: MSALNativeAuthChallengeTypes = [.OOB, .password],
        capabilities: MSALNativeAuthCapabilities = []
    ) throws -> MSALNativeAuthPublicClientApplication {
        try MSALNativeAuthPublicClientApplication(
            clientId: emulator.core.config.clients[0].id, authority: emulator.authorityURL,
            challengeTypes: challengeTypes, capabilities: capabilities)
    }
}
