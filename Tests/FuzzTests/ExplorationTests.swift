import Foundation
import Oracle
import Testing

@testable import Fuzz

@Suite("Action exploration and row coverage")
struct ExplorationTests {
    static let explored = ActionExplorer(seed: 1).flows(count: 60)

    @Test("the same seed explores the same flows, another seed others")
    func deterministic() {
        #expect(ActionExplorer(seed: 1).flows(count: 60) == Self.explored)
        #expect(ActionExplorer(seed: 2).flows(count: 60) != Self.explored)
    }

    @Test("explored flows reach the paths the built-in flows never take")
    func reachesNewPaths() {
        let steps = Set(Self.explored.flatMap { $0.actions.map(\.step) })
        for step: Step in [.signUpResendCode, .resetPasswordResendCode, .signInSubmitPassword, .signUpSubmitAttributes,
                           .signInInitiate, .mfaRequestChallenge, .registerChallenge, .registerSubmitChallenge] {
            #expect(steps.contains(step), "no explored flow calls \(step.name)")
        }
        let baseSteps = Set(BaseFlows.all.flatMap { $0.actions.map(\.step) })
        #expect(!steps.subtracting(baseSteps).isEmpty)
    }

    @Test("explored walks call getAccessToken forced, from the token cache, within the expiry margin and past the expiry")
    func reachesTheTokenCache() {
        var states: [TokenCacheRead.State: Int] = [:]
        var forced = 0
        for flow in Self.explored {
            for index in flow.actions.indices {
                if case .getAccessToken(_, forceRefresh: true) = flow.actions[index].call { forced += 1 }
                states[TokenCacheRead.state(flow: flow, action: index), default: 0] += 1
            }
        }
        #expect(forced > 0)
        for state: TokenCacheRead.State in [.fresh, .expiring, .expired] {
            #expect((states[state] ?? 0) > 0, "no explored getAccessToken finds the cache \(state)")
        }
        // The default campaign's 24 explored flows reach the cache too.
        let campaign = ActionExplorer(seed: 1).flows(count: ActionExplorer.defaultFlowCount)
        #expect(campaign.contains { flow in flow.actions.indices.contains { TokenCacheRead.servesFromCache(flow: flow, action: $0) } })
    }

    /// Sign in with a code (a token answer with `expires_in` 3599), then the getAccessToken calls `calls`.
    static func signedIn(_ calls: [(force: Bool, wait: Double)]) -> FuzzFlow {
        var flow = BaseFlows.signInCode
        flow.name = "cacheWalk"
        for call in calls {
            flow.actions.append(FuzzAction(.getAccessToken(forceRefresh: call.force), step: .getAccessToken,
                                           responses: [BaseFlows.tokenResponse], wait: call.wait))
        }
        return flow
    }

