import Foundation
import NativeAuth
import Testing

@testable import Fuzz

@Suite("Credential egress over V2 campaigns")
struct EgressCampaignTests {
    static let hrefOperators: [any MutationOperator] = [HALHrefOtherOriginOperator(), HALHrefHTTPOperator()]

    static func runner(_ policy: MSALNativeAuthV2LinkPolicy) -> V2Runner {
        V2Runner(configuration: V2Configuration(seed: 1, cases: 400, caseTimeout: 10, operators: hrefOperators, minimise: false),
                 source: V2EngineSource(options: MSALNativeAuthV2Options(linkPolicy: policy)))
    }

    @Test("with unchecked links (MSAL iOS) hrefs to another origin or over http carry credentials away; the same-origin policy sends none")
    func campaignsFindEgressOnlyWhenUnchecked() async {
        let unchecked = await EgressScan.v2(Self.runner(.unchecked), cases: 400)
        #expect(unchecked.total > 0)
        #expect(unchecked.entries.contains { $0.kinds.contains(.continuationToken) })
        #expect(unchecked.entries.contains { $0.reasons.contains(.otherOrigin) })
        #expect(unchecked.entries.contains { $0.reasons.contains(.plainHTTP) })
        print(unchecked.lines().joined(separator: "\n"))
        let refused = await EgressScan.v2(Self.runner(.sameOriginHTTPSOnly), cases: 400)
        #expect(refused.total == 0, "\(refused.lines())")
    }

    @Test("the log groups cases by step, kinds and reason, keeps the lowest case as the example and merges")
    func logGroupsAndMerges() {
        let authority = V2EngineSource.authority
        func egress(_ url: String, _ body: String) -> CredentialEgress {
            CredentialEgress(authority: authority, requests: [(url, [("Content-Type", "application/json")], Array(body.utf8))])
        }
        let otp = egress("https://evil.example/t/verify", #"{"continuationToken":"CT-2","otp":"204918"}"#)
        let token = egress("http://login.contoso.com/t/challenge", #"{"continuationToken":"CT-1"}"#)
        var first = EgressLog()
        first.record(caseId: "1:9", index: 9, step: "signIn.submitCode @ link verify", otp)
        first.record(caseId: "1:4", index: 4, step: "signIn.submitCode @ link verify", otp)
        first.record(caseId: "1:5", index: 5, step: "signIn.start @ link challenge", egress("https://login.contoso.com/t/x", #"{"continuationToken":"CT-1"}"#))
        var second = EgressLog()
        second.record(caseId: "1:2", index: 2, step: "signIn.start @ link challenge", token)
        second.record(caseId: "1:1", index: 1, step: "signIn.submitCode @ link verify", otp)
        first.merge(second)
        #expect(first.total == 4)
        #expect(first.entries.map(\.count) == [3, 1])
        #expect(first.entries.first?.exampleId == "1:1")
        #expect(first.entries.last?.reasons == [.plainHTTP])
        #expect(first.lines() == [
            "egress: 4 cases (credentials sent outside the authority; a risk of the SDK's link handling, not findings)",
            "  3× egress: 1:1 at signIn.submitCode @ link verify: continuationToken, otp to https://evil.example (other origin)",
            "  1× egress: 1:2 at signIn.start @ link challenge: continuationToken to http://login.contoso.com (http)",
        ])
        #expect(EgressLog().lines().isEmpty)
        #expect(EgressLog().jsonNode().serialized() == #"{"cases":0,"groups":[]}"#)
        let json = first.jsonNode().serialized()
        #expect(json.hasPrefix(#"{"cases":4,"groups":[{"step":"signIn.submitCode @ link verify","kinds":["continuationToken","otp"],"reasons":["other origin"],"count":3,"example":"1:1""#))
        for value in ["CT-1", "CT-2", "204918"] { #expect(!json.contains(value)) }
    }

    @Test("a V2 campaign lists its egress cases apart from findings, in the text and JSON reports")
    func v2CampaignReportsEgress() async {
        let configuration = V2Configuration(seed: 1, cases: 200, caseTimeout: 10, operators: Self.hrefOperators, minimise: false)
        let result = await V2Runner(configuration: configuration).run()
        #expect(result.findings.egress.total > 0)
        let text = V2Report(result).text()
        #expect(text.contains("egress: \(result.findings.egress.total) cases (credentials sent outside the authority"))
        #expect(text.contains("× egress: 1:"))
        let json = V2Report(result).jsonNode()
        #expect(json["egress"]?["cases"] == .number(String(result.findings.egress.total)))
    }
}
