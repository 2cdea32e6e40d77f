import Foundation
import Replay
import Testing

@Suite("V2 verdicts on uncertain table rows")
struct V2UncertaintyTests {
    /// A sign-in whose O3 answers with a web fallback: table row A7, which the spec marks uncertain.
    static var webFallback: [V2Exchange] {
        [
            V2Journeys.start("sign_in", path: "/api/v2.0/signin/start"),
            V2Exchange(
                path: V2Journeys.tenant + "/api/v2.0/signin/start",
                request: "{\"username\":\"REDACTED-username-1\",\"continuationToken\":\"REDACTED-continuation_token-1\"}",
                response: "{\"state\":\"webFallbackRequired\",\"continuationToken\":\"REDACTED-continuation_token-2\","
                    + "\"_links\":{\"webFallback\":{\"href\":\"\(V2Journeys.tenant)/oauth2/v2.0/authorize\"}}}"),
        ]
    }

    @Test("a verdict resting on an uncertain row says so in the text, JSON and JUnit reports")
    func uncertainRowIsReported() async throws {
        let result = await ReplayRunner().replay(ScriptInference.script(of: V2Journeys.document(Self.webFallback), path: "v2.har"))
        let step = try #require(result.flows.first?.steps.first)
        #expect(step.action == "signInV2")
        #expect(step.requestsMatched)
        let uncertainty = try #require(step.uncertainty)
        #expect(uncertainty.contains("A7"))
        let report = ReplayReport(captures: [result])
        #expect(ReplayReportRenderer.render(report, as: .text).contains("uncertain: " + uncertainty))
        #expect(ReplayReportRenderer.render(report, as: .json).contains("\"uncertainty\""))
        #expect(ReplayReportRenderer.render(report, as: .junit).contains("<system-out>uncertain: "))
    }

    @Test("a verdict on certain rows carries no uncertainty and no extra JSON key")
    func certainRowsAreNotMarked() async {
        let result = await ReplayRunner().replay(ScriptInference.script(of: V2Journeys.document(V2Journeys.password), path: "v2.har"))
        #expect(result.flows.flatMap(\.steps).allSatisfy { $0.uncertainty == nil })
        #expect(!ReplayReportRenderer.render(ReplayReport(captures: [result]), as: .json).contains("uncertainty"))
    }
}
