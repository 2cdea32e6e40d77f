import Foundation
import NativeAuth
import Oracle
import Testing

@testable import Fuzz

/// What V2 campaigns reach beyond the V2 table: the token cache after a V2 sign-in, where each request
/// goes, and the credentials the actions after a mutated answer send.
struct V2ReachTests {
    static let tokenFlow = V2BaseFlows.signInTokenCache

    @Test("the token-cache flow's getAccessToken calls are a cache read, a forced refresh, one inside the margin and one past the expiry")
    func tokenFlowReachesEveryCacheState() {
        let reads = Self.tokenFlow.actions.indices.map { Self.tokenFlow.tokenRead(action: $0) }
        #expect(reads == [nil, nil, .fresh, .notARead, .expiring, .expired])
        #expect(Self.tokenFlow.callsAccount && !V2BaseFlows.signInPassword.callsAccount)
    }

    @Test("a cache read is judged by the cache row with nothing sent, a refresh by the §5.9 rows under V2 ids")
    func tokenWalksUseTheTokenRows() {
        let fresh = V2TokenWalk.predict(.fresh, responses: [V2Answers.tokens])
        #expect(fresh.consumed == 0 && fresh.unsentRow == V2TokenWalk.cacheRow)
        #expect(fresh.expectation.outcome?.callback == "onAccessTokenRetrieveCompleted")
        let refresh = V2TokenWalk.predict(.expired, responses: [V2Answers.tokens])
        #expect(refresh.consumed == 1)
        #expect(refresh.hops.first?.row?.id.hasPrefix("T5.9") == true)
        #expect(V2RowCoverage().table.contains { $0.id == V2TokenWalk.cacheRow.id })
    }

    @Test("an engine that sends the refresh grant for a valid cached token is a requestCount finding")
    func freshReadThatSendsIsAFinding() async throws {
        let fault = try #require(PlantedFault.named(["v2.tokens.expiresInIgnored"])?.first)
        let runner = V2Runner(configuration: V2Configuration(seed: 1, cases: 0, flows: [Self.tokenFlow]),
                              source: V2AlteredSource { scene, observation in
                                  observation = fault.apply(flow: Self.tokenFlow, action: scene.action, to: observation)
                              })
        let (_, verdicts) = await runner.baseline()
        #expect(verdicts.first { $0.action == 2 }?.verdict.kind == .requestCount)
        #expect(verdicts.filter { $0.action != 2 }.allSatisfy { $0.verdict.kind == .pass })
    }

    /// The reset flow's new-password action with the second poll answer's `poll` link moved to another path.
    static func movedPollCase() -> V2FuzzCase {
        let flow = V2BaseFlows.resetPassword
        var fuzzCase = V2FuzzCase.plain(flow, action: 2, seed: 1)
        fuzzCase.response = 1
        fuzzCase.responses[1] = V2Answers.interaction("CT-4", action: "poll", href: "resetpassword/poll-again")
        fuzzCase.operators = ["test"]
        return fuzzCase
    }

    @Test("the judge checks where each request went: polling the first poll link after an answer gave another is a mismatch")
    func pollHrefNotReplacedIsCaught() async throws {
        let fuzzCase = Self.movedPollCase()
        let flow = V2BaseFlows.resetPassword
        let observation = await V2EngineSource().observe(flow: flow, action: 2, responses: fuzzCase.responses)
        #expect(observation.requests.last?.url.hasSuffix("/resetpassword/poll-again") == true)
        let walk = V2Judge.predict(fuzzCase)
        let real = V2Judge.judge(fuzzCase, observation: observation, baseline: nil, prediction: walk, secrets: { [] })
        #expect(real.kind == .pass, "\(real)")
        let fault = try #require(PlantedFault.named(["v2.pollHrefNotReplaced"])?.first)
        let faulty = fault.apply(flow: flow, action: 2, to: observation)
        #expect(faulty.requests.last?.url.hasSuffix("/resetpassword/poll") == true)
        let verdict = V2Judge.judge(fuzzCase, observation: faulty, baseline: nil, prediction: walk, secrets: { [] })
        #expect(verdict.kind == .mismatch)
        #expect(verdict.expected.contains("request 3: POST https://login.contoso.com/") && verdict.expected.hasSuffix("/poll-again"))
        // The unmutated flow polls one link twice: the fault changes nothing there.
        let plain = await V2EngineSource().observe(flow: flow, action: 2, responses: flow.actions[2].responses)
        #expect(fault.apply(flow: flow, action: 2, to: plain).requests == plain.requests)
    }

    @Test("a V2 case goes on with the flow's later actions, so a password or code sent to a moved verify link is egress")
    func laterActionsShowPasswordAndCodeEgress() async {
        let configuration = V2Configuration(seed: 1, cases: 300, caseTimeout: 10, operators: EgressCampaignTests.hrefOperators,
                                            minimise: false)
        let log = await EgressScan.v2(V2Runner(configuration: configuration), cases: 300)
        let later = log.entries.filter { $0.step.hasSuffix(" then later actions") }
        #expect(later.contains { $0.kinds.contains(.password) })
        #expect(later.contains { $0.kinds.contains(.otp) || $0.kinds.contains(.code) })
        print(log.lines().joined(separator: "\n"))
    }
}
