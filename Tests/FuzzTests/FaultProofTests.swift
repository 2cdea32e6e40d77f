import Foundation
import NativeAuth
import Testing

@testable import Fuzz

@Suite("The fuzzer proves it catches planted engine faults")
struct FaultProofTests {
    /// The case budget of the debug-build proof (the release proof, `tools/bench/fuzz --faults`, runs 60 s).
    static let budget = 40_000

    @Test("at least 30 planted faults, spread over sign-up, sign-in, reset, MFA, registration and tokens")
    func faultsAreSpread() {
        #expect(PlantedFaults.all.count >= 30)
        let areas = Set(PlantedFaults.all.map(\.area))
        #expect(areas == ["sign-up", "sign-in", "reset", "MFA", "registration", "tokens"])
        #expect(Set(PlantedFaults.all.map(\.name)).count == PlantedFaults.all.count)
        let kinds = Set(PlantedFaults.all.map(\.kind))
        for kind in ["wrong error type for a suberror", "newState dropped", "newState kept wrongly", "old continuation token kept",
                     "a retry added", "a retry dropped", "redirect ignored", "redirect honoured where MSAL ignores it",
                     "unknown value treated as known", "missing field tolerated", "token lifetime ignored",
                     "error code checked at the wrong position", "expired token served from the cache"] {
            #expect(kinds.contains(kind), "no planted fault of the kind \(kind)")
        }
    }

