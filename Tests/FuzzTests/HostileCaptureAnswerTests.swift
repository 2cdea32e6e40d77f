import Foundation
import HAR
import NativeAuth
import Replay
import Testing
@testable import Fuzz

/// The hostile answers a new user tries on the shipped captures (issue 24, point 9): every JSON answer of
/// every capture in each ``HostileAnswerVariant``, judged as a fuzz case and replayed as a capture. Engine
/// and oracle must agree on the callback, the error, the state **and the continuation token it holds**.
@Suite("Hostile answers to the shipped captures")
struct HostileCaptureAnswerTests {
    static let captures: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("captures")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return files.filter { $0.hasSuffix(".har") }.sorted().map { root.appendingPathComponent($0).path }
    }()

    @Test("the captures give the variants of every family (the test below has something to judge)")
    func variantsCoverEveryFamily() {
        let names = Set(Self.captures.flatMap { path in
            CaptureFlows.flows(contentsOf: path).flows.flatMap { flow in
                flow.actions.flatMap { $0.responses.flatMap { HostileAnswerVariant.variants(of: $0.body).map(\.name) } }
            }
        })
        for family in ["BOM as bytes", "UTF-16LE", "UTF-16BE BOM", "key continuationToken", "key CONTINUATION_TOKEN",
                       "trailing comma", "duplicate token, copy first", "duplicate token, copy last",
                       "invalid UTF-8 in error_description", "overlong UTF-8 in trace_id", "overlong UTF-8 in challenge_target_label"] {
            #expect(names.contains(family), "no variant \(family)")
        }
    }

    @Test("each variant of each answer of each capture, judged as a fuzz case: callback, error, state and token agree")
    func fuzzCasesAgree() async {
        let flows = Self.captures.flatMap { CaptureFlows.flows(contentsOf: $0).flows }
        #expect(flows.count >= Self.captures.count)
        let runner = FuzzRunner(configuration: FuzzConfiguration(seed: 24, caseTimeout: 5, flows: flows, minimise: false))
        let (baseline, plain) = await runner.baseline()
        #expect(plain.allSatisfy { !$0.verdict.kind.isFinding }, "\(plain.filter { $0.verdict.kind.isFinding }.prefix(3))")
        let watchdog = Watchdog(slots: 1)
        let patrol = Task { await watchdog.patrol() }
        defer {
            watchdog.stop()
            patrol.cancel()
        }
        var problems: [String] = []
        var index: UInt64 = 0
        for flow in flows {
            for (actionIndex, action) in flow.actions.enumerated() {
                for (position, answer) in action.responses.enumerated() {
                    for variant in HostileAnswerVariant.variants(of: answer.body) {
                        var responses = action.responses
                        responses[position].body = variant.body
                        index += 1
                        let fuzzCase = FuzzCase(
                            seed: 24, index: index, flow: flow.name, action: actionIndex, response: position, step: action.step,
                            operators: ["hostile"], details: [variant.name], responses: responses, metamorphic: false)
                        let verdict = await HostileAnswerTests.judge(
                            fuzzCase, runner: runner, baseline: baseline["\(flow.name)#\(actionIndex)"], watchdog: watchdog)
                        if verdict.kind.isFinding {
                            problems.append("\(flow.name)#\(actionIndex)/\(position) \(variant.name): \(verdict.kind) "
                                + "expected \(verdict.expected), got \(verdict.actual) \(verdict.note)")
                        }
                    }
                }
            }
        }
        #expect(index > 500)
        #expect(problems.isEmpty, "\(problems.count) of \(index): \(problems.prefix(8))")
    }

    /// A capture replayed with one answer replaced: only the step that consumes that answer is compared (later
    /// actions of the recording may not follow from another outcome), and variants that make MSAL send another
    /// token next are left to the fuzz-case test above (the recording's next request would not match).
    @Test("each variant of each answer of each capture, replayed: the report's expected token is the one the engine holds")
    func replayedCapturesAgree() async throws {
        var problems: [String] = []
        var replays = 0
        for path in Self.captures {
            let document = try HARReader.read(contentsOf: path)
            let name = (path as NSString).lastPathComponent
            for (entry, recorded) in document.log.entries.enumerated() {
                let content = recorded.response.content
                for variant in HostileAnswerVariant.variants(of: try content.bodyBytes()) where !variant.changesToken {
                    var hostile = document
                    if variant.asBase64 {
                        hostile.log.entries[entry].response.content.text = Data(variant.body).base64EncodedString()
                        hostile.log.entries[entry].response.content.encoding = "base64"
                    } else {
                        hostile.log.entries[entry].response.content.setBody(variant.body, mimeType: content.mimeType)
                    }
                    replays += 1
                    let script = ScriptInference.script(of: hostile, path: name)
                    let result = await ReplayRunner().replay(script)
                    let results = result.flows.suffix(script.flows.count)
                    for (flow, flowResult) in zip(script.flows, results) {
                        for (step, stepResult) in zip(flow.steps, flowResult.steps)
                        where step.exchanges.contains(where: { $0.entryIndex == entry }) {
                            guard let actual = stepResult.actual, let expected = stepResult.expected, actual == expected else {
                                problems.append("\(name) entries[\(entry)] \(variant.name), \(stepResult.action): expected "
                                    + "\(stepResult.expected?.description ?? "-"), engine \(stepResult.actual?.description ?? "-")")
                                continue
                            }
                        }
                    }
                }
            }
        }
        #expect(replays > 500)
        #expect(problems.isEmpty, "\(problems.count) of \(replays) replays: \(problems.prefix(8))")
    }
}
