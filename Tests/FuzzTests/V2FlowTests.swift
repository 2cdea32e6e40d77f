import Foundation
import NativeAuth
import Oracle
import Replay
import Testing

@testable import Fuzz

/// The built-in V2 flows on the real engine, and the V2 judge on observations of it.
struct V2FlowTests {
    /// What each action of each built-in flow ends in on the engine (2.18.1 profile), and how many requests it sends.
    static let expected: [String: [(callback: String, error: String?, requests: Int)]] = [
        "v2SignInPassword": [("onPasswordRequired", nil, 3), ("onFlowError", "MSALNativeAuthFlowError.invalidPassword", 1),
                             ("onFlowCompleted", nil, 3)],
        "v2SignInEmailCode": [("onCodeRequired", nil, 3), ("onFlowError", "MSALNativeAuthFlowError.invalidCode", 1),
                              ("onCodeRequired", nil, 1), ("onFlowCompleted", nil, 3)],
        "v2SignInMethodSelection": [("onAuthMethodSelectionRequired", nil, 2), ("onPasswordRequired", nil, 1), ("onFlowCompleted", nil, 3)],
        "v2MFAEmail": [("onPasswordRequired", nil, 3), ("onAuthMethodSelectionRequired", nil, 1), ("onMFAVerificationRequired", nil, 1),
                       ("onFlowError", "MSALNativeAuthFlowError.invalidCode", 1), ("onMFAVerificationRequired", nil, 1),
                       ("onFlowCompleted", nil, 3)],
        "v2MFASMSRiskVerify": [("onPasswordRequired", nil, 3), ("onAuthMethodSelectionRequired", nil, 1),
                               ("onMFAVerificationRequired", nil, 2), ("onFlowCompleted", nil, 3)],
        "v2SignUp": [("onCodeRequired", nil, 3), ("onPasswordRequired", nil, 1), ("onFlowError", "MSALNativeAuthFlowError.generalError", 1),
                     ("onSignInAfterSignUpRequired", nil, 1), ("onFlowCompleted", nil, 2)],
        "v2ResetPassword": [("onCodeRequired", nil, 3), ("onNewPasswordRequired", nil, 1), ("onSignInAfterResetPasswordRequired", nil, 3),
                            ("onFlowCompleted", nil, 2)],
        "v2ResetPasswordSelection": [("onAuthMethodSelectionRequired", nil, 2), ("onCodeRequired", nil, 1), ("onNewPasswordRequired", nil, 1)],
        // getAccessToken: from the cache (nothing sent), forced, inside the five-minute margin, past the expiry.
        "v2SignInTokenCache": [("onPasswordRequired", nil, 3), ("onFlowCompleted", nil, 3), ("onAccessTokenRetrieveCompleted", nil, 0),
                               ("onAccessTokenRetrieveCompleted", nil, 1), ("onAccessTokenRetrieveCompleted", nil, 1),
                               ("onAccessTokenRetrieveCompleted", nil, 1)],
    ]

