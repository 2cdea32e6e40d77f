import Foundation
import NativeAuthWire
import Testing
@testable import NativeAuth

/// MSAL reads typed bodies with `JSONDecoder` (the first of two equal keys counts) and the `/token` 200, as
/// well as `client_info`, with `JSONSerialization` (the last counts); the engine follows each.
@Suite("Duplicate keys in server answers")
struct DuplicateKeyTests {
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

    @Test("a token 200 keeps the last of two equal keys")
    func tokenBodyKeepsLast() {
        let body = #"{"token_type":"Bearer","challenge_type":"redirect","challenge_type":"password","access_token":"a"}"#
        let classified = ResponseClassifier.classify(NativeAuthHTTPResponse(statusCode: 200, json: body), endpoint: .token)
        guard case .tokenSuccess(let token) = classified else {
            Issue.record("expected a token success, got \(classified)")
            return
        }
        #expect(token.challengeType == "password")
    }

    @Test("client_info and token claims keep the last of two equal keys")
    func claimsKeepLast() throws {
        let json = #"{"uid":"first","uid":"second","utid":"t"}"#
        let encoded = Data(json.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let object = try #require(TokenSet.decodeBase64URLJSON(encoded))
        #expect(object["uid"] == .string("second"))
    }
}
