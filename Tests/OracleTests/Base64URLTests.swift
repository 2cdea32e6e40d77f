import Testing

@testable import Oracle

/// The table-driven base64url decoder must decode (and refuse) exactly what the switch-per-byte decoder
/// it replaced did.
@Suite("Base64URL")
struct Base64URLTests {
    static func reference(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        var sawPadding = false
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="):
                sawPadding = true
                continue
            default: return nil
            }
            if sawPadding { return nil }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return bits >= 6 ? nil : output
    }

    @Test("every shape of text decodes, or is refused, as the switch-per-byte decoder did")
    func decodesAsBefore() {
        let pieces = ["A", "z", "0", "+", "-", "/", "_", "=", "==", "é", " ", ".", "eyJ1aWQiOiJ1IiwidXRpZCI6InQifQ", "\u{0}"]
        var state = UInt64(3)
        for length in 0..<12 {
            for _ in 0..<60 {
                var text = ""
                for _ in 0..<length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    text += pieces[Int((state >> 33) % UInt64(pieces.count))]
                }
                #expect(Base64URL.decode(text) == Self.reference(text), "\(text)")
            }
        }
        let huge = String(repeating: "A", count: 1_048_576)
        #expect(Base64URL.decode(huge) == Self.reference(huge))
    }
}