    @Test("every journey of spec §2 has a built-in V2 flow, each action ending as the flow's script intends")
    func builtInFlowsRunOnTheEngine() async {
        #expect(V2BaseFlows.all.count == Self.expected.count)
        let source = V2EngineSource()
        for flow in V2BaseFlows.all {
            let wanted = Self.expected[flow.name] ?? []
            #expect(wanted.count == flow.actions.count, "\(flow.name)")
            for (index, action) in flow.actions.enumerated() where index < wanted.count {
                let observation = await source.observe(flow: flow, action: index, responses: action.responses)
                #expect(observation.prefixProblem == nil, "\(flow.name)#\(index)")
                #expect(observation.outcome?.callback == wanted[index].callback, "\(flow.name)#\(index)")
                #expect(observation.outcome?.error == wanted[index].error, "\(flow.name)#\(index)")
                #expect(observation.actionRequests == wanted[index].requests, "\(flow.name)#\(index)")
                // A getAccessToken the token cache answers leaves its refresh answer unused.
                #expect(observation.actionRequests == action.responses.count || flow.tokenRead(action: index) == .fresh,
                        "\(flow.name)#\(index) uses every answer")
            }
        }
    }

    @Test("the same seed and index give the same V2 case, drawn from V2 operators only")
    func casesAreSeededAndUseV2Operators() {
        let one = V2CaseGenerator(flows: V2BaseFlows.all, seed: 11)
        let two = V2CaseGenerator(flows: V2BaseFlows.all, seed: 11)
        let v1Only = Set(Operators.protocolAware.map(\.name))
        var operators: Set<String> = []
        for index in 0..<300 as Range<UInt64> {
            let case1 = one.make(index: index)
            #expect(case1 == two.make(index: index))
            if let case1 {
                #expect(case1.mutatedResponse != V2BaseFlows.named(case1.flow)?.actions[case1.action].responses[case1.response])
                operators.formUnion(case1.operators)
            }
        }
        #expect(operators.isDisjoint(with: v1Only))
        #expect(!operators.isDisjoint(with: Set(Operators.hal.map(\.name))))
        #expect(operators.contains("transportFault"))
    }

    /// A prediction by hand: the answers consumed and the outcome, with one row that may be uncertain.
    static func prediction(_ outcome: ExpectedOutcome, consumed: Int, token: String? = nil, uncertain: Bool = false) -> V2ChainPrediction {
        let row = V2Row(id: "T1", request: .link("verify"), answer: "test", expectation: .outcome(outcome), source: "test",
                        uncertain: uncertain)
        return V2ChainPrediction(expectation: .outcome(outcome),
                                 hops: Array(repeating: .init(request: .link("verify"), row: row), count: consumed), expectedToken: token)
    }

    @Test("an operator's mutated answer is judged: the engine's general error for an unknown error code passes a general-error prediction and fails an invalid-code one")
    func mutatedAnswerGetsAVerdict() async throws {
        let flow = V2BaseFlows.signInEmailCode
        var fuzzCase = V2FuzzCase.plain(flow, action: 1, seed: 1)
        var random = FuzzRandom(runSeed: 1, caseIndex: 0)
        var context = MutationContext(step: .signInInitiate, responseIndex: 0, previousToken: nil)
        context.dialect = .v2
        let mutated = try #require(HALErrorCodeOperator().mutate(fuzzCase.responses[0], context: context, random: &random))
        fuzzCase.responses[0] = FuzzResponse(status: 400, json: #"{"error":{"code":"unknownFuzzError","message":"nope"}}"#)
        fuzzCase.operators = ["halErrorCode"]
        #expect(mutated.response != flow.actions[1].responses[0])
        let observation = await V2EngineSource().observe(flow: flow, action: 1, responses: fuzzCase.responses)
        let general = ExpectedOutcome(callback: "onFlowError", error: "MSALNativeAuthFlowError.generalError")
        let pass = V2Judge.judge(fuzzCase, observation: observation, baseline: nil, prediction: Self.prediction(general, consumed: 1),
                                 secrets: { [] })
        #expect(pass.kind == .pass)
        let invalidCode = ExpectedOutcome(callback: "onFlowError", error: "MSALNativeAuthFlowError.invalidCode")
        let mismatch = V2Judge.judge(fuzzCase, observation: observation, baseline: nil,
                                     prediction: Self.prediction(invalidCode, consumed: 1, uncertain: true), secrets: { [] })
        #expect(mismatch.kind == .mismatch)
        #expect(mismatch.note.contains("UNCERTAIN row T1"))
        let tooMany = V2Judge.judge(fuzzCase, observation: observation, baseline: nil, prediction: Self.prediction(general, consumed: 2),
                                    secrets: { [] })
        #expect(tooMany.kind == .requestCount)
    }

    @Test("a planted engine fault (a wrong code reported as a general error) is caught as a mismatch, and the scene shows the action's requests")
    func plantedDisagreementIsCaught() async {
        let flow = V2BaseFlows.signInEmailCode
        let planted = V2AlteredSource { scene, observation in
            guard scene.call == .submitCode(code: "00000000"), scene.requests.count == 1, scene.sentToken == "CT-2" else { return }
            observation.outcome?.error = "MSALNativeAuthFlowError.generalError"
        }
        let plain = V2FuzzCase.plain(flow, action: 1, seed: 1)
        let invalidCode = ExpectedOutcome(callback: "onFlowError", error: "MSALNativeAuthFlowError.invalidCode")
        let honest = await V2EngineSource().observe(flow: flow, action: 1, responses: plain.responses)
        let broken = await planted.observe(flow: flow, action: 1, responses: plain.responses)
        let prediction = Self.prediction(invalidCode, consumed: 1)
        #expect(V2Judge.judge(plain, observation: honest, baseline: nil, prediction: prediction, secrets: { [] }).kind == .pass)
        #expect(V2Judge.judge(plain, observation: broken, baseline: nil, prediction: prediction, secrets: { [] }).kind == .mismatch)
    }

    @Test("a state holding another token than the oracle reads is a wrongToken finding")
    func wrongTokenIsCaught() async {
        let flow = V2BaseFlows.signInEmailCode
        let plain = V2FuzzCase.plain(flow, action: 2, seed: 1)
        let observation = await V2EngineSource().observe(flow: flow, action: 2, responses: plain.responses)
        let codeRequired = ExpectedOutcome(callback: "onCodeRequired", newState: "MSALNativeAuthCodeRequiredState", newStateToken: .fromResponse)
        let right = Self.prediction(codeRequired, consumed: 1, token: "CT-2b")
        let wrong = Self.prediction(codeRequired, consumed: 1, token: "CT-2")
        #expect(V2Judge.judge(plain, observation: observation, baseline: nil, prediction: right, secrets: { [] }).kind == .pass)
        #expect(V2Judge.judge(plain, observation: observation, baseline: nil, prediction: wrong, secrets: { [] }).kind == .wrongToken)
    }
}