    @Test("a campaign from a fixed seed catches every planted fault")
    func everyFaultIsCaught() async {
        let configuration = FuzzConfiguration(seed: 1, cases: Self.budget, caseTimeout: 10,
                                              flows: BaseFlows.all + ActionExplorer(seed: 1).flows(count: 24),
                                              operators: testOperators + [TableAnswerOperator()], minimise: false)
        let kills = await FaultProof(configuration: configuration).run()
        #expect(kills.count == PlantedFaults.all.count)
        // Most faults need a mutated answer; only a kept old token of a success shows on unmutated flows.
        #expect(kills.filter { !$0.caughtByBaseline }.count >= 30)
        for kill in kills {
            #expect(kill.caseIndex != nil, "\(kill.fault.name) survived \(Self.budget) cases")
            if let verdict = kill.verdict { #expect(verdict.kind.isFinding) }
        }
        let slowest = kills.compactMap(\.caseCount).max() ?? 0
        print(FaultProof.table(kills))
        print("slowest kill: \(slowest) cases")
    }

    static let cacheFaults = ["tokens.expiresInIgnored", "tokens.expiredTokenServed", "tokens.expiryMarginIgnored"]

    @Test("the token cache faults are caught by explored walks, and only by them")
    func tokenCacheFaultsAreCaught() async throws {
        let faults = try #require(PlantedFault.named(Self.cacheFaults))
        let explored = FuzzConfiguration(seed: 1, cases: 3_000, caseTimeout: 10,
                                         flows: BaseFlows.all + ActionExplorer(seed: 1).flows(count: 24),
                                         operators: testOperators, minimise: false)
        let kills = await FaultProof(configuration: explored, faults: faults).run()
        for kill in kills {
            #expect(kill.caseIndex != nil, "\(kill.fault.name) survived")
            #expect(kill.caughtByBaseline)
        }
        #expect(kills.first?.verdict?.kind == .requestCount)
        print(FaultProof.table(kills))
        // The built-in flows never call getAccessToken without forcing a refresh: there the faults live on.
        let builtIn = FuzzConfiguration(seed: 1, cases: 1_000, caseTimeout: 10, flows: BaseFlows.all,
                                        operators: testOperators, minimise: false)
        for kill in await FaultProof(configuration: builtIn, faults: faults).run() {
            #expect(kill.caseIndex == nil && !kill.caughtByBaseline, "\(kill.fault.name) caught without a cache read")
        }
    }

    @Test("a V2 campaign from a fixed seed catches every planted V2 fault")
    func everyV2FaultIsCaught() async {
        #expect(PlantedFaults.v2.count >= 6)
        #expect(PlantedFaults.v2.allSatisfy(\.isV2) && !PlantedFaults.all.contains(where: \.isV2))
        let configuration = V2Configuration(seed: 1, cases: 6_000, caseTimeout: 10, minimise: false)
        let kills = await V2FaultProof(configuration: configuration).run()
        #expect(kills.count == PlantedFaults.v2.count)
        for kill in kills {
            #expect(kill.caseIndex != nil, "\(kill.fault.name) survived 6,000 V2 cases")
            if let verdict = kill.verdict { #expect(verdict.kind.isFinding) }
        }
        print(FaultProof.table(kills))
        // A "fault" that changes nothing is never caught: a kill needs a finding the real engine does not have.
        let inert = PlantedFault(v2: "v2.inert", "V2", "none") { _, _ in }
        let none = await V2FaultProof(configuration: V2Configuration(seed: 1, cases: 300, caseTimeout: 10, minimise: false),
                                      faults: [inert]).run()
        #expect(none.first?.caseIndex == nil && none.first?.caughtByBaseline == false)
    }

    @Test("a V2 fault leaves V1 cases alone and a V1 fault V2 cases")
    func faultsStayInTheirEngine() async throws {
        let v2Fault = try #require(PlantedFaults.v2.first)
        let observation = Observation(outcome: Outcome(callback: "onFlowError", error: "MSALNativeAuthFlowError.invalidCode"))
        let v1Flow = BaseFlows.signInCode
        #expect(v2Fault.apply(flow: v1Flow, action: 2, to: observation).outcome == observation.outcome)
        let v1Fault = try #require(PlantedFault.named(["signIn.userNotFoundAsGeneral"])?.first)
        let v2Flow = V2BaseFlows.signInEmailCode
        let v2Observation = Observation(outcome: Outcome(callback: "onFlowError", error: "SignInStartError.userNotFound"))
        #expect(v1Fault.apply(flow: v2Flow, action: 1, to: v2Observation).outcome == v2Observation.outcome)
        #expect(v2Fault.apply(flow: v2Flow, action: 1, to: observation).outcome?.error == "MSALNativeAuthFlowError.generalError")
    }

    @Test("a faulty source through the campaign runner reports findings the real engine does not have")
    func faultySourceThroughRunner() async throws {
        let fault = try #require(PlantedFault.named(["signIn.userNotFoundAsGeneral"])?.first)
        let configuration = FuzzConfiguration(seed: 1, cases: 1_500, caseTimeout: 10, flows: [BaseFlows.signInPassword],
                                              operators: testOperators, minimise: false)
        let real = await FuzzRunner(configuration: configuration).run()
        let broken = await FuzzRunner(configuration: configuration, source: FaultySource(fault: fault)).run()
        let introduced = broken.findings.introduced(over: real.findings)
        #expect(!introduced.isEmpty)
        for finding in introduced {
            #expect(finding.key.actual.contains("generalError"))
            #expect(finding.key.expected.contains("userNotFound"))
        }
    }

    @Test("the proof's kill of a fault is the first case the campaign runner reports for it")
    func killMatchesRunner() async throws {
        let fault = try #require(PlantedFault.named(["signIn.challengeRedirectIgnored"])?.first)
        let configuration = FuzzConfiguration(seed: 4, cases: 1_200, caseTimeout: 10, flows: [BaseFlows.signInCode],
                                              operators: testOperators, minimise: false)
        let kill = try #require(await FaultProof(configuration: configuration, faults: [fault]).run().first)
        let index = try #require(kill.caseIndex)
        let real = await FuzzRunner(configuration: configuration).run()
        let broken = await FuzzRunner(configuration: configuration, source: FaultySource(fault: fault)).run()
        let first = broken.findings.introduced(over: real.findings).map(\.example.index).min()
        #expect(first == index)
    }

    @Test("finding keys hold the operator family: one family's operators share a key, another family's is new")
    func keysByFamily() {
        func record(_ set: inout FindingSet<FuzzCase>, _ op: String, index: UInt64, step: String = "signInInitiate") {
            let fuzzCase = FuzzCase(seed: 1, index: index, flow: "f", action: 0, response: 0, step: .signInInitiate,
                                    operators: [op], details: [""], responses: [], metamorphic: false)
            set.record(fuzzCase, Verdict(kind: .mismatch, step: step, expected: "A", actual: "B", note: ""))
        }
        var set = FindingSet()
        record(&set, "errorSwap", index: 3)
        record(&set, "suberrorSwap", index: 1)
        #expect(set.findings.count == 1)
        #expect(set.findings.first?.key.family == "protocol")
        #expect(set.findings.first?.example.index == 1)
        var later = set
        record(&later, "statusSwap", index: 9)
        record(&later, "errorSwap", index: 10, step: "signInChallenge")
        let introduced = later.introduced(over: set)
        #expect(introduced.map(\.key.family).sorted() == ["http", "protocol"])
        #expect(introduced.allSatisfy { $0.key.expected == "A" && $0.key.actual == "B" })
    }

    @Test("the proof's table gives the slowest kill per family when it holds V1's and V2's faults, and V1's lines as before")
    func tableHasTheSlowestKillPerFamily() throws {
        let v1Fault = try #require(PlantedFault.named(["signIn.userNotFoundAsGeneral"])?.first)
        let v2Faults = try #require(PlantedFault.named(["v2.retryAdded", "v2.userNotFoundAsGeneral"]))
        let verdict = Verdict(kind: .mismatch, step: "signInInitiate", expected: "A", actual: "B", note: "")
        let v1Kill = FaultKill(fault: v1Fault, caseIndex: 41, verdict: verdict, operators: ["errorSwap"], caughtByBaseline: false)
        let v2Kills = [FaultKill(fault: v2Faults[0], caseIndex: 6, verdict: verdict, operators: ["statusSwap"], caughtByBaseline: false),
                       FaultKill(fault: v2Faults[1], caseIndex: nil, verdict: nil, operators: [], caughtByBaseline: false)]
        let v1Only = FaultProof.table([v1Kill]).split(separator: "\n").map(String.init)
        #expect(v1Only.last == "faults caught: 1/1, slowest kill: 42 cases")
        let both = FaultProof.table([v1Kill] + v2Kills).split(separator: "\n").map(String.init)
        #expect(Array(both.prefix(2)) == Array(v1Only.prefix(2)))
        #expect(both[2].hasPrefix("V2") && both[2].contains("v2.retryAdded") && both[2].contains("case 6 mismatch"))
        #expect(both[3].contains("v2.userNotFoundAsGeneral") && both[3].hasSuffix("NOT CAUGHT"))
        #expect(both.last == "faults caught: 2/3, slowest kill: V1 42 cases, V2 7 cases")
        #expect(FaultProof.table(v2Kills).hasSuffix("faults caught: 1/2, slowest kill: 7 cases"))
    }
}
