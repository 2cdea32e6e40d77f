import Foundation
import Testing

@testable import Oracle

@Suite("Strict classification of raw responses")
struct StrictClassifierTests {
    @Test("malformed JSON is undecodable and ends as a general error")
    func malformedJSON() {
        let body = #"{"continuation_token":"SU-CT-1""#
        let response = classify(.signUpStart, 200, body)
        #expect(response.kind == .undecodable)
        #expect(response.problem == .notJSON)
        #expect(expectation(.signUpStart, 200, body) == outcome("onSignUpStartError", "SignUpStartError.generalError"))
    }

    @Test("trailing garbage, comments and two trailing commas are malformed; one trailing comma is accepted (R5)")
    func lenientSyntaxRejected() {
        for body in [#"{"continuation_token":"x"} x"#, #"{"continuation_token":"x",,}"#, "{,}", "{/*c*/}", "", "{'a':1}"] {
            #expect(classify(.signUpStart, 200, body).problem == .notJSON, "body: \(body)")
        }
        #expect(classify(.signUpStart, 200, #"{"continuation_token":"x" , }"#).kind == .success)
    }

    @Test("a top-level array or string is not an object")
    func notObject() {
        #expect(classify(.signInInitiate, 200, "[]").problem == .notObject)
        #expect(classify(.signInInitiate, 400, #""user_not_found""#).problem == .notObject)
    }

