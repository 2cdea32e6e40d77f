import Foundation
import HAR
import NativeAuthWire
import Testing

@testable import Recorder

/// V2 flow grouping and naming without a network (spec native-auth-v2 §1.2, §1.5, §2.1).
@Suite("V2 flow tracking")
struct V2FlowTrackerTests {
    static let methodID = "em-91c2canary"

    static func answer(_ json: String) throws -> V2Answer {
        V2Answer(V2JSONNode(value: try JSONParser.parse(json)))
    }

    static func json(_ path: String, token: String, answer: V2Answer) -> FlowTracker.Observation {
        var observation = FlowTracker.Observation(path: path)
        observation.jsonContinuationToken = token
        observation.answer = answer
        return observation
    }

    @Test("An O1, its entry link, a method link holding an id, its resend, O2 and the code exchange are one flow named by relations; a V1 flow between them is another")
    func chainsAV2Flow() throws {
        var tracker = FlowTracker()
        var start = FlowTracker.Observation(path: "/t/oauth2/v2.0/authorize-challenge")
        start.answer = try Self.answer(#"{"continuation_token":"CT-0","sign_in":"/t/api/v2.0/signin/start","sign_up":"/t/api/v2.0/signup/start"}"#)
        let o1 = tracker.assign(start)
        let v1 = tracker.assign(
            path: "/t/oauth2/v2.0/initiate", requestForm: [:], clientRequestID: nil, responseContinuationToken: "V1-CT")
        let methods = "/t/api/v2.0/auth/methods/email/\(Self.methodID)"
        let entry = tracker.assign(Self.json("/t/api/v2.0/signin/start", token: "CT-0", answer: try Self.answer(
            #"{"state":"interactionRequired","action":"challenge","continuationToken":"CT-1","_embedded":{"methods":[{"id":"\#(Self.methodID)","type":"email","_links":{"challenge":{"href":"https://login.example\#(methods)/challenge?dc=x"}}}]}}"#)))
        let challenge = tracker.assign(Self.json("\(methods)/challenge", token: "CT-1", answer: try Self.answer(
            #"{"state":"interactionRequired","action":"verify","continuationToken":"CT-2","_links":{"verify":{"href":"\#(methods)/verify"},"resend":[{"href":"\#(methods)/challenge"}]}}"#)))
        let resend = tracker.assign(Self.json("\(methods)/challenge", token: "CT-2", answer: try Self.answer(
            #"{"state":"interactionRequired","action":"verify","continuationToken":"CT-3","_links":{"verify":{"href":"\#(methods)/verify"}}}"#)))
        let verify = tracker.assign(Self.json("\(methods)/verify", token: "CT-3", answer: try Self.answer(
            #"{"state":"continue","continuationToken":"CT-4"}"#)))
        var resume = FlowTracker.Observation(path: "/t/oauth2/v2.0/authorize-challenge")
        resume.formContinuationToken = "CT-4"
        resume.answer = try Self.answer(#"{"code":"AC-1"}"#)
        let o2 = tracker.assign(resume)
        var exchange = FlowTracker.Observation(path: "/t/oauth2/v2.0/token")
        exchange.formGrantType = "authorization_code"
        exchange.formCode = "AC-1"
        let o17 = tracker.assign(exchange)

        let v2 = [o1, entry, challenge, resend, verify, o2, o17]
        #expect(v2.map(\.step) == [
            "v2 authorize-challenge", "v2 signIn", "v2 challenge", "v2 resend", "v2 verify", "v2 continue", "v2 token",
        ])
        #expect(Set(v2.map(\.flowID)) == ["flow-1"])
        #expect(v2.map(\.kind) == ["v2"] + Array(repeating: "v2SignIn", count: 6))
        #expect(v2.allSatisfy { $0.isV2 })
        #expect(v1.flowID == "flow-2" && v1.kind == "signIn" && !v1.isV2)
        #expect(!v2.contains { $0.step.contains(Self.methodID) })
        // The tracker keeps digests of tokens, codes and href paths, never their text.
        let memory = String(describing: tracker)
        #expect(memory.contains("v2SignIn") && memory.contains("resend"))
        for secret in [Self.methodID, "CT-1", "CT-4", "AC-1", "V1-CT", "signin/start"] {
            #expect(!memory.contains(secret), "the tracker holds \(secret)")
        }
    }

    @Test("A V2 request whose token and link were never seen starts a flow of kind v2, its step a template with ids as {id}")
    func unknownV2RequestIsATemplate() {
        var tracker = FlowTracker()
        let lone = tracker.assign(Self.json("/t/api/v2.0/mfa/sms/\(Self.methodID)/verify", token: "CT-x", answer: V2Answer()))
        #expect(lone.step == "v2 api/v2.0/mfa/sms/{id}/verify")
        #expect(lone.kind == "v2" && lone.isV2)
        #expect(V2Exchange.template(ofPath: "/t/api/v1.0-internal/risk/phone/verify") == "api/v1.0-internal/risk/phone/verify")
        #expect(V2Exchange.template(ofPath: "/tenant/oauth2/v2.0/authorize-challenge") == "oauth2/v2.0/authorize-challenge")
        #expect(V2Exchange.step(.interaction, relation: "ver<i>fy", path: "/t/api/v2.0/x9/verify") == "v2 api/v2.0/{id}/verify")
        // A /token request that is not the code exchange stays V1's.
        var refresh = FlowTracker.Observation(path: "/t/oauth2/v2.0/token")
        refresh.formGrantType = "refresh_token"
        #expect(tracker.assign(refresh).step == "oauth2/v2.0/token")
    }

    @Test("reads state, action, the token, the nested error codes and every advertised link of a V2 answer")
    func readsAnswers() throws {
        let answer = try Self.answer(
            #"{"state":"interactionRequired","action":"verify","continuationToken":"CT","error":{"code":"invalidGrant","innerError":{"code":"invalidOneTimeCode"}},"reset_password":"/t/api/v2.0/resetpassword/start?dc=1","_links":{"curies":[{"href":"/x"}],"poll":{"href":"https://h.example/t/api/v2.0/reset%70assword/poll#f"}}}"#)
        #expect(answer.state == "interactionRequired" && answer.action == "verify" && answer.continuationToken == "CT")
        #expect(answer.errorCode == "invalidGrant" && answer.innerErrorCode == "invalidOneTimeCode")
        #expect(answer.links == [
            V2Link(relation: "resetPassword", path: "/t/api/v2.0/resetpassword/start"),
            V2Link(relation: "poll", path: "/t/api/v2.0/resetpassword/poll"),
        ])
        #expect(try Self.answer(#"{"error":"redirect_to_web"}"#).errorCode == "redirect_to_web")
    }

    @Test("A V2 console line names the step, state and action, then the error pair; JSON carries them as fields")
    func consoleLine() throws {
        var line = ExchangeConsoleLog.Line(
            time: Date(timeIntervalSince1970: 0), method: "POST", endpoint: "v2 challenge", status: 200, error: nil,
            suberror: nil, milliseconds: 2.04, flowID: "flow-3")
        line.state = "interactionRequired"
        line.action = "verify"
        #expect(ExchangeConsoleLog.render(line, format: .text)
            .hasSuffix("POST    v2 challenge  200  state=interactionRequired action=verify  2.0 ms  flow-3"))
        let json = ExchangeConsoleLog.render(line, format: .json)
        let object = try JSONParser.parse(json)
        #expect(object["state"]?.stringValue == "interactionRequired" && object["action"]?.stringValue == "verify")
        #expect(object["endpoint"]?.stringValue == "v2 challenge")
    }
}
