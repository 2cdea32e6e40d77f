import Foundation
import Testing
@testable import NativeAuth
import NativeAuthWire

/// The engine's fast paths for the fuzzer's hot loop (form encoding eight bytes at a time, ASCII
/// header names, the PKeyAuth context without a regular expression, cached type names) must
/// give exactly what the code they replaced gave.
@Suite("Engine fast paths")
struct FastPathTests {
    /// Form encoding one byte at a time, as MSAL writes it.
    static func referenceForm(_ fields: [FormField]) -> [UInt8] {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            for (position, text) in [field.name, field.value].enumerated() {
                if position == 1 { out.append(UInt8(ascii: "=")) }
                for byte in text.utf8 {
                    if unreserved.contains(byte) {
                        out.append(byte)
                    } else if byte == UInt8(ascii: " ") {
                        out.append(UInt8(ascii: "+"))
                    } else {
                        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                    }
                }
            }
        }
        return out
    }

    @Test("form values with every byte at every offset of an eight-byte word encode as byte by byte")
    func formBlocks() {
        var random = SplitMix(seed: 21)
        let alphabet = Array("Aaz09-._~ +/%&=@[`{\u{7F}é\u{1F600}".unicodeScalars).map(String.init)
        for length in [0, 1, 15, 16, 17, 31, 32, 33, 100, 1_000] {
            for _ in 0..<20 {
                var value = ""
                for _ in 0..<length {
                    // Mostly unreserved bytes, so long runs and blocks cut by one other byte both occur.
                    value += random.next() % 4 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))] : "Q"
                }
                let fields = [FormField("continuation_token", value), FormField("x", "y")]
                #expect(Array(FormCodec.encodedBytes(fields)) == Self.referenceForm(fields))
            }
        }
        for byte in UInt8(0)...UInt8(0x7F) {
            for offset in 0..<16 {
                var bytes = [UInt8](repeating: UInt8(ascii: "b"), count: 40)
                bytes[offset] = byte
                let fields = [FormField("t", String(decoding: bytes, as: UTF8.self))]
                #expect(Array(FormCodec.encodedBytes(fields)) == Self.referenceForm(fields))
            }
        }
    }

    @Test("header names compare as caseInsensitiveCompare compares them")
    func headerNames() {
        let names = ["client-request-id", "Client-Request-ID", "CLIENT-REQUEST-ID", "client-request-i", "client_request-id",
                     "WWW-Authenticate", "www-authenticate", "www-authenticatE ", "", "é", "É", "straße", "STRASSE",
                     "\u{212A}", "k", "K", "@", "`", "[", "{"]
        for a in names {
            for b in names {
                #expect(HeaderName.equal(a, b) == (a.caseInsensitiveCompare(b) == .orderedSame), "\(a) vs \(b)")
            }
        }
    }

    @Test("the PKeyAuth context is the regular expression's match")
    func pkeyAuthContext() {
        let challenges = [
            #"PKeyAuth Context="abc", Version="1.0""#, #"PKeyAuth Version="1.0", Context="""#, "PKeyAuth",
            #"PKeyAuth Context="unterminated"#, #"Context="a" Context="b""#, #"xContext="é\n,", Context="2""#,
            #"context="lower""#, #"Context=""#, #"Context="Context="x""#, "",
        ]
        for challenge in challenges {
            let expected = challenge.range(of: #"Context="[^"]*""#, options: .regularExpression).map { String(challenge[$0]) }
            #expect(NativeAuthEngine.contextParameter(in: challenge) == expected, "\(challenge)")
        }
    }

    @Test("type names are String(describing:) of the type")
    func typeNames() {
        #expect(TypeNames.name(of: SignInCodeRequiredState.self) == String(describing: SignInCodeRequiredState.self))
        #expect(TypeNames.name(of: Int.self) == "Int")
        #expect(TypeNames.name(of: SignInCodeRequiredState.self) == "SignInCodeRequiredState")
    }
}
