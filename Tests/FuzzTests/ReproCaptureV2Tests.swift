import Foundation
import HAR
import Redaction
import Replay
import Testing

@testable import Fuzz

/// V2 repro captures, redacted by Redaction's `Redactor` as V1's are: free of the secrets the V2 flows use, by
/// every detector of `authtape check`, and still replayed with every request matching the recorded one.
@Suite("V2 repro captures are redacted and replay")
struct ReproCaptureV2Tests {
    /// The V2 flows' typed secrets and the secrets their server answers hand out (V2BaseFlows, V2Answers).
    static let canaries = [
        "Sunny-Day-42!", "wrong-Passw0rd", "48213907", "20491877", "39104411", "11112222", "AC-1.AQABfuzz",
        "1.AXfuzz-refresh", "eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJmdXp6In0.c2ln", "eyJ0eXAiOiJKV1QifQ.eyJvaWQiOiJmdXp6In0.c2ln",
    ]

    /// The real V2 engine with a planted fault applied to what it did, as the fault proof judges it.
    struct FaultySource: V2OutcomeSource {
        let fault: PlantedFault
        func observe(flow: V2FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
            fault.apply(flow: flow, action: action, to: await V2EngineSource().observe(flow: flow, action: action, responses: responses))
        }
    }

    @Test("every repro capture of a seeded V2 campaign with a planted fault passes every detector of the leak scan, the flows' secrets as canaries, and replays")
    func v2ReproCapturesDoNotLeakAndReplay() async throws {
        let fault = try #require(PlantedFaults.v2.first { $0.name == "v2.invalidOneTimeCodeAsGeneral" })
        let runner = V2Runner(configuration: V2Configuration(seed: 2, cases: 600, caseTimeout: 10, minimise: false),
                              source: FaultySource(fault: fault))
        let result = await runner.run()
        #expect(!result.findings.findings.isEmpty, "the planted fault gave no finding")
        let directory = NSTemporaryDirectory() + "fuzz-v2-repro-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = try await FuzzCampaign.writeV2Repros(result, runner: runner, directory: directory)
        let paths = written.findings.findings.compactMap(\.reproPath)
        #expect(paths.count == result.findings.findings.count)
        let scanner = LeakScanner(canaries: Self.canaries, workers: 1)
        for path in paths {
            // Every detector of `authtape check`, not only the canaries: usernames, hints, attribute values and
            // method ids (in bodies, hrefs and request paths) are placeholders too, of kinds check reads as such.
            let findings = try scanner.scan(path: path)
            #expect(findings.isEmpty, "\(path): \(findings.map(\.description))")
            // Method ids in hrefs and request paths got the placeholders their `id` members got, so the engine's
            // requests still match the recorded ones.
            let steps = await ReplayRunner().replay(ScriptInference.script(contentsOf: path)).flows.flatMap(\.steps)
            #expect(!steps.isEmpty, "\(path)")
            for step in steps { #expect(step.requestsMatched, "\(path) \(step.action): \(step.diagnostics)") }
        }
        // The same scan finds a canary left in a capture.
        let leaky = HARDocument(log: HARLog(creator: HARCreator(name: "test", version: "1"), entries: [HAREntry(
            startedDateTime: "2026-11-28T10:00:00.000Z", time: 1,
            request: HARRequest(method: "POST", url: "https://login.contoso.com/t/api/v2.0/auth/methods/password/pw/verify",
                                headers: [], postData: HARPostData(mimeType: "application/json", text: #"{"password":"Sunny-Day-42!"}"#)),
            response: HARResponse(status: 200, headers: [], content: HARContent(body: Array("{}".utf8), mimeType: "application/json")))]))
        #expect(try scanner.scan(bytes: HARWriter.bytes(leaky), file: "leaky.har").contains { $0.detector == "canary" })
    }
}
