import Foundation
import Oracle
import Testing

@testable import Fuzz

/// `authtape fuzz` campaigns with V2 flows: which flows run, and how the reports fold V2 in.
struct V2CampaignTests {
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var text: String { lock.withLock { lines.joined(separator: "\n") } }
    }

    static func run(_ options: FuzzCampaignOptions) async throws -> (status: Int32, output: String, notes: String) {
        let output = Collected()
        let notes = Collected()
        let status: Int32 = try await FuzzCampaign.run(options, sinks: FuzzCampaignSinks(output: output.add, note: notes.add)).isClean ? 0 : 1
        return (status, output.text, notes.text)
    }

    @Test("--flows all runs V1 and V2 cases and folds V2 into every report: a text section, a JSON member, a second JUnit suite")
    func allFlowsFoldV2IntoEveryReport() async throws {
        let options = FuzzCampaignOptions(seed: 5, cases: 60, reports: [.text, .json, .junit, .markdown], flowFamilies: .all)
        let run = try await Self.run(options)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("authtape fuzz — seed 5"))
        #expect(run.output.contains("authtape fuzz V2 — seed 5"))
        #expect(run.output.contains("V2 rows hit: "))
        #expect(run.output.contains("\"v2\" : {") || run.output.contains("\"v2\": {"), "\(run.output)")
        #expect(run.output.components(separatedBy: "<testsuite ").count == 3)
        #expect(run.output.contains("## V2 flows — seed 5"))
        #expect(run.notes.contains("V2 flows: 60 cases, 0 findings"), "\(run.notes)")
    }

    @Test("--flows v2 runs only V2 flows; --flows v1 runs none; a V2 flow name alone selects it")
    func familiesChooseFlows() async throws {
        let v2 = try await Self.run(FuzzCampaignOptions(seed: 6, cases: 20, flowFamilies: .v2))
        #expect(v2.status == 0)
        #expect(v2.output.hasPrefix("authtape fuzz V2 — seed 6"), "\(v2.output)")
        #expect(!v2.output.contains("authtape fuzz — seed"))
        let v1 = try await Self.run(FuzzCampaignOptions(seed: 6, cases: 20, flowNames: ["signInPassword"], flowFamilies: .v1))
        #expect(!v1.output.contains("V2"))
        let named = try await Self.run(FuzzCampaignOptions(seed: 6, cases: 20, flowNames: ["v2SignUp"]))
        #expect(named.output.hasPrefix("authtape fuzz V2 — seed 6"), "\(named.output)")
        await #expect(throws: FuzzCampaignError.self) {
            _ = try await Self.run(FuzzCampaignOptions(seed: 6, cases: 1, flowNames: ["v2SignUp"], flowFamilies: .v1))
        }
    }

    @Test("a V2 finding on an uncertain row says so in every report format")
    func uncertainFindingIsMarkedEverywhere() {
        let flow = V2BaseFlows.signInEmailCode
        let fuzzCase = V2FuzzCase.plain(flow, action: 1, seed: 9)
        let row = V2Row(id: "D4", request: .link("verify"), answer: "x", expectation: .outcome(.init(callback: "onFlowError")),
                        source: "test", uncertain: true)
        let walk = V2ChainPrediction(expectation: row.expectation, hops: [.init(request: .link("verify"), row: row)])
        var set = V2FindingSet()
        set.record(fuzzCase, Verdict(kind: .mismatch, step: "signIn.submitCode", expected: "a", actual: "b", note: "n"), walk: walk)
        let report = V2Report(V2RunResult(seed: 9, findings: set, elapsed: 1, baseline: []))
        #expect(report.render(.text).contains("mismatch UNCERTAIN row"))
        #expect(report.render(.markdown).contains("UNCERTAIN row"))
        #expect(report.render(.json).contains("\"uncertain\" : true") || report.render(.json).contains("\"uncertain\": true"))
        #expect(report.render(.junit).contains("[uncertain row]"))
    }
}
