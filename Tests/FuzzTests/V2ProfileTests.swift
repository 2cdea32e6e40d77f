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
    /// a general error without a request in the engine's 2.17 options as in the oracle (row E6). `v2SignUp` is
    /// left out: it signs up without an up-front password and types the password when asked after the code,
    /// a state 2.17 does not have (G row 2b: the engine and the oracle agree on the general error, so the
    /// flow's later actions have nothing to run on).
    static let flows2_17 = V2BaseFlows.all.filter { $0.name != "v2SignUp" }

    @Test("a short V2 campaign under the MSAL 2.17 profile passes every unmutated action of the 2.17 flows and ends without findings")
    func campaignUnder2_17EndsWithoutFindings() async {
        let result = await V2Runner(configuration: Self.configuration(.iOS_2_17)).run()
        #expect(result.findings.total == 300)
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