    @Test("invalid UTF-8 inside a string read by MSAL makes the body undecodable; in an unread one it does not")
    func invalidUTF8() {
        let body: [UInt8] = Array(#"{"continuation_token":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let response = StrictClassifier.classify(step: .signUpStart, status: 200, headers: [], body: body)
        #expect(response.kind == .undecodable)
        let unread: [UInt8] = Array(#"{"continuation_token":"x","trace":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(StrictClassifier.classify(step: .signUpStart, status: 200, headers: [], body: unread).kind == .success)
    }

    @Test("code_length written as a string makes the challenge undecodable")
    func codeLengthAsString() {
        let body = #"{"continuation_token":"SU-CT-2","challenge_type":"oob","challenge_channel":"email","challenge_target_label":"a","code_length":"8"}"#
        let response = classify(.signUpStartChallenge, 200, body)
        #expect(response.kind == .undecodable)
        #expect(response.problem == .wrongType)
        #expect(response.problemDetail == "code_length")
        #expect(ref(.signUpStartChallenge, 200, body) == "§5.1 B row 6")
    }

    @Test("an integral number written with a fraction or exponent still counts as an integer, 8.5 does not")
    func integralNumbers() {
        let base = #"{"continuation_token":"x","challenge_type":"oob","challenge_channel":"email","challenge_target_label":"a","code_length":"#
        #expect(classify(.signInChallenge, 200, base + "8.0}").present.contains(.codeLength))
        #expect(classify(.signInChallenge, 200, base + "8e0}").present.contains(.codeLength))
        #expect(classify(.signInChallenge, 200, base + "8.5}").problem == .wrongType)
        #expect(classify(.signInChallenge, 200, base + "true}").problem == .wrongType)
    }

    @Test("an unknown challenge_type value makes a typed 200 body undecodable")
    func unknownChallengeType() {
        let response = classify(.signUpStartChallenge, 200, #"{"challenge_type":"email","continuation_token":"x"}"#)
        #expect(response.kind == .undecodable)
        #expect(response.problem == .unknownEnumValue)
        // signup/continue decodes challenge_type too, so an unknown value there is no completion.
        #expect(expectation(.signUpSubmitCode, 200, #"{"challenge_type":"otp"}"#)
            == outcome("onSignUpVerifyCodeError", "VerifyCodeError.generalError"))
    }

    @Test("a null continuation token counts as missing")
    func nullToken() {
        let response = classify(.signUpStart, 200, #"{"continuation_token":null}"#)
        #expect(response.kind == .success)
        #expect(!response.present.contains(.continuationToken))
    }

    @Test("a continuation token that is a number makes the 200 undecodable")
    func tokenAsNumber() {
        #expect(classify(.signUpSubmitCode, 200, #"{"continuation_token":42}"#).problem == .wrongType)
    }

    @Test("an error body without an error string is undecodable")
    func missingError() {
        #expect(classify(.signInInitiate, 400, #"{"error_description":"nope"}"#).problem == .missingError)
        #expect(classify(.signInInitiate, 400, #"{"error":7}"#).problem == .wrongType)
    }

    @Test("error_codes that are strings make the error body undecodable")
    func errorCodesAsStrings() {
        let body = #"{"error":"invalid_grant","error_codes":["50126"]}"#
        #expect(classify(.signInPasswordToken, 400, body).problem == .wrongType)
        #expect(expectation(.signInPasswordToken, 400, body) == outcome("onSignInStartError", "SignInStartError.generalError"))
    }

    @Test("a suberror is type-checked only where the endpoint decodes it")
    func suberrorDecodedPerEndpoint() {
        let body = #"{"error":"expired_token","suberror":5}"#
        #expect(classify(.signUpResendCode, 400, body).kind == .apiError)
        #expect(classify(.signUpResendCode, 400, #"{"error":"expired_token","suberror":"x"}"#).suberror == nil)
        #expect(classify(.signUpSubmitCode, 400, body).problem == .wrongType)
    }

    @Test("a required attribute without its required flag makes attributes_required undecodable")
    func requiredAttributeShape() {
        let body = #"{"error":"attributes_required","continuation_token":"x","required_attributes":[{"name":"city","type":"string"}]}"#
        let response = classify(.signUpSubmitCode, 400, body)
        #expect(response.problem == .missingRequiredField)
        #expect(response.problemDetail == "required_attributes[].required")
    }

    @Test("an introspect method with an unknown challenge type makes the body undecodable")
    func methodChallengeType() {
        let body = #"{"continuation_token":"x","methods":[{"id":"m","challenge_type":"push","challenge_channel":"app"}]}"#
        #expect(classify(.mfaIntrospect(after: .signInPassword), 200, body).problem == .unknownEnumValue)
    }

    @Test("401 is parsed like 400, 403 and 429 are other statuses, 5xx is a server error")
    func statuses() {
        #expect(classify(.signInInitiate, 401, #"{"error":"user_not_found"}"#).kind == .apiError)
        #expect(classify(.signInInitiate, 403, #"{"error":"user_not_found"}"#).kind == .otherStatus)
        #expect(classify(.signInInitiate, 429, "").kind == .otherStatus)
        #expect(classify(.signInInitiate, 502, "").kind == .serverError)
        #expect(classify(.signInInitiate, 0, "").kind == .transportFailure)
        #expect(classify(.signInInitiate, 201, #"{"continuation_token":"x"}"#).kind == .otherStatus)
    }

    @Test("a PKeyAuth challenge header on a 401 is recognised whatever the header name case")
    func pkeyAuth() {
        let response = classify(.signInPasswordToken, 401, "{}", headers: [("www-authenticate", "PKeyAuth Context=\"x\"")])
        #expect(response.kind == .pkeyAuthChallenge)
    }

    @Test("a repeated key keeps its first value in typed bodies and in a token 200 (R6)")
    func duplicateKeys() {
        // Typed bodies: JSONDecoder keeps the first of two equal keys.
        #expect(classify(.signUpStart, 200, #"{"continuation_token":"x","continuation_token":null}"#)
            .present.contains(.continuationToken))
        #expect(!classify(.signUpStart, 200, #"{"continuation_token":null,"continuation_token":"x"}"#)
            .present.contains(.continuationToken))
        // A /token 200 is a JSONSerialization dictionary: the first of two equal keys counts too (R6).
        let badInfoFirst = #"{"client_info":"bm90IGpzb24","# + tokenSuccessBody.dropFirst()
        #expect(!classify(.signInSubmitCode, 200, badInfoFirst).present.contains(.cacheableTokens))
        let badInfoLast = tokenSuccessBody.dropLast() + #","client_info":"bm90IGpzb24"}"#
        #expect(classify(.signInSubmitCode, 200, String(badInfoLast)).present.contains(.cacheableTokens))
    }

    @Test("escaped strings decode, including surrogate pairs, and lone surrogates are rejected")
    func escapes() throws {
        let value = try StrictJSON.parse(Array(#"{"a":"\u00e9\ud83d\ude00\n"}"#.utf8))
        #expect(value.objectValue == ["a": .string("é😀\n")])
        // The content of a string is checked when it is read: a lone surrogate makes an invalid string.
        #expect(try StrictJSON.parse(Array(#""\ud83d""#.utf8)) == .string(nil))
        #expect(throws: StrictJSON.ParseError.self) { try StrictJSON.parse(Array(#""\ud83""#.utf8)) }
    }

    @Test("a megabyte-long string of escapes and raw runs decodes to the text Foundation's JSONDecoder reads")
    func longEscapedString() throws {
        // Escapes, raw ASCII and raw multi-byte runs alternating, as reencoded and huge answers have them.
        let piece = #"\u0041b\u00e9é\ud83d\ude00xyz\n"#
        let body = #"{"continuation_token":""# + String(repeating: piece, count: 40_000) + #""}"#
        let ours = try StrictJSON.parse(Array(body.utf8)).objectValue?["continuation_token"]
        let foundation = try JSONDecoder().decode([String: String].self, from: Data(body.utf8))["continuation_token"]
        #expect(ours == .string(foundation))
        #expect(foundation?.count == 40_000 * 9)
    }

    @Test("client_info must decode to uid and utid for tokens to be cacheable")
    func clientInfo() {
        let bad = #"{"access_token":"a","id_token":"b","client_info":"bm90IGpzb24"}"#
        #expect(!classify(.signInSubmitCode, 200, bad).present.contains(.cacheableTokens))
        #expect(classify(.signInSubmitCode, 200, tokenSuccessBody).present.contains(.cacheableTokens))
    }

    @Test("a leading UTF-8 byte order mark is accepted as Apple's decoders do")
    func byteOrderMark() {
        let body: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"continuation_token":"x"}"#.utf8)
        #expect(StrictClassifier.classify(step: .signUpStart, status: 200, headers: [], body: body).kind == .success)
    }

    @Test("base64 client_info decodes with or without padding and in either alphabet")
    func base64Variants() {
        #expect(Base64URL.decode("eyJ1aWQiOiJ1MSIsInV0aWQiOiJ0MSJ9") == Array(#"{"uid":"u1","utid":"t1"}"#.utf8))
        #expect(Base64URL.decode("P-8_") == [0x3F, 0xEF, 0x3F])
        #expect(Base64URL.decode("P+8/") == [0x3F, 0xEF, 0x3F])
        #expect(Base64URL.decode("YQ==") == [0x61])
        #expect(Base64URL.decode("YQ") == [0x61])
        #expect(Base64URL.decode("Y") == nil)
        #expect(Base64URL.decode("Y*Q") == nil)
    }

    @Test("predict runs the classifier and the table in one call")
    func predictConvenience() {
        let body = Array(#"{"error":"invalid_grant","suberror":"invalid_oob_value"}"#.utf8)
        #expect(predict(step: .signInSubmitCode, status: 400, headers: [], body: body)
            == ExpectedOutcome(callback: "onSignInVerifyCodeError", error: "VerifyCodeError.invalidCode",
                               newState: "SignInCodeRequiredState", newStateToken: .fromRequest))
        #expect(predict(step: .signUpStart, status: 200, headers: [], body: Array(#"{"continuation_token":"a"}"#.utf8)).callback
            == "proceed")
    }
}
