import Testing

@testable import Oracle

/// Made-up V2 answers shaped like spec native-auth-v2 §2's journeys (host-less hrefs, tenant `t`).
enum V2Bodies {
    static func entry(_ relation: String = "sign_in", token: String = "CT-0") -> String {
        #"{"continuation_token":"\#(token)","\#(relation)":"/t/api/v2.0/\#(relation)/start"}"#
    }

    static func method(_ id: String, _ type: String, href: String? = nil) -> String {
        let link = href ?? "/t/api/v2.0/auth/methods/\(type)/\(id)/challenge"
        return #"{"id":"\#(id)","type":"\#(type)","hint":"a***x","_links":{"challenge":{"href":"\#(link)"}}}"#
    }

    static func challenge(_ methods: [String], factor: String = "singleFactor", token: String = "CT-1") -> String {
        #"{"state":"interactionRequired","action":"challenge","continuationToken":"\#(token)","challengeContext":{"authenticationFactor":"\#(factor)"},"_embedded":{"methods":[\#(methods.joined(separator: ","))]}}"#
    }

    static func verify(_ type: String, token: String = "CT-2", resend: Bool = true) -> String {
        let resendLink = resend ? #","resend":{"href":"/t/api/v2.0/\#(type)/resend"}"# : ""
        return #"{"state":"interactionRequired","action":"verify","continuationToken":"\#(token)","id":"m-1","type":"\#(type)","hint":"a***x","codeLength":8,"_links":{"verify":{"href":"/t/api/v2.0/\#(type)/verify"}\#(resendLink)}}"#
    }

    static func action(_ action: String, link: String? = nil, token: String = "CT-3") -> String {
        #"{"state":"interactionRequired","action":"\#(action)","continuationToken":"\#(token)","_links":{"\#(link ?? action)":{"href":"/t/api/v2.0/\#(action)"}}}"#
    }

    static func collect(_ ids: [String], token: String = "CT-1") -> String {
        let attributes = ids.map { #"{"attributeId":"\#($0)","inputType":"text","required":true}"# }.joined(separator: ",")
        return #"{"state":"interactionRequired","action":"collectAttributes","continuationToken":"\#(token)","attributes":[\#(attributes)],"_links":{"submitAttributes":{"href":"/t/api/v2.0/signup/submitattributes"}}}"#
    }

    static func continued(_ token: String = "CT-9") -> String {
        #"{"state":"continue","continuationToken":"\#(token)","_links":{"continue":{"href":"/t/oauth2/v2.0/authorize-challenge"}}}"#
    }

    static func error(_ code: String, inner: String? = nil, message: String = "AADSTS00000: made up") -> String {
        let innerPart = inner.map { #","innerError":{"code":"\#($0)"}"# } ?? ""
        return #"{"error":{"code":"\#(code)","message":"\#(message)"\#(innerPart),"correlationId":"c-1"}}"#
    }

    static let webFallback = #"{"state":"webFallbackRequired","continuationToken":"CT-W","_links":{"webFallback":{"href":"https://login.contoso.com/t/oauth2/v2.0/authorize"}}}"#
    static let authorizationCode = #"{"code":"AC-1.AQAB"}"#
}

/// A response with a UTF-8 body.
func v2(_ status: Int, _ body: String) -> RawResponse { RawResponse(status: status, text: body) }

/// A 200 response with a UTF-8 body.
func v2(_ body: String) -> RawResponse { RawResponse(status: 200, text: body) }

/// The answers O2 → O17 of a completed flow.
let v2Completion = [v2(V2Bodies.authorizationCode), v2(tokenSuccessBody)]

/// Walks and checks every hop matched a row of the table.
func walkV2(
    _ step: V2Step, _ answers: [RawResponse], profile: V2OracleProfile = .iOS_2_18_1,
    sourceLocation: SourceLocation = #_sourceLocation
) -> V2ChainPrediction {
    let prediction = V2OutcomeTable.walk(from: step, responses: answers, profile: profile)
    #expect(prediction.hops.allSatisfy { $0.row != nil }, "a hop without a row", sourceLocation: sourceLocation)
    return prediction
}

/// The row ids a walk used, in order.
func rowIds(_ prediction: V2ChainPrediction) -> [String] { prediction.hops.map { $0.row?.id ?? "?" } }

/// `onFlowError` with this kind.
func v2Fails(_ kind: String) -> V2Expectation {
    .outcome(ExpectedOutcome(callback: "onFlowError", error: "MSALNativeAuthFlowError.\(kind)"))
}

/// A callback with its state holding the answer's token.
func v2State(_ callback: String, _ state: String) -> V2Expectation {
    .outcome(ExpectedOutcome(callback: callback, newState: state, newStateToken: .fromResponse))
}

let v2Completed = V2Expectation.outcome(ExpectedOutcome(callback: "onFlowCompleted"))
