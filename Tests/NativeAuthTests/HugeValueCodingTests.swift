import Foundation
import Testing
@testable import NativeAuth
import NativeAuthWire

/// The byte-level paths for huge values (base64url tokens, form bodies, escaped JSON strings) must give
/// what the `String`-level code they replaced gave: these tests compare both on random and long inputs.
@Suite("Huge value coding")
struct HugeValueCodingTests {
    /// The `String` route `TokenSet.decodeBase64URLJSON` used before the byte route.
    static func referenceBase64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    static func referenceJWTPayload(_ jwt: String) -> [String: JSONValue]? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let data = referenceBase64URL(String(parts[1])) else { return nil }
        return JSONValue.serializationObject(from: data)
    }

    static let alphabet: [String] = [
        "A", "z", "0", "9", "+", "/", "-", "_", "=", ".", " ", "\r", "\n", "\r\n", "é", "e\u{301}", "\u{301}", "\t", "%",
    ]

    static func randomText(_ random: inout SplitMix, length: Int) -> String {
        var text = ""
        for _ in 0..<length { text += alphabet[Int(random.next() % UInt64(alphabet.count))] }
        return text
    }

    @Test("base64url text of every shape decodes as the String route decodes it")
    func base64URLMatchesStringRoute() {
        var random = SplitMix(seed: 11)
        for length in 0..<40 {
            for _ in 0..<40 {
                let text = Self.randomText(&random, length: length)
                #expect(TokenSet.base64URLData(text) == Self.referenceBase64URL(text), "\(Array(text.utf8))")
            }
        }
        let json = Data(#"{"uid":"u","utid":"t"}"#.utf8).base64EncodedString()
        for text in [json, json.replacingOccurrences(of: "=", with: ""), "eyJ1aWQiOiJ1In0", "a-_b", "a\r\nb", "ab\u{301}"] {
            #expect(TokenSet.base64URLData(text) == Self.referenceBase64URL(text), "\(text)")
        }
        let info = TokenSet.decodeBase64URLJSON(json.replacingOccurrences(of: "=", with: ""))
        #expect(info?["uid"]?.stringValue == "u" && info?["utid"]?.stringValue == "t" && info?.count == 2)
    }

    @Test("the engine decodes base64url as Foundation does, also where Base64's stricter padding rule refuses")
    func base64URLFollowsFoundationNotTheSharedRule() {
        // Padding inside the last group of four: Foundation (the engine's reference, as MSAL's) decides.
        for text in ["YQ=Q", "YWJj=", "=", "YQ", "YWJ", "eyJ1aWQiOiJ1In0"] {
            #expect(TokenSet.base64URLData(text) == Self.referenceBase64URL(text), "\(text)")
        }
        #expect(Base64URL.decode("YQ=Q") == nil)
        #expect(Base64URL.standardPadded("a-_b-") == Array("a+/b-".replacingOccurrences(of: "-", with: "+").utf8) + Array("===".utf8))
        #expect(Base64URL.standardPadded("ab\r") == nil && Base64URL.standardPadded("é") == nil)
    }

    @Test("a 1 MiB base64url token and a huge JWT decode as the String route decodes them")
    func hugeTokens() {
        let payload = Data(("{\"sub\":\"" + String(repeating: "x", count: 1 << 20) + "\"}").utf8)
        let token = payload.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        #expect(TokenSet.base64URLData(token) == payload)
        let jwt = "eyJhbGciOiJub25lIn0." + token + "." + String(repeating: "s", count: 1000)
        let claims = TokenSet.jwtPayload(jwt)
        #expect(claims?["sub"]?.stringValue == String(repeating: "x", count: 1 << 20))
        for broken in [token + "\r", token + "é", String(token.dropLast()) + "!"] {
            #expect(TokenSet.base64URLData(broken) == Self.referenceBase64URL(broken))
        }
    }

    @Test("JWT payloads are found as the Character split finds them, in ASCII and beyond")
    func jwtPayloadsMatchSplit() {
        var random = SplitMix(seed: 5)
        let body = Data(#"{"tid":"t"}"#.utf8).base64EncodedString()
        for jwt in ["h." + body + ".s", "h." + body, body, "." + body + ".", "h..\(body)", "é." + body + ".s",
                    "h.\u{301}" + body + ".s", "h" + ".\u{301}" + body + ".s"] {
            #expect(TokenSet.jwtPayload(jwt) == Self.referenceJWTPayload(jwt), "\(jwt)")
        }
        for _ in 0..<400 {
            let jwt = Self.randomText(&random, length: Int(random.next() % 24))
            #expect(TokenSet.jwtPayload(jwt) == Self.referenceJWTPayload(jwt), "\(Array(jwt.utf8))")
        }
    }

    @Test("form bodies keep unreserved bytes, write spaces as + and percent-encode the rest")
    func formEncoding() {
        let body = FormCodec.encodedBytes([FormField("a b", "x~y.z-_&é=%"), FormField("k", "")])
        #expect(String(decoding: body, as: UTF8.self) == "a+b=x~y.z-_%26%C3%A9%3D%25&k=")
        let huge = String(repeating: "Ab0-._~", count: 20_000) + " /" + String(repeating: "é", count: 10_000)
        let encoded = String(decoding: FormCodec.encodedBytes([FormField("continuation_token", huge)]), as: UTF8.self)
        #expect(encoded == "continuation_token=" + String(repeating: "Ab0-._~", count: 20_000) + "+%2F"
            + String(repeating: "%C3%A9", count: 10_000))
        #expect(FormCodec.decodeLeniently(bytes: Array(encoded.utf8)).first?.value == huge)
    }

    @Test("long strings with escapes and non-ASCII runs are read as JSONDecoder reads them")
    func longEscapedStrings() {
        var random = SplitMix(seed: 3)
        let pieces = ["abc", "é", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", "\\/", " ", "\\ud800", "\\x", "\u{1}"]
        for round in 0..<60 {
            var text = ""
            let length = round < 50 ? Int(random.next() % 64) : 20_000
            for _ in 0..<length {
                let limit = round % 3 == 0 ? pieces.count : pieces.count - 3
                text += pieces[Int(random.next() % UInt64(limit))]
            }
            let body = Array("{\"b\":\"\(text)\",\"n\":1}".utf8)
            #expect(ResponseJSONParserTests.same(body), "round \(round)")
        }
        let long = String(repeating: "x", count: 1 << 20)
        let parsed = JSONValue.object(from: Data("{\"k\":\"\\n\(long)\\t\(long)\"}".utf8))
        #expect(parsed?["k"]?.stringValue == "\n" + long + "\t" + long)
    }
    @Test("a quote, backslash or control byte at any offset of an eight-byte word is found as JSONDecoder finds it")
    func specialBytesAtEveryOffset() {
        let probes: [[UInt8]] = [[0x22], [0x5C, 0x6E], [0x5C], [0x00], [0x01], [0x1F], [0x20], [0x21], [0x23], [0x5B],
                                 [0x5D], [0x7F], [0xC3, 0xA9], [0x80], [0xFF], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39]]
        for offset in 0..<24 {
            for probe in probes {
                let text = Array(repeating: UInt8(ascii: "a"), count: offset) + probe + Array(repeating: UInt8(ascii: "b"), count: 17)
                let body = Array(#"{"b":""#.utf8) + text + Array(#"","a":1}"#.utf8)
                #expect(ResponseJSONParserTests.same(body), "offset \(offset) probe \(probe)")
            }
        }
    }
    @Test("scopes are split on spaces as the Character split splits them, in ASCII and beyond")
    func scopesMatchCharacterSplit() {
        var random = SplitMix(seed: 9)
        let fixed = ["openid profile", "  a  b ", "", " ", "a \u{301}b c", "é f", String(repeating: "s ", count: 50_000)]
        for text in fixed {
            #expect(TokenSet.splitScopes(text) == text.split(separator: " ").map(String.init))
        }
        for _ in 0..<300 {
            let text = Self.randomText(&random, length: Int(random.next() % 20))
            #expect(TokenSet.splitScopes(text) == text.split(separator: " ").map(String.init), "\(Array(text.utf8))")
        }
    }
}
