import Driver
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
        /// Set when the oracle's verdict rests on a table row the spec marks uncertain (V2).
        public var uncertainty: String?
    }

    /// Replays the capture at `path` through the engine with no network and returns every step,
    /// flow after flow, V1 and V2 (native-auth-v2) flows alike, in capture order. `passed` on the result tells whether the capture passed as a whole.
    /// `actionGap`: seconds of pause after a response beyond which the next request is the user's
    /// next action (docs/replay-report.md, "User actions"); 0 turns timing off. `msal`: which MSAL the
    /// V2 verdicts model, the engine's V2 options and the oracle's profile alike (MSAL iOS 2.18.1 by default).
    public static func replay(
        capture path: String, seed: UInt64 = 1, actionGap: Double = InferenceOptions.defaultActionGap,
        msal: ModelledMSAL = .standard
    ) async -> (passed: Bool, steps: [ReplayedStep]) {
        let report = await ReplayRunner(seed: seed, inference: InferenceOptions(actionGap: actionGap, msal: msal))
            .replay(paths: [path])
        let steps = report.captures.flatMap(\.flows).flatMap(\.steps).map { step in
            ReplayedStep(
                action: step.action, actual: step.actual, expected: step.expected,
                requestsMatched: step.requestsMatched, diagnostics: step.diagnostics, passed: step.passed,
                uncertainty: step.uncertainty)
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

    /// An application of the engine pointed at a running emulator's first client; `v2Options` sets
    /// the V2 profile and link policy of its `signInV2`/`signUpV2`/`resetPasswordV2`.
    public static func application(
        for emulator: RunningEmulator, challengeTypes: MSALNativeAuthChallengeTypes = [.OOB, .password],
        capabilities: MSALNativeAuthCapabilities = [], v2Options: MSALNativeAuthV2Options = MSALNativeAuthV2Options()
    ) throws -> MSALNativeAuthPublicClientApplication {
        try MSALNativeAuthPublicClientApplication(
            clientId: emulator.core.config.clients[0].id, authority: emulator.authorityURL,
            challengeTypes: challengeTypes, capabilities: capabilities, v2Options: v2Options)
    }

    /// A performer of V2 user actions (``V2UserAction``) on an application pointed at a running
    /// emulator: each action goes to the latest state that accepts it, and its Outcome comes back.
    public static func v2Performer(
        for emulator: RunningEmulator, v2Options: MSALNativeAuthV2Options = MSALNativeAuthV2Options()
    ) throws -> V2ActionPerformer {
        V2ActionPerformer(app: try application(for: emulator, v2Options: v2Options))
    }

    /// The last one-time code the emulator sent to `user` (email or SMS), as a test types it in.
    public static func latestCode(_ emulator: RunningEmulator, for user: String) -> String? {
        emulator.core.latestCode(for: user)
    }
}
