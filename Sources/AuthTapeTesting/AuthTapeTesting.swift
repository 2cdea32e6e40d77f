import NativeAuth
import Replay

/// Helpers for your own test suites: replay a capture and get its Outcomes, with no network and no
/// server library linked. Running an emulator for a test is `AuthTapeEmulatorTesting`'s extension of
/// this type (that module links the emulator's HTTP server).
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
}
