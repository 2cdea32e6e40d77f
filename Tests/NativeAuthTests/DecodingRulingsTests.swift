import Foundation
import NativeAuthWire
import Testing
@testable import NativeAuth

/// The rulings of decoding-rulings.md (R1-R7), each pinned on the classifier with its expected value.
@Suite("Decoding rulings")
struct DecodingRulingsTests {
    static func classify(_ json: String, status: Int = 200, endpoint: NativeAuthEndpoint) -> Classified {
        ResponseClassifier.classify(NativeAuthHTTPResponse(statusCode: status, json: json), endpoint: endpoint)
    }

    static func codeLength(_ literal: String) -> Int?? {
        let body = #"{"continuation_token":"t","challenge_type":"oob","code_length":\#(literal)}"#
        guard case .success(let success) = classify(body, endpoint: .signUpChallenge) else { return .none }
        return .some(success.codeLength)
    }

    @Test(
        "integral numbers in Int64's range decode exactly, in every written form (R1)",
        arguments: [
            ("8", 8), ("8.0", 8), ("80e-1", 8), ("1e15", 1_000_000_000_000_000), ("9.2e18", 9_200_000_000_000_000_000),
            ("1e-400", 0), ("-0", 0), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
            ("9007199254740993", 9_007_199_254_740_993), ("9007199254740993.0", 9_007_199_254_740_993), ("1E2", 100),
        ])
    func integralNumbersDecode(literal: String, value: Int) {
        #expect(Self.codeLength(literal) == .some(value))
    }

    @Test(
        "fractions, out-of-range integers and other types make the body undecodable (R1)",
        arguments: ["8.5", "9223372036854775808", "-9223372036854775809", "1e19", "1e400", "-1e300", "\"8\"", "true", "01", "1."])
    func rejectedNumbers(literal: String) {
        #expect(Self.codeLength(literal) == .none)
    }

    @Test("null is the same as an absent integer (R1)")
    func nullIsAbsent() {
        #expect(Self.codeLength("null") == .some(nil))
    }

