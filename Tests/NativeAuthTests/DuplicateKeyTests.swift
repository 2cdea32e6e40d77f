import Foundation
import NativeAuthWire
import Testing
@testable import NativeAuth

/// The first of two equal keys counts everywhere (decoding-rulings.md R6): typed bodies (`JSONDecoder`), the
/// `/token` 200, `client_info` and token claims (NSJSONSerialization on Apple platforms).
@Suite("Duplicate keys in server answers")
struct DuplicateKeyTests {
    @Test("two wire keys that snake-case conversion makes equal keep the first in document order")
    func snakeCaseCollisionKeepsFirst() {
        let body = #"{"continuationToken":"camel","continuation_token":"snake"}"#
        let classified = ResponseClassifier.classify(
            NativeAuthHTTPResponse(statusCode: 200, json: body), endpoint: .signUpStart)
        #expect(classified == .success(SuccessBody(continuationToken: "camel")))
    }

    @Test("a typed 200 keeps the first of two equal keys")
    func typedBodyKeepsFirst() {
        let body = #"{"continuation_token":"first","continuation_token":"second"}"#
        let classified = ResponseClassifier.classify(
            NativeAuthHTTPResponse(statusCode: 200, json: body), endpoint: .signUpStart)
        guard case .success(let success) = classified else {
            Issue.record("expected a success, got \(classified)")
            return
        }
        #expect(success.continuationToken == "first")
    }

    @Test("a token 200 keeps the first of two equal keys")
    func tokenBodyKeepsLast() {
        let body = #"{"token_type":"Bearer","challenge_type":"redirect","challenge_type":"password","access_token":"a"}"#
        let classified = ResponseClassifier.classify(NativeAuthHTTPResponse(statusCode: 200, json: body), endpoint: .token)
        guard case .tokenSuccess(let token) = classified else {
            Issue.record("expected a token success, got \(classified)")
            return
        }
        #expect(token.challengeType == "redirect")
    }

    @Test("client_info and token claims keep the first of two equal keys")
    func claimsKeepLast() throws {
        let json = #"{"uid":"first","uid":"second","utid":"t"}"#
        let encoded = Data(json.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let object = try #require(TokenSet.decodeBase64URLJSON(encoded))
        #expect(object["uid"]?.stringValue == "first")
    }
}
