import Foundation
import NativeAuth
import Oracle
import Testing

@testable import Fuzz

/// A deliberately broken "engine": the real engine's outcome, then one mapping fault applied.
struct BrokenSource: OutcomeSource {
    enum Fault: String, CaseIterable { case invalidCodeAsGeneral, stateDropped, redirectIgnored }
    let fault: Fault
    let real = EngineOutcomeSource()

    func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
        var observation = await real.observe(flow: flow, action: action, responses: responses)
        guard var outcome = observation.outcome else { return observation }
        switch fault {
        case .invalidCodeAsGeneral:
            if outcome.error?.hasSuffix(".invalidCode") == true {
                outcome.error = outcome.error!.replacingOccurrences(of: ".invalidCode", with: ".generalError")
            }
        case .stateDropped:
            if outcome.callback == "onSignUpCodeRequired" || outcome.callback == "onSignInCodeRequired" {
                outcome.newState = nil
                outcome.newStateToken = nil
            }
        case .redirectIgnored:
            if outcome.error?.hasSuffix(".browserRequired") == true {
                outcome.error = outcome.error!.replacingOccurrences(of: ".browserRequired", with: ".generalError")
            }
        }
        observation.outcome = outcome
        return observation
    }
}

/// Every operator except deep nesting: a 511-deep array costs the engine seconds in a debug build
/// (a recorded finding, docs/fuzzing.md), which would turn test runs into hang reports.
let testOperators = Operators.all.filter { $0.name != "deepNesting" }

@Suite("Fuzz runner, verdicts and de-duplication")
struct RunnerTests {
    @Test("the unmutated base flows pass the oracle at every action")
    func baselinePasses() async {
        let runner = FuzzRunner(configuration: FuzzConfiguration(seed: 1, cases: 0))
        let (_, verdicts) = await runner.baseline()
        #expect(verdicts.count == BaseFlows.all.reduce(0) { $0 + $1.actions.count })
        for entry in verdicts {
            #expect(entry.verdict.kind == .pass, "\(entry.flow)#\(entry.action): \(entry.verdict)")
        }
    }

    @Test("a real run over each flow judges every case", arguments: BaseFlows.all.map(\.name))
    func realRun(flow: String) async {
        let configuration = FuzzConfiguration(seed: 2026, cases: 300, caseTimeout: 10, flows: [BaseFlows.named(flow)!],
                                              operators: testOperators, minimise: false)
        let result = await FuzzRunner(configuration: configuration).run()
        #expect(result.findings.total == 300)
        #expect(result.findings.counts.values.reduce(0, +) == 300)
        #expect((result.findings.counts[.pass] ?? 0) > 0)
        #expect(result.findings.counts[.prefixBroken] == nil)
        #expect(result.findings.counts[.hang] == nil)
    }

    @Test("each deliberate mapping fault is reported within 3,000 cases of a fixed seed", arguments: BrokenSource.Fault.allCases)
    func brokenEngineIsCaught(fault: BrokenSource.Fault) async {
        let configuration = FuzzConfiguration(seed: 11, cases: 3_000, caseTimeout: 10, operators: testOperators, minimise: false)
        let real = await FuzzRunner(configuration: configuration).run()
        let broken = await FuzzRunner(configuration: configuration, source: BrokenSource(fault: fault)).run()
        let realKeys = Set(real.findings.findings.map(\.key))
        let introduced = broken.findings.findings.filter { !realKeys.contains($0.key) }
        #expect(!introduced.isEmpty, "the fault \(fault) went unnoticed")
        for finding in introduced {
            #expect([.mismatch, .metamorphic].contains(finding.key.kind))
        }
        // De-duplicated: many cases collapse into few keys.
        let cases = introduced.reduce(0) { $0 + $1.count }
        #expect(cases > introduced.count)
    }

    @Test("the same seed gives the same cases and the same findings")
    func reproducible() async {
        let configuration = FuzzConfiguration(seed: 5, cases: 800, jobs: 2, caseTimeout: 10, operators: testOperators, minimise: false)
        let first = await FuzzRunner(configuration: configuration).run()
        let second = await FuzzRunner(configuration: configuration).run()
        #expect(first.findings.findings.map(\.key) == second.findings.findings.map(\.key))
        #expect(first.findings.findings.map(\.count) == second.findings.findings.map(\.count))
        #expect(first.findings.findings.map(\.example.index) == second.findings.findings.map(\.example.index))
    }

    @Test("a worker session, which runs each flow's prefix once, observes every case as a fresh engine does")
    func sessionMatchesFreshEngine() async {
        let source = EngineOutcomeSource()
        let session = source.makeSession()
        let generator = CaseGenerator(flows: BaseFlows.all, operators: testOperators, seed: 77)
        var compared = 0
        for index in UInt64(0)..<400 {
            guard let fuzzCase = generator.make(index: index), let flow = BaseFlows.named(fuzzCase.flow) else { continue }
            let fresh = await source.observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses)
            let reused = await session.observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses)
            #expect(reused.outcome == fresh.outcome, "case \(fuzzCase.id)")
            #expect(reused.errorMessage == fresh.errorMessage, "case \(fuzzCase.id)")
            #expect(reused.requests == fresh.requests, "case \(fuzzCase.id)")
            #expect(reused.actionRequests == fresh.actionRequests, "case \(fuzzCase.id)")
            #expect(reused.prefixProblem == fresh.prefixProblem, "case \(fuzzCase.id)")
            compared += 1
        }
        #expect(compared > 300)
    }

    @Test("a finding's mutated answer is minimised and still gives the same finding")
    func minimisation() async throws {
        let configuration = FuzzConfiguration(seed: 11, cases: 3_000, caseTimeout: 10, operators: testOperators, minimise: true)
        let result = await FuzzRunner(configuration: configuration, source: BrokenSource(fault: .invalidCodeAsGeneral)).run()
        let minimised = result.findings.findings.filter { $0.minimised != nil }
        #expect(!minimised.isEmpty)
        for finding in minimised {
            let small = try #require(finding.minimised)
            #expect(small.mutatedResponse.body.count < finding.example.mutatedResponse.body.count
                    || small.mutatedResponse.headers.count < finding.example.mutatedResponse.headers.count)
        }
    }
}