    @Test("a number under a key nothing reads is never converted (R1)")
    func unreadNumbersAreIgnored() {
        for literal in ["1e400", "123456789012345678901234567890", "01", "1-2"] {
            let body = #"{"continuation_token":"t","challenge_type":"password","ext":\#(literal)}"#
            #expect(Self.classify(body, endpoint: .signInInitiate) == .success(
                SuccessBody(continuationToken: "t", challengeType: "password")), "\(literal)")
        }
    }

    @Test("hostile error_codes items never trap: out of range is undecodable, Int64's edges are exact (R1)")
    func hostileErrorCodes() {
        for literal in ["1e300", "-1e300", "9223372036854775808", "1e400", "0.5", "null", "\"1\""] {
            let body = #"{"error":"invalid_grant","error_codes":[50126,\#(literal)]}"#
            #expect(Self.classify(body, status: 400, endpoint: .token) == .unexpected(.undecodable), "\(literal)")
        }
        let body = #"{"error":"invalid_grant","error_codes":[9223372036854775807,-9223372036854775808,5e1]}"#
        guard case .apiError(let error) = Self.classify(body, status: 400, endpoint: .token) else {
            Issue.record("expected an API error")
            return
        }
        #expect(error.errorCodes == [Int.max, Int.min, 50])
    }

    @Test("the live clock's wait saturates instead of trapping (R2)")
    func clockConversionSaturates() {
        #expect(SystemClock.nanoseconds(-5) == 0)
        #expect(SystemClock.nanoseconds(.nan) == 0)
        #expect(SystemClock.nanoseconds(1e30) == UInt64.max)
        #expect(SystemClock.nanoseconds(.infinity) == UInt64.max)
        #expect(SystemClock.nanoseconds(1.5) == 1_500_000_000)
    }

    @Test("unread error fields of any type change nothing; read ones of a wrong type make it undecodable (R3)")
    func errorBodyFields() {
        let base = #""error":"invalid_grant","suberror":"invalid_oob_value""#
        let expected = Self.classify("{\(base)}", status: 400, endpoint: .signUpContinue)
        for extra in [#""trace_id":5"#, #""timestamp":[1]"#, #""correlation_id":{}"#, #""correlation_id":"x""#] {
            #expect(Self.classify("{\(base),\(extra)}", status: 400, endpoint: .signUpContinue) == expected, "\(extra)")
        }
        for extra in [
            #""suberror":1"#, #""error_codes":["1"]"#, #""inner_errors":{}"#, #""inner_errors":[{"error":1}]"#,
            #""error_description":42"#, #""correlationId":"not-a-uuid""#, #""invalid_attributes":[{}]"#,
            #""unverified_attributes":[{"name":2}]"#,
        ] {
            // The first copy of a repeated key wins, so the wrong-typed field goes first.
            #expect(Self.classify("{\(extra),\(base)}", status: 400, endpoint: .signUpContinue) == .unexpected(.undecodable), "\(extra)")
        }
        #expect(Self.classify(#"{"error":"invalid_request","target":5}"#, status: 400, endpoint: .resetPasswordStart)
            == .unexpected(.undecodable))
        #expect(Self.classify(#"{"error":"invalid_request","target":5}"#, status: 400, endpoint: .signInInitiate)
            != .unexpected(.undecodable))
    }

    @Test("a 200 whose correlation_id is not a UUID string is undecodable (R3)")
    func successCorrelationId() {
        let good = #"{"continuation_token":"t","correlation_id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#
        #expect(Self.classify(good, endpoint: .signUpStart) == .success(SuccessBody(continuationToken: "t")))
        for bad in [#""x""#, "5", "[]"] {
            let body = #"{"continuation_token":"t","correlation_id":\#(bad)}"#
            #expect(Self.classify(body, endpoint: .signUpStart) == .unexpected(.undecodable), "\(bad)")
        }
    }

    @Test("challenge_type is a closed enum on register/continue and a plain string on register/challenge (R4)")
    func challengeTypeEnums() {
        #expect(Self.classify(#"{"continuation_token":"t","challenge_type":""}"#, endpoint: .registerContinue)
            == .unexpected(.undecodable))
        guard case .success(let body) = Self.classify(#"{"continuation_token":"t","challenge_type":""}"#, endpoint: .registerChallenge)
        else {
            Issue.record("register/challenge should decode an empty challenge_type")
            return
        }
        #expect(body.challengeType == "")
    }

    @Test("one trailing comma is accepted, two or a lone one are not (R5)")
    func trailingCommas() {
        #expect(Self.classify(#"{"continuation_token":"t",}"#, endpoint: .signUpStart) == .success(SuccessBody(continuationToken: "t")))
        #expect(Self.classify(#"{"continuation_token":"t" , }"#, endpoint: .signUpStart) == .success(SuccessBody(continuationToken: "t")))
        #expect(Self.classify(#"{"continuation_token":"t",,}"#, endpoint: .signUpStart) == .unexpected(.undecodable))
        #expect(Self.classify(#"{,}"#, endpoint: .signUpStart) == .unexpected(.undecodable))
    }

    @Test("byte-order marks and UTF-16/32 bodies decode; invalid UTF-8 and trailing documents do not (R7)")
    func encodingsAndFraming() {
        let json = #"{"continuation_token":"t"}"#
        let expected = Classified.success(SuccessBody(continuationToken: "t"))
        let encoded: [Data] = [
            Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8),
            Data([0xFF, 0xFE]) + (json.data(using: .utf16LittleEndian) ?? Data()),
            json.data(using: .utf16BigEndian) ?? Data(),
            json.data(using: .utf32BigEndian) ?? Data(),
        ]
        for body in encoded {
            #expect(ResponseClassifier.classify(NativeAuthHTTPResponse(statusCode: 200, body: body), endpoint: .signUpStart) == expected)
        }
        for broken in [json + " {}", json + "x", #"{"continuation_token":"\ud800"}"#, "[" + json + "]", "null", ""] {
            #expect(Self.classify(broken, endpoint: .signUpStart) == .unexpected(.undecodable), "\(broken)")
        }
        let nul = #"{"continuation_token":"a\u0000b"}"#
        #expect(Self.classify(nul, endpoint: .signUpStart) == .success(SuccessBody(continuationToken: "a\u{0}b")))
    }
}