/// The built-in V2 flows against the V2 oracle.
struct V2OracleAgreementTests {
    @Test("every unmutated action of the built-in V2 flows passes against the V2 oracle (callback, error, state, token, requests)")
    func baselinePassesTheOracle() async {
        let runner = V2Runner(configuration: V2Configuration(seed: 1, cases: 0))
        let (_, verdicts) = await runner.baseline()
        #expect(verdicts.count == V2BaseFlows.all.map(\.actions.count).reduce(0, +))
        for entry in verdicts {
            #expect(entry.verdict.kind == .pass,
                    "\(entry.flow)#\(entry.action): \(entry.verdict.kind) expected \(entry.verdict.expected) actual \(entry.verdict.actual) — \(entry.verdict.note)")
        }
    }

    @Test("a planted engine fault is caught against the real V2 oracle: a campaign over the email-code flow finds the wrong-code error reported as a general error")
    func plantedFaultIsCaughtByACampaign() async {
        let planted = V2AlteredSource { scene, observation in
            guard observation.outcome?.error == "MSALNativeAuthFlowError.invalidCode", scene.step.action == .submitCode else { return }
            observation.outcome?.error = "MSALNativeAuthFlowError.generalError"
        }
        let runner = V2Runner(configuration: V2Configuration(seed: 4, cases: 50, flows: [V2BaseFlows.signInEmailCode], minimise: false),
                              source: planted)
        let result = await runner.run()
        #expect(result.baseline.contains { $0.verdict.kind == .mismatch && $0.action == 1 })
        #expect(result.findings.findings.contains { $0.key.kind == .mismatch && $0.key.actual.contains("generalError") })
    }

    @Test("a short V2 campaign ends without findings, counts V2 rows and reports them in every format")
    func shortCampaignReportsRows() async {
        let runner = V2Runner(configuration: V2Configuration(seed: 2, cases: 400, jobs: 2))
        let result = await runner.run()
        #expect(result.findings.total == 400)
        #expect(result.findings.rows.hitCount > 10)
        for finding in result.findings.findings {
            Issue.record("V2 finding: \(finding.key.kind) \(finding.key.step) [\(finding.key.family)] \(finding.key.expected) ⇒ \(finding.key.actual) — case \(finding.example.id) \(finding.example.details) \(finding.verdict.note)")
        }
        let report = V2Report(result)
        #expect(report.render(.text).contains("V2 rows hit: \(result.findings.rows.hitCount) of"))
        #expect(report.render(.json).contains("\"rows\""))
        #expect(report.render(.junit).contains("v2RowsHit"))
        #expect(report.render(.markdown).contains("V2 rows hit"))
    }
}
