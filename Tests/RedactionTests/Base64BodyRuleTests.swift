import Foundation
import HAR
import Testing

@testable import Redaction

/// HAR's check of a base64 body and the redactor's decoding are one rule (NativeAuthWire's `Base64`): a body
/// the reader accepts is never passed over by redaction as "not base64".
@Suite("One base64 rule for HAR bodies")
struct Base64BodyRuleTests {
    /// A JSON body holding a token whose base64url form, without padding, has `-` or `_` in it (the alphabet
    /// Foundation's decoder refuses).
    static func urlSafeBody(token: String) -> String {
        for lead in 0..<3 {
            let json = String(repeating: " ", count: lead) + #"{"access_token":"\#(token)","note":"~~~~ ??? ~~~~"}"#
            let encoded = Data(json.utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            if encoded.contains(where: { $0 == "-" || $0 == "_" }), encoded.utf8.count % 4 != 0 { return encoded }
        }
        return ""
    }

    @Test("A URL-safe, unpadded base64 body that HAR's reader accepts is decoded and redacted, not left as it was")
    func urlSafeBodyIsRedacted() throws {
        let token = NativeAuthSamples.accessToken
        let body = Self.urlSafeBody(token: token)
        #expect(!body.isEmpty)
        #expect(HARRawFile.isValidBase64(body))
        #expect(Data(base64Encoded: body) == nil)
        var entry = NativeAuthSamples.entry(
            "/oauth2/v2.0/token", form: [("grant_type", "password")], status: 200, json: "{}", index: 1)
        entry.response.content.text = body
        entry.response.content.encoding = "base64"
        let redacted = try Redactor().redact(entry).entry
        let text = try #require(redacted.response.content.text)
        #expect(text != body)
        let decoded = String(decoding: try #require(Data(base64Encoded: text)), as: UTF8.self)
        #expect(!decoded.contains(token))
        #expect(decoded.contains("REDACTED-"))
        #expect(decoded.contains("~~~~ ??? ~~~~"))
    }
}
