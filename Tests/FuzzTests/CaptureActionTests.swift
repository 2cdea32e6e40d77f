import Driver
import Foundation
import HAR
import NativeAuthWire
import Replay
import Testing
@testable import Fuzz

/// Fuzz cases built from a capture perform the capture's own user actions (issue 24, point 1): the
/// actions are the ones replay infers, scopes and JSON attributes included, and the engine sends what
/// the capture recorded.
@Suite("Fuzz cases from a capture perform the recorded actions")
struct CaptureActionTests {
    static let host = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
    static let types = ("challenge_type", "oob password redirect")
    static let attributes = #"{"displayName":"Sam","age":42,"newsletter":true}"#

    /// A sign-up with JSON attributes (a number and a Boolean among them), a code, then sign-in after
    /// sign-up asking for `User.Read`; then a password sign-in asking for `Mail.Read`.
    static func capture() -> HARDocument {
        var entries: [HAREntry] = []
        func add(_ path: String, _ fields: [(String, String)], json: String) {
            let form = FormCodec.encode(pairs: [("client_id", EngineDriver.defaultClientId)] + fields)
            let request = HARRequest(
                method: "POST", url: host + path,
                headers: [HARHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                postData: HARPostData(mimeType: "application/x-www-form-urlencoded", text: form))
            let response = HARResponse(
                status: 200, headers: [HARHeader(name: "Content-Type", value: "application/json")],
                content: HARContent(body: Array(json.utf8), mimeType: "application/json"))
            entries.append(HAREntry(
                startedDateTime: "2026-11-28T10:00:\(String(format: "%02d", entries.count * 5)).000Z", time: 1,
                request: request, response: response))
        }
        let tokens = #"{"token_type":"Bearer","scope":"openid profile offline_access User.Read","expires_in":3600,"#
            + #""access_token":"AT-1","refresh_token":"RT-1","id_token":"ID-1","client_info":"eyJ1aWQiOiJ1MSIsInV0aWQiOiJ0MSJ9"}"#
        let oob = #"{"challenge_type":"oob","binding_method":"prompt","challenge_channel":"email","#
            + #""challenge_target_label":"s***@example.com","code_length":8,"continuation_token":"CT-2"}"#
        add("/signup/v1.0/start", [("username", "sam@example.com"), ("attributes", attributes), types],
            json: #"{"continuation_token":"CT-1"}"#)
        add("/signup/v1.0/challenge", [("continuation_token", "CT-1"), types], json: oob)
        add("/signup/v1.0/continue", [("continuation_token", "CT-2"), ("grant_type", "oob"), ("oob", "12345678")],
            json: #"{"continuation_token":"CT-3"}"#)
        add("/oauth2/v2.0/token", [
            ("continuation_token", "CT-3"), ("grant_type", "continuation_token"),
            ("scope", "openid profile offline_access User.Read"), ("client_info", "true"), ("username", "sam@example.com"),
            types,
        ], json: tokens)
        add("/oauth2/v2.0/initiate", [("username", "kim@example.com"), types], json: #"{"continuation_token":"CT-4"}"#)
        add("/oauth2/v2.0/challenge", [("continuation_token", "CT-4"), types],
            json: #"{"challenge_type":"password","continuation_token":"CT-5"}"#)
        add("/oauth2/v2.0/token", [
            ("continuation_token", "CT-5"), ("grant_type", "password"), ("password", "Sunny-Day-42!"),
            ("scope", "openid profile offline_access Mail.Read"), ("client_info", "true"), ("username", "kim@example.com"),
            types,
        ], json: tokens.replacingOccurrences(of: "User.Read", with: "Mail.Read"))
        return HARDocument(log: HARLog(creator: HARCreator(name: "fuzz-tests", version: "1"), entries: entries))
    }

    @Test("the flows of a capture hold the script's actions, scopes and a number and a Boolean attribute included")
    func flowsHoldTheScriptsActions() throws {
        let script = ScriptInference.script(of: Self.capture(), path: "typed.har")
        #expect(script.flows.count == 2)
        #expect(script.flows.flatMap(\.problems).isEmpty)
        let flows = CaptureFlows.flows(from: script)
        #expect(flows.problems.isEmpty)
        let performed = flows.flows.map { $0.actions.map(\.call) }
        let recorded = script.flows.map { $0.steps.map(\.action) }
        #expect(performed == recorded)
        let calls = flows.flows.flatMap { $0.actions.map(\.call) }
        let attributes = try #require(try JSONParser.parse(Self.attributes).objectValue)
        #expect(calls.contains(.signUp(username: "sam@example.com", password: nil, attributes: attributes)))
        #expect(calls.contains(.signInAfterSignUp(scopes: ["User.Read"])))
        let signInScopes = calls.compactMap { call -> [String]? in
            if case .signIn(_, _, let scopes) = call { return scopes }
            return nil
        }
        #expect(signInScopes == [["Mail.Read"]])
    }

    @Test("run as fuzz cases with the recorded answers, every action sends exactly the recorded requests")
    func casesSendTheRecordedRequests() async throws {
        let script = ScriptInference.script(of: Self.capture(), path: "typed.har")
        let flows = CaptureFlows.flows(from: script).flows
        try #require(flows.count == script.flows.count)
        let matcher = RequestMatcher(placeholders: .exact)
        for (flow, recorded) in zip(flows, script.flows) {
            let last = flow.actions.count - 1
            let observation = await EngineOutcomeSource().observe(flow: flow, action: last, responses: flow.actions[last].responses)
            #expect(observation.prefixProblem == nil)
            #expect(observation.outcome == recorded.steps[last].expected)
            for (index, step) in recorded.steps.enumerated() {
                let sent = observation.requests.filter { $0.action == index }
                try #require(sent.count == step.exchanges.count, "\(flow.name) action \(index) sent \(sent.count) requests")
                for (request, exchange) in zip(sent, step.exchanges) {
                    #expect(request.url.hasSuffix(exchange.endpoint.path))
                    let differences = matcher.differences(
                        method: request.method, endpoint: exchange.endpoint, fields: FormCodec.decodeLeniently(bytes: request.body),
                        recorded: exchange)
                    #expect(differences.isEmpty, "\(flow.name) action \(index): \(differences)")
                }
            }
        }
    }
}
