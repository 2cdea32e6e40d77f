import Foundation
import HAR
import Testing

@testable import Inspector

/// A capture holding a V1 sign-in (the shipped `signin-password.har`) interleaved with a redacted V2
/// password sign-in (spec native-auth-v2 §2.1): both flows are drawn, the V2 arrows naming the link
/// relation each request followed and the state/action of each answer.
@Suite("V2 flows in the inspector")
struct V2InspectionTests {
    static let tenant = "contoso.onmicrosoft.com"
    static let origin = "http://127.0.0.1:42915"
    static let method = "REDACTED-method_id-1"

    /// A redacted V2 exchange.
    static func v2(_ path: String, form: String? = nil, json: String? = nil, status: Int, answer: String, second: Int)
        -> HAREntry
    {
        var request = HARRequest(method: path.hasSuffix("/update") ? "PUT" : "POST", url: origin + "/" + tenant + path)
        if let form {
            request.postData = HARPostData(mimeType: "application/x-www-form-urlencoded", text: form)
        } else if let json {
            request.postData = HARPostData(mimeType: "application/json", text: json)
        }
        let response = HARResponse(
            status: status, statusText: status == 200 ? "OK" : status == 401 ? "Unauthorized" : "Bad Request",
            headers: [HARHeader(name: "Content-Type", value: "application/json")],
            content: HARContent(body: Array(answer.utf8), mimeType: "application/json"))
        return HAREntry(
            startedDateTime: "2026-11-28T10:00:\(second < 10 ? "0" : "")\(second).000Z", time: 3.25, request: request,
            response: response)
    }

    /// The V2 sign-in's entries, in order.
    static func v2Entries() -> [HAREntry] {
        let api = "/\(tenant)/api/v2.0"
        let methods = "\(api)/auth/methods/password/\(method)"
        func ct(_ n: Int) -> String { "REDACTED-continuation_token-\(n + 10)" }
        return [
            v2("/oauth2/v2.0/authorize-challenge", form: "client_id=11111111-2222-4333-8444-555555555555&scope=openid+profile+offline_access", status: 401,
               answer: #"{"continuation_token":"\#(ct(0))","sign_in":"\#(api)/signin/start","sign_up":"\#(api)/signup/start"}"#, second: 1),
            v2("/api/v2.0/signin/start", json: #"{"continuationToken":"\#(ct(0))","username":"REDACTED-username-9"}"#, status: 200,
               answer: #"{"state":"interactionRequired","action":"challenge","challengeContext":{"authenticationFactor":"singleFactor"},"continuationToken":"\#(ct(1))","_embedded":{"methods":[{"id":"\#(method)","type":"password","_links":{"challenge":{"href":"\#(methods)/challenge"}}}]}}"#,
               second: 2),
            v2("/api/v2.0/auth/methods/password/\(method)/challenge", json: #"{"continuationToken":"\#(ct(1))"}"#, status: 200,
               answer: #"{"state":"interactionRequired","action":"verify","continuationToken":"\#(ct(2))","id":"\#(method)","type":"password","_links":{"verify":{"href":"\#(methods)/verify"}}}"#,
               second: 3),
            v2("/api/v2.0/auth/methods/password/\(method)/verify",
               json: #"{"continuationToken":"\#(ct(2))","password":"REDACTED-password-9"}"#, status: 400,
               answer: #"{"error":{"code":"invalidGrant","message":"AADSTS50126: Error validating credentials.","innerError":{"code":"invalidUserNameOrPassword"}}}"#,
               second: 4),
            v2("/api/v2.0/auth/methods/password/\(method)/verify",
               json: #"{"continuationToken":"\#(ct(2))","password":"REDACTED-password-10"}"#, status: 200,
               answer: #"{"state":"continue","continuationToken":"\#(ct(3))"}"#, second: 5),
            v2("/oauth2/v2.0/authorize-challenge", form: "continuation_token=\(ct(3))", status: 200,
               answer: #"{"code":"REDACTED-code-1"}"#, second: 6),
            v2("/oauth2/v2.0/token",
               form: "grant_type=authorization_code&code=REDACTED-code-1&client_id=11111111-2222-4333-8444-555555555555&client_info=true&scope=openid+profile+offline_access",
               status: 200, answer: #"{"token_type":"Bearer","access_token":"REDACTED-access_token-9"}"#, second: 7),
        ]
    }

    /// The mixed capture: V2 entries 0, 1, 3, 4, 6, 7, 8 around the V1 entries 2, 5, 9.
    static func mixedCapture() throws -> (path: String, folder: URL) {
        let shipped = TestSupport.repository.appendingPathComponent("captures/signin-password.har").path
        var document = try HARReader.read(contentsOf: shipped)
        let v1 = document.log.entries
        let v2 = v2Entries()
        document.log.entries = [v2[0], v2[1], v1[0], v2[2], v2[3], v1[1], v2[4], v2[5], v2[6], v1[2]]
        let folder = try TestSupport.scratchFolder("v2")
        let path = folder.appendingPathComponent("mixed-v1-v2.har").path
        try HARWriter.write(document, to: path)
        return (path, folder)
    }

    @Test("A capture mixing a V1 and a V2 sign-in draws both flows, the V2 arrows naming relations and state/action")
    func mixedCaptureDrawsBothFlows() async throws {
        let (path, folder) = try Self.mixedCapture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let section = await CaptureInspection.section(path: path, name: "mixed-v1-v2.har")
        #expect(section.problems.isEmpty, "\(section.problems)")
        #expect(section.leaks.isEmpty, "\(section.leaks)")
        #expect(section.flows.map(\.kind) == ["v2SignIn", "signIn"])
        #expect(section.flows.map(\.exchanges) == [[0, 1, 3, 4, 6, 7, 8], [2, 5, 9]])
        #expect(section.flows[1].passed == true)
        let steps = section.flows[0].steps
        #expect(steps.map(\.action) == ["signInV2", "submitPassword", "submitPassword"])
        #expect(steps.map(\.exchanges) == [[0, 1, 3], [4], [6, 7, 8]])
        #expect(steps.allSatisfy { $0.oracle != nil && $0.uncertainty == nil } && steps[0].engine != nil, "\(steps)")
        #expect(section.flows[0].passed == true, "\(steps)")
        let v2 = section.flows[0].exchanges.map { section.exchanges[$0] }
        #expect(v2.map(\.endpoint) == [
            "v2 authorize-challenge", "v2 signIn", "v2 challenge", "v2 verify", "v2 verify", "v2 continue", "v2 token",
        ])
        #expect(v2.map(SequenceDiagram.answerLabel) == [
            "401 · 3.3 ms", "200 interactionRequired/challenge · 3.3 ms", "200 interactionRequired/verify · 3.3 ms",
            "400 invalidGrant / invalidUserNameOrPassword · 3.3 ms", "200 continue · 3.3 ms", "200 · 3.3 ms", "200 · 3.3 ms",
        ])
        #expect(section.exchanges[2].endpoint == "/oauth2/v2.0/initiate")

        let html = PageRenderer().render(InspectorPage(title: "mixed V1 and V2", captures: [section]))
        #expect(html.contains("POST v2 verify"))
        #expect(!html.contains("Not replayed"))
        #expect(TestSupport.count(#"<div class="step fail""#, in: html) == 0)
        #expect(!html.contains(#"class="uncertain"#))
        #expect(!v2.contains { $0.endpoint.contains(Self.method) })
        try TestSupport.compareWithGolden(html, name: "mixed-v1-v2.html")
    }

