import Foundation
import Oracle

@testable import Fuzz

/// V2 answers shaped like the journeys of native-auth-v2 §2 (made-up values), and helpers to read
/// mutated bodies.
enum HALSamples {
    static let entry = FuzzResponse(
        status: 401,
        json: #"{"continuation_token":"CT-0","sign_in":"/t/api/v2.0/signin/start","sign_up":"/t/api/v2.0/signup/start","reset_password":"/t/api/v2.0/resetpassword/start"}"#)
    static let challenge = FuzzResponse(
        status: 200,
        json: #"{"state":"interactionRequired","action":"challenge","continuationToken":"CT-1","challengeContext":{"authenticationFactor":"singleFactor"},"_embedded":{"methods":[{"id":"pw-7f3a","type":"password","_links":{"challenge":{"href":"/t/api/v2.0/auth/methods/password/pw-7f3a/challenge"}}},{"id":"em-91c2","type":"email","hint":"a***x@e*****e.com","_links":{"challenge":{"href":"/t/api/v2.0/auth/methods/email/em-91c2/challenge"}}}]}}"#)
    static let verify = FuzzResponse(
        status: 200,
        json: #"{"state":"interactionRequired","action":"verify","continuationToken":"CT-2","id":"pw-7f3a","type":"password","_links":{"verify":{"href":"/t/api/v2.0/auth/methods/password/pw-7f3a/verify"},"recover":{"href":"/t/api/v2.0/auth/methods/password/pw-7f3a/recover"}}}"#)
    static let error = FuzzResponse(
        status: 400,
        json: #"{"error":{"code":"invalidGrant","message":"AADSTS50126: Error validating credentials.","innerError":{"code":"invalidUserNameOrPassword"},"correlationId":"5c0f"}}"#)
    static let done = FuzzResponse(
        status: 200, json: #"{"state":"continue","continuationToken":"CT-3","_links":{"continue":{"href":"/t/oauth2/v2.0/authorize-challenge"}}}"#)
    static let code = FuzzResponse(status: 200, json: #"{"code":"AC-1.AQAB"}"#)
    static let fallback = FuzzResponse(
        status: 200,
        json: #"{"state":"webFallbackRequired","continuationToken":"CT-9","_links":{"webFallback":{"href":"https://login.contoso.com/t/oauth2/v2.0/authorize"}}}"#)
    /// The O17 answer: plain OAuth, V2 only by the exchange.
    static let token = FuzzResponse(status: 200, json: #"{"token_type":"Bearer","access_token":"eyJ-AT","expires_in":3599}"#)

    /// One answer of every V2 step shape (the token answer needs ``v2``).
    static let steps: [(name: String, response: FuzzResponse)] = [
        ("entry", entry), ("challenge", challenge), ("verify", verify), ("error", error), ("continue", done), ("code", code),
        ("token", token),
    ]

    static let origin = "http://127.0.0.1:8080"

    /// A V2 exchange's context, with the served origin.
    static var v2: MutationContext {
        var context = MutationContext(step: .signInInitiate, responseIndex: 0, previousToken: nil)
        context.dialect = .v2
        context.origin = origin
        return context
    }

    /// A V2 exchange's context without a known origin.
    static var v2WithoutOrigin: MutationContext {
        var context = v2
        context.origin = nil
        return context
    }

    /// A V1 exchange's context (the default).
    static let v1 = MutationContext(step: .signInInitiate, responseIndex: 0, previousToken: nil)

    /// Every V1 answer of the built-in flows.
    static var v1Answers: [FuzzResponse] {
        BaseFlows.all.flatMap { $0.actions.flatMap(\.responses) }.filter { $0.fault == nil }
    }

    /// `op` applied with seeds `seeds`, the applied results only.
    static func results(_ op: any MutationOperator, _ response: FuzzResponse, context: MutationContext = v2,
                        seeds: ClosedRange<UInt64> = 1...60) -> [Mutated] {
        seeds.compactMap { seed in
            var random = FuzzRandom(seed: seed)
            return op.mutate(response, context: context, random: &random)
        }
    }

    /// The body parsed with Foundation (an independent reader), nil when it is not an object.
    static func json(_ response: FuzzResponse) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    }

    /// `json[a][b]…` through objects.
    static func at(_ response: FuzzResponse, _ keys: String...) -> Any? {
        var value: Any? = json(response)
        for key in keys { value = (value as? [String: Any])?[key] }
        return value
    }

    /// The href of `_links.<relation>`.
    static func href(_ response: FuzzResponse, _ relation: String) -> String? {
        at(response, "_links", relation, "href") as? String
    }
}
