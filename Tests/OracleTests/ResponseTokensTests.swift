import Foundation
import Testing

@testable import Oracle

/// The oracle's reading of an answer's continuation token against Foundation's `JSONDecoder` decoding
/// structs shaped as MSAL iOS 2.13 declares them (decoding-rulings.md: `JSONDecoder` is the executable
/// reference; the oracle itself never uses it).
@Suite("The continuation token an answer carries, read as MSAL reads it")
struct ResponseTokensTests {
    /// `MSAL…Response` (200): synthesised keys, decoded with `.convertFromSnakeCase`.
    struct SuccessMirror: Decodable {
        let continuationToken: String?
    }

    /// `MSAL…ResponseError` (400/401): explicit `CodingKeys`, decoded by a plain `JSONDecoder()`.
    struct ErrorMirror: Decodable {
        let continuationToken: String?
        enum CodingKeys: String, CodingKey { case continuationToken = "continuation_token" }
    }

    static func reference(status: Int, body: [UInt8]) -> String? {
        let decoder = JSONDecoder()
        if status == 200 {
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return (try? decoder.decode(SuccessMirror.self, from: Data(body)))?.continuationToken
        }
        return (try? decoder.decode(ErrorMirror.self, from: Data(body)))?.continuationToken
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// Each hostile family of issue 24 point 9 on a success-shaped and an error-shaped body.
    static let bodies: [(String, [UInt8])] = {
        let plain = #"{"continuation_token":"ct","challenge_type":"oob","error":"attributes_required","trace_id":"t"}"#
        let bad: [UInt8] = [0xC0, 0xAF]
        return [
            ("plain", Array(plain.utf8)),
            ("BOM", [0xEF, 0xBB, 0xBF] + Array(plain.utf8)),
            ("UTF-16LE", utf16(plain, bigEndian: false)), ("UTF-16LE BOM", [0xFF, 0xFE] + utf16(plain, bigEndian: false)),
            ("UTF-16BE", utf16(plain, bigEndian: true)), ("UTF-16BE BOM", [0xFE, 0xFF] + utf16(plain, bigEndian: true)),
            ("UTF-32BE", plain.unicodeScalars.flatMap { [0, 0, 0, UInt8($0.value)] }),
            ("continuationToken", Array(#"{"continuationToken":"ct","error":"x"}"#.utf8)),
            ("CONTINUATION_TOKEN", Array(#"{"CONTINUATION_TOKEN":"ct","error":"x"}"#.utf8)),
            ("_continuation_token_", Array(#"{"_continuation_token_":"ct","error":"x"}"#.utf8)),
            ("continuationToken first", Array(#"{"continuationToken":"a","continuation_token":"b","error":"x"}"#.utf8)),
            ("continuation_token first", Array(#"{"continuation_token":"b","CONTINUATION_TOKEN":"a","error":"x"}"#.utf8)),
            ("trailing comma", Array(#"{"continuation_token":"ct","error":"x" , }"#.utf8)),
            ("two trailing commas", Array(#"{"continuation_token":"ct","error":"x",,}"#.utf8)),
            ("duplicate", Array(#"{"continuation_token":"a","error":"x","continuation_token":"b"}"#.utf8)),
            ("duplicate, number first", Array(#"{"continuation_token":1,"error":"x","continuation_token":"b"}"#.utf8)),
            ("null token", Array(#"{"continuation_token":null,"error":"x"}"#.utf8)),
            ("overlong UTF-8 in trace_id", Array(#"{"continuation_token":"ct","error":"x","trace_id":""#.utf8) + bad + Array(#""}"#.utf8)),
            ("invalid UTF-8 in the token", Array(#"{"continuation_token":""#.utf8) + [0xC3, 0x28] + Array(#"","error":"x"}"#.utf8)),
            ("invalid UTF-8 in a key", Array(#"{"continuation_token":"ct",""#.utf8) + [0xFF] + Array(#"":"y","error":"x"}"#.utf8)),
            ("lone surrogate in the token", Array(#"{"continuation_token":"\ud800","error":"x"}"#.utf8)),
            ("trailing bytes", Array(#"{"continuation_token":"ct","error":"x"} x"#.utf8)),
        ]
    }()

    @Test("every hostile family gives the token JSONDecoder gives MSAL's 200 and error structs (R5-R7)")
    func agreesWithJSONDecoder() {
        for (name, body) in Self.bodies {
            for status in [200, 400] {
                let oracle = ResponseTokens.continuationToken(answering: .signUpSubmitAttributes, status: status, body: body)
                let reference = Self.reference(status: status, body: body)
                #expect(oracle == reference, "\(name) \(status): oracle \(oracle ?? "nil"), JSONDecoder \(reference ?? "nil")")
            }
        }
    }

    @Test("a 200 takes continuationToken and CONTINUATION_TOKEN, an error body only continuation_token")
    func keySpellingsDependOnTheDecoder() {
        let camel = Array(#"{"continuationToken":"ct","error":"attributes_required"}"#.utf8)
        #expect(ResponseTokens.continuationToken(answering: .signUpSubmitAttributes, status: 200, body: camel) == "ct")
        #expect(ResponseTokens.continuationToken(answering: .signUpSubmitAttributes, status: 400, body: camel) == nil)
        let snake = Array(#"{"continuation_token":"ct","error":"attributes_required"}"#.utf8)
        #expect(ResponseTokens.continuationToken(answering: .signUpSubmitAttributes, status: 400, body: snake) == "ct")
    }

    @Test("error structs without the field, the token endpoint's 200 and other statuses hand over no token")
    func onlyStructsWithTheFieldHaveAToken() {
        let body = Array(#"{"continuation_token":"ct","error":"invalid_grant"}"#.utf8)
        #expect(ResponseTokens.continuationToken(answering: .signInChallenge, status: 400, body: body) == nil)
        #expect(ResponseTokens.continuationToken(answering: .signInChallenge, status: 200, body: body) == "ct")
        #expect(ResponseTokens.continuationToken(answering: .signInSubmitPassword, status: 200, body: body) == nil)
        #expect(ResponseTokens.continuationToken(answering: .signInSubmitPassword, status: 400, body: body) == "ct")
        #expect(ResponseTokens.continuationToken(answering: .signUpStart, status: 500, body: body) == nil)
    }

    @Test("a walk's responseToken is the token of its deciding answer, read for the step that answer answered")
    func walkReadsTheDecidingAnswer() {
        let responses = [
            RawResponse(status: 200, text: #"{"continuation_token":"SU-CT-1"}"#),
            RawResponse(status: 200, body: [0xEF, 0xBB, 0xBF] + Array(#"{"CONTINUATION_TOKEN":"SU-CT-2","challenge_type":"oob","challenge_channel":"email","challenge_target_label":"u***","code_length":8,"binding_method":"prompt"}"#.utf8)),
        ]
        let walk = OutcomeTable.walk(from: .signUpStart, responses: responses)
        #expect(walk.consumed == 2)
        #expect(walk.expectation.outcome?.newStateToken == .fromResponse)
        #expect(walk.responseToken(in: responses) == "SU-CT-2")
        #expect(walk.responseToken(in: Array(responses.prefix(1))) == nil)
    }
}