    @Test("the cache model: fresh until five minutes before expires_in, counted on the waits since the last token answer")
    func tokenCacheModel() {
        // Token at 0 s (3599 s); 3200 s: 399 s left; 3300 s: 299 s left, refreshed (to 6899 s); a forced
        // refresh at 3300 s (to 6899 s); 6900 s: expired, refreshed; then fresh again.
        let flow = Self.signedIn([(false, 0), (false, 3_200), (false, 100), (false, 0), (true, 0), (false, 3_600), (false, 0)])
        let states = flow.actions.indices.map { TokenCacheRead.state(flow: flow, action: $0) }
        #expect(states == [.notARead, .notARead, .notARead, .fresh, .fresh, .expiring, .fresh, .notARead, .expired, .fresh])
        var noLifetime = flow
        noLifetime.actions[2].responses = [BaseFlows.ok(#"{"token_type":"Bearer","access_token":"AT","expires_in":"soon"}"#)]
        #expect(TokenCacheRead.state(flow: noLifetime, action: 3) == .notARead)
    }

    @Test("the engine answers a fresh token from the cache with no request and refreshes after the injected clock passes the expiry")
    func engineFollowsTheCacheModel() async throws {
        let flow = Self.signedIn([(false, 0), (false, 3_400), (false, 3_600)])
        let source = EngineOutcomeSource()
        let cached = await source.observe(flow: flow, action: 3, responses: flow.actions[3].responses)
        #expect(cached.outcome?.callback == "onAccessTokenRetrieveCompleted")
        #expect(cached.actionRequests == 0)
        for action in [4, 5] {
            let refreshed = await source.observe(flow: flow, action: action, responses: flow.actions[action].responses)
            #expect(refreshed.outcome?.callback == "onAccessTokenRetrieveCompleted")
            #expect(refreshed.actionRequests == 1)
            #expect(FormReader.value(of: "grant_type", in: try #require(refreshed.requests.last).body) == "refresh_token")
        }
        let runner = FuzzRunner(configuration: FuzzConfiguration(seed: 1, cases: 0, flows: [flow]))
        let (_, verdicts) = await runner.baseline()
        #expect(verdicts.map(\.verdict.kind) == Array(repeating: .pass, count: flow.actions.count))
        #expect(verdicts[3].verdict.expected.hasSuffix("from the token cache"))
    }

    @Test("every unmutated action of every explored flow passes the oracle")
    func baselinePasses() async {
        let runner = FuzzRunner(configuration: FuzzConfiguration(seed: 1, cases: 0, flows: Self.explored))
        let (_, verdicts) = await runner.baseline()
        #expect(verdicts.count == Self.explored.reduce(0) { $0 + $1.actions.count })
        for entry in verdicts {
            #expect(entry.verdict.kind == .pass, "\(entry.flow)#\(entry.action): \(entry.verdict)")
        }
    }

    @Test("a campaign over explored flows has no findings on the current engine")
    func campaignIsClean() async {
        let configuration = FuzzConfiguration(seed: 3, cases: 1_500, caseTimeout: 10, flows: Self.explored,
                                              operators: testOperators, minimise: false)
        let result = await FuzzRunner(configuration: configuration).run()
        #expect(result.findings.findings.isEmpty, "\(result.findings.findings.map(\.key))")
    }

    @Test("row coverage counts the oracle rows the cases reach and lists the rest")
    func rowCoverage() {
        let coverage = RowCoverage.of(CaseGenerator(flows: BaseFlows.all, seed: 1), cases: 2_000)
        #expect(coverage.cases == 2_000)
        #expect(coverage.hitCount > 0)
        #expect(coverage.hitCount + coverage.unhit.count == OutcomeTable.rows.count)
        let text = coverage.text()
        #expect(text.hasPrefix("rows hit: \(coverage.hitCount)/\(OutcomeTable.rows.count)"))
        let more = RowCoverage.of(CaseGenerator(flows: BaseFlows.all + Self.explored, seed: 1), cases: 2_000)
        // submitPassword after sign-in's password-required callback: no built-in flow calls it, explored flows do.
        let submitPasswordRows = OutcomeTable.rows(for: .signInSubmitPassword).map(\.specRef)
        #expect(submitPasswordRows.allSatisfy { coverage.hits[$0] == 0 })
        #expect(submitPasswordRows.contains { (more.hits[$0] ?? 0) > 0 })
    }

    @Test("table-directed answers reach rows the other operators miss", arguments: [UInt64(1)])
    func tableAnswersWidenCoverage(seed: UInt64) {
        let flows = BaseFlows.all + Self.explored
        let plain = RowCoverage.of(CaseGenerator(flows: flows, operators: testOperators, seed: seed), cases: 20_000)
        let table = RowCoverage.of(CaseGenerator(flows: flows, operators: testOperators + [TableAnswerOperator()], seed: seed),
                                   cases: 20_000)
        #expect(table.hitCount > plain.hitCount, "\(table.hitCount) vs \(plain.hitCount)")
        print("rows hit: plain \(plain.hitCount), with table answers \(table.hitCount) of \(OutcomeTable.rows.count)")
    }

    @Test("table-directed answers build an answer of the chosen row's class for the step it goes to")
    func tableAnswerMatchesItsRow() {
        let op = TableAnswerOperator()
        var matched = 0
        var tried = 0
        for index in UInt64(0)..<400 {
            var random = FuzzRandom(runSeed: 9, caseIndex: index)
            let context = MutationContext(step: .signUpSubmitCode, responseIndex: 0, previousToken: "SU-CT-2")
            guard let mutated = op.mutate(BaseFlows.ok(#"{"continuation_token":"SU-CT-3"}"#), context: context, random: &random),
                  mutated.detail.hasPrefix("row "), let cut = mutated.detail.range(of: " as ") else { continue }
            let ref = String(mutated.detail[mutated.detail.index(mutated.detail.startIndex, offsetBy: 4)..<cut.lowerBound])
            tried += 1
            let row = OutcomeTable.walk(from: .signUpSubmitCode, responses: [Judge.raw(mutated.response)] + Judge.exhaustion).hops.first?.row
            if row?.specRef == ref { matched += 1 }
        }
        #expect(tried > 300)
        #expect(matched * 2 > tried, "\(matched) of \(tried) answers matched their row")
    }

    @Test("campaigns with table-directed answers have no findings on the current engine", arguments: [UInt64(1), 2, 3])
    func tableAnswersAreClean(seed: UInt64) async {
        let configuration = FuzzConfiguration(seed: seed, cases: 1_500, caseTimeout: 10, flows: BaseFlows.all + Self.explored,
                                              operators: testOperators + [TableAnswerOperator()], minimise: false)
        let result = await FuzzRunner(configuration: configuration).run()
        #expect(result.findings.findings.isEmpty, "\(result.findings.findings.map { "\($0.key) e.g. \($0.example.id) \($0.example.details)" })")
    }
}
