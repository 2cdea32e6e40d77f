import Foundation
import NativeAuth
import Oracle
import Replay
import Testing

@testable import Fuzz

/// A V2 campaign models one MSAL (``V2Configuration/msal``): the engine under test and the oracle get the
/// same version, as `replay --msal` gives them.
struct V2ProfileTests {
    @Test("a V2 campaign's MSAL configures the engine it drives as well as the oracle's profile")
    func msalConfiguresEngineAndOracle() throws {
        for msal in ModelledMSAL.allCases {
            let runner = V2Runner(configuration: V2Configuration(seed: 1, cases: 0, msal: msal))
            let engine = try #require(runner.source as? V2EngineSource)
            #expect(engine.options == msal.engineOptions)
            #expect(runner.configuration.profile == msal.oracleProfile)
        }
    }

    /// The built-in flows 2.17 can run: `v2MFAEmail` included, its `resendChallenge` (2.18.1 only, §3.5) now
    /// a general error without a request in the engine's 2.17 options as in the oracle (row E6). `v2SignUp` types
    /// the password when asked after the code, a state 2.17 does not have (G row 2b: the engine and the oracle
    /// agree on the general error, so the flow's later actions have nothing to run on); ``signUp2_17`` replaces it.
    static let flows2_17 = V2BaseFlows.all.filter { $0.name != "v2SignUp" } + [signUp2_17]

    /// §2.3 as 2.17 signs up: the password given up front travels in the first O10 (G row 1), then the email
    /// code ends the sign-up and sign-in follows.
    static let signUp2_17 = V2FuzzFlow(name: "v2SignUpUpfrontPassword", actions: [
        V2FuzzAction(
            .signUp(username: V2BaseFlows.signUpUser, password: "Sunny-Day-42!", attributes: ["displayName": "Sam"]),
            step: V2Step(scenario: .signUp, action: .start, passwordGiven: true, sentAttributes: V2BaseFlows.signUpSent),
            responses: [
                V2Answers.entry("CT-0"), V2Answers.collect("CT-1", [("email", "text"), ("displayName", "text")]),
                V2Answers.verifyCode("CT-2", id: "em-1", type: "email", hint: "s**@e*****e.com", length: 8, base: "signup"),
            ]),
        V2FuzzAction(
            .submitCode(code: "11112222"),
            step: V2BaseFlows.signUpStep(.submitCode, sent: V2BaseFlows.signUpSent + ["password"], role: .firstFactor),
            responses: [FuzzResponse(status: 200, json: #"{"state":"continue","continuationToken":"CT-4"}"#)]),
        V2FuzzAction(
            .signInAfterFlow(), step: V2BaseFlows.signUpStep(.signIn, sent: V2BaseFlows.signUpSent + ["password"]),
            responses: [V2Answers.code, V2Answers.tokens]),
    ])

    @Test("a short V2 campaign under the MSAL 2.17 profile passes every unmutated action of the 2.17 flows and ends without findings")
    func campaignUnder2_17EndsWithoutFindings() async {
        let result = await V2Runner(configuration: Self.configuration(.iOS_2_17)).run()
        #expect(result.findings.total == 300)
        #expect(Set(result.baseline.map(\.flow)) == Set(Self.flows2_17.map(\.name)))
        for entry in result.baseline where entry.verdict.kind != .pass {
            Issue.record("baseline \(entry.flow)#\(entry.action): \(entry.verdict.kind) \(entry.verdict.expected) ⇒ \(entry.verdict.actual) — \(entry.verdict.note)")
        }
        for finding in result.findings.findings {
            Issue.record("V2 2.17 finding: \(finding.key.kind) \(finding.key.step) \(finding.key.expected) ⇒ \(finding.key.actual) — case \(finding.example.id) \(finding.verdict.note)")
        }
    }

    @Test("an engine left at 2.18.1 under the 2.17 oracle disagrees with it: the campaign must configure both")
    func engineOfAnotherMSALDisagrees() async {
        let mismatched = V2EngineSource(options: ModelledMSAL.iOS_2_18_1.engineOptions)
        let result = await V2Runner(configuration: Self.configuration(.iOS_2_17), source: mismatched).run()
        let problems = result.baseline.filter { $0.verdict.kind != .pass }
        #expect(!problems.isEmpty || !result.findings.findings.isEmpty)
    }

    static func configuration(_ msal: ModelledMSAL) -> V2Configuration {
        V2Configuration(seed: 2, cases: 300, caseTimeout: 10, flows: flows2_17, msal: msal, minimise: false)
    }
}
