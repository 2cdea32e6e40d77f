import Foundation
import HAR
import Replay
import Scenarios
import Testing

@Suite("V2 journeys: recorded through the proxy, replayed with no network")
struct V2JourneyReplayTests {
    /// The user actions each journey of spec native-auth-v2 §2 is made of.
    static let actions: [String: [String]] = [
        "v2-signin-password": ["signInV2", "selectAuthMethod", "submitPassword", "submitPassword"],
        "v2-signin-email-code": ["signInV2", "submitCode", "resendCode", "submitCode"],
        "v2-signup": ["signUpV2", "submitCode", "submitAttributes", "submitPassword", "signInAfterFlow"],
        "v2-reset-password": ["resetPasswordV2", "submitCode", "submitNewPassword", "signInAfterFlow"],
        "v2-mfa-email": ["signInV2", "selectAuthMethod", "submitPassword", "selectAuthMethod", "submitChallenge", "submitChallenge"],
        "v2-mfa-sms": ["signInV2", "selectAuthMethod", "submitPassword", "selectAuthMethod", "submitChallenge", "submitChallenge"],
    ]

    @Test("every §2 journey drives the engine against the emulator through the recorder, then replays step for step")
    func everyJourneyRecordsAndReplays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("v2-journeys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = try await CorpusRecorder.record(Scenario.v2Journeys, into: folder.path, config: Scenario.v2JourneyConfig())
        #expect(results.map(\.name) == Scenario.v2Journeys.map(\.name))
        for result in results {
            #expect(result.failure == nil, "\(result.name): \(result.failure ?? "") \(result.steps)")
            let capture = await ReplayRunner().replay(ScriptInference.script(contentsOf: result.path))
            #expect(capture.flows.count == 1, "\(result.name): \(capture.flows.map(\.kind))")
            let steps = capture.flows.flatMap(\.steps)
            #expect(steps.map(\.action) == Self.actions[result.name], "\(result.name)")
            // The engine's outcomes in replay are the ones it had against the emulator.
            let live = result.steps.map { $0.components(separatedBy: " -> ").last ?? "" }
            let replayed = steps.map { step in
                step.actual.map { $0.callback + ($0.error.map { " (\($0))" } ?? "") } ?? "no outcome"
            }
            #expect(replayed == live, "\(result.name)")
            for step in steps {
                #expect(step.requestsMatched, "\(result.name) \(step.action): \(step.diagnostics)")
                // The V2 oracle's verdict on the recorded answers is the engine's outcome.
                #expect(step.expected != nil && step.actual == step.expected, "\(result.name) \(step.action): \(step.diagnostics)")
                #expect(step.passed, "\(result.name) \(step.action): \(step.diagnostics)")
            }
            #expect(capture.passed, "\(result.name)")
        }
    }
}
