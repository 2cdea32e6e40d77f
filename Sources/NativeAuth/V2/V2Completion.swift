import Foundation
import NativeAuthWire

/// The ending every V2 journey shares (spec native-auth-v2 §1.8): O2 resumes the authorization with the
/// continuation token of a `continue` answer and gets an authorization code; O17 exchanges it for tokens,
/// which are cached and handed over as V1's account result.
struct V2Completion: Sendable {
    private enum Phase: Sendable { case authorize, token }
    private var phase = Phase.authorize
    let flow: V2FlowContext

    init(flow: V2FlowContext) { self.flow = flow }

    /// O2 as every SDK sends it: the fixed authorize-challenge path, `continuation_token` only.
    static func resume(_ token: String) -> V2Call {
        .form(V2Path.authorizeChallenge, [FormField(V2Key.continuationTokenForm, token)])
    }

    mutating func receive(_ answer: V2Answer) -> V2Step {
        guard case .response(_, let body) = answer else {
            if case .failed(let message) = answer { return .finish(flow.general(message)) }
            return .finish(flow.general(nil))
        }
        switch phase {
        case .authorize: return receiveCode(body)
        case .token: return .finish(receiveTokens(body))
        }
    }

    private mutating func receiveCode(_ body: Data) -> V2Step {
        // The status code is never consulted (§3.3 r3).
        guard let response = V2Response.parse(body) else { return .finish(flow.general(V2Text.unexpectedBody)) }
        guard let code = response.code, !code.isEmpty else {
            if response.hasError {
                return .finish(flow.general(response.error?.message, codes: response.error?.aadsts ?? []))
            }
            return .finish(flow.general("Missing authorization code"))
        }
        phase = .token
        let base = flow.base
        var fields = [
            FormField(V2Key.grantType, V2Key.authorizationCodeGrant), FormField(V2Key.code, code),
            FormField(V2Key.clientID, flow.engine.configuration.clientId), FormField(V2Key.clientInfo, "true"),
            FormField(V2Key.scope, base.scopeField),
        ]
        if let claims = base.claims { fields.append(FormField(V2Key.claims, claims)) }
        return .send(.form(V2Path.token, fields))
    }

    /// O17: a body with `error` is a general error with its description and codes; otherwise V1's token
    /// acceptance rules (`TokenSet.parse`) apply and the tokens are cached.
    private func receiveTokens(_ body: Data) -> MSALNativeAuthV2Result {
        if let object = JSONValue.object(from: body), object[V2Key.error] != nil {
            let json = JSONReader(object: object)
            let description = (try? json.string(V2Key.errorDescription)) ?? nil
            let codes = ((try? json.ints(V2Key.errorCodes)) ?? nil) ?? []
            return flow.general(description, codes: codes)
        }
        guard case .tokenSuccess(let tokens) = ResponseClassifier.classifyTokenSuccess(body) else {
            return flow.general(V2Text.unexpectedBody)
        }
        let engine = flow.engine
        switch TokenSet.parse(tokens, fallbackUsername: flow.username, environment: engine.configuration.authority.host ?? "",
                              now: engine.clock.now())
        {
        case .success(let set): return .completed(engine.storeSignIn(set))
        case .failure: return flow.general("The token response could not be cached")
        }
    }
}

/// Messages of the V2 general errors.
enum V2Text {
    static let unexpectedBody = "Unexpected response body received"
    static let unexpectedResponse = "Unexpected server response"
    static let missingToken = "Missing continuation token"
    static func missingLink(_ relation: String) -> String { "Invalid interaction response: missing '\(relation)' link" }
}