    @Test("A V2 step whose oracle verdict rests on an uncertain row shows its outcomes and the uncertainty")
    func uncertainOracleRowIsShown() async throws {
        let api = "/\(Self.tenant)/api/v2.0"
        let entries = [
            Self.v2("/oauth2/v2.0/authorize-challenge", form: "client_id=11111111-2222-4333-8444-555555555555&scope=openid",
                    status: 401, answer: #"{"continuation_token":"REDACTED-continuation_token-1","sign_in":"\#(api)/signin/start"}"#,
                    second: 1),
            Self.v2("/api/v2.0/signin/start",
                    json: #"{"continuationToken":"REDACTED-continuation_token-1","username":"REDACTED-username-1"}"#, status: 200,
                    answer: #"{"state":"webFallbackRequired","continuationToken":"REDACTED-continuation_token-2","_links":{"webFallback":{"href":"/\#(Self.tenant)/oauth2/v2.0/authorize"}}}"#,
                    second: 2),
        ]
        let folder = try TestSupport.scratchFolder("v2-uncertain")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("v2-web-fallback.har").path
        try HARWriter.write(HARDocument(log: HARLog(creator: HARCreator(name: "inspector-tests", version: "1"), entries: entries)), to: path)
        let section = await CaptureInspection.section(path: path, name: "v2-web-fallback.har")
        #expect(section.flows.map(\.kind) == ["v2SignIn"])
        let step = try #require(section.flows.first?.steps.first)
        #expect(step.action == "signInV2")
        #expect(step.exchanges == [0, 1])
        #expect(step.engine != nil && step.oracle != nil)
        let uncertainty = try #require(step.uncertainty)
        #expect(uncertainty.contains("A7"))
        let html = PageRenderer().render(InspectorPage(title: "V2 web fallback", captures: [section]))
        #expect(html.contains(#"<p class="uncertain muted">uncertain: "#))
        #expect(!html.contains("Not replayed"))
    }
}
