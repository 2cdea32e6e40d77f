/// The continuation token an answer hands to the new state, read as MSAL iOS 2.13 reads it: the oracle's one
/// strict reader (``StrictJSON``) with decoding-rulings.md R5-R7 (one trailing comma, the first of repeated
/// keys, every encoding Foundation detects, invalid text in an unread field ignored). Every judge and report
/// that derives an expected `fromResponse` token uses this.
///
/// Which key is the token depends on the struct and decoder MSAL uses (MSAL iOS `MSAL/src/native_auth/network`):
/// - 200 bodies go through `MSALNativeAuthResponseSerializer`, a `JSONDecoder` with `.convertFromSnakeCase`,
///   into structs with synthesised keys (`let continuationToken: String?`). The wire keys are converted
///   first, so `continuation_token`, `continuationToken` (no underscore: left as it is) and
///   `CONTINUATION_TOKEN` (words lowercased, then capitalised: `continuationToken`) all name the property,
///   and when several appear the first in document order wins (R6).
/// - 400/401 bodies go through `MSALNativeAuthCustomErrorSerializer`, a plain `JSONDecoder()`, into error
///   structs whose `CodingKeys` spell `continuationToken = "continuation_token"`: only that exact key is the
///   token, `continuationToken` or `CONTINUATION_TOKEN` there are unknown keys and the token is nil. Only
///   the error structs of signup/start, signup/continue, the token endpoint and resetpassword/continue
///   declare the field.
/// - The `/token` 200 is read as a dictionary of tokens and hands over no continuation token.
public enum ResponseTokens {
    /// The token a `status` answer with `body` carries for `step`'s request; nil when MSAL's struct has no
    /// such field, the body holds none, or the body does not decode (then no row takes the token from it).
    public static func continuationToken(answering step: Step, status: Int, body: [UInt8]) -> String? {
        let endpoint = step.endpoint
        let key: String
        let convertsFromSnakeCase: Bool
        if status == 200, endpoint.successFields != nil {
            (key, convertsFromSnakeCase) = ("continuationToken", true)
        } else if status == 400 || status == 401, endpoint.decodesErrorToken {
            (key, convertsFromSnakeCase) = ("continuation_token", false)
        } else {
            return nil
        }
        guard let document = try? StrictJSON.parse(body),
            let object = document.keyed(convertingFromSnakeCase: convertsFromSnakeCase),
            case .string(let token?)? = object[key]
        else { return nil }
        return token
    }
}

extension ChainPrediction {
    /// The continuation token of the answer that decided the walk (its last hop), read for the step that
    /// answer answered; nil when the walk judged no answer or `responses` does not reach that far.
    /// `responses` are the answers the walk was given, in the same order.
    public func responseToken(in responses: [RawResponse]) -> String? {
        guard let last = hops.indices.last, last < responses.count else { return nil }
        let answer = responses[last]
        return ResponseTokens.continuationToken(answering: hops[last].step, status: answer.status, body: answer.body)
    }
}
