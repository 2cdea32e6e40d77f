/// A string token's text decoded, with where its escapes were, so that offsets in the decoded
/// text map back to the token without walking it again.
///
/// The token must be one `CanonicalReader.string()` accepted: every escape is complete, and
/// each stands for one byte (`\"`, `\\`, `\n`…, or `\u00XX` for another control character).
struct EscapedBody {
    /// The decoded bytes (what `CanonicalReader.unescaped` gives).
    var bytes: [UInt8]
    /// For each escape, in order: its offset in `bytes` times 8, plus its length in the token
    /// (2, or 6 for `\u00XX`).
    private var escapes: [Int]

    init(_ token: StringToken, in reader: CanonicalReader) {
        let inner = reader.inner(token)
        guard token.hasEscapes, let source = inner.baseAddress else {
            bytes = Array(inner)
            escapes = []
            return
        }
        let count = inner.count
        var decoded: [UInt8] = []
        // Each escape takes two token bytes at least: room for all of them, written without
        // the checks of `append`. Decoding never lengthens the text.
        escapes = [Int](unsafeUninitializedCapacity: count / 2 + 1) { found, escapeCount in
            decoded = [UInt8](unsafeUninitializedCapacity: count) { out, written in
                (written, escapeCount) = Self.decode(source, count: count, into: out.baseAddress!, escapes: found.baseAddress!)
            }
        }
        bytes = decoded
    }

    /// Decodes `count` token bytes at `source` into `target`, noting each escape in `escapes`
    /// when given; the bytes and escapes written. (`CanonicalReader.unescaped` decodes with it
    /// too, without noting escapes.)
    static func decode(
        _ source: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<UInt8>,
        escapes: UnsafeMutablePointer<Int>?
    ) -> (bytes: Int, escapes: Int) {
        var i = 0
        var o = 0
        var escapeCount = 0
        while i < count {
            // Copy eight bytes at a time while none is a backslash.
            if i + 8 <= count {
                let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                if (backslash &- 0x0101_0101_0101_0101) & ~backslash & 0x8080_8080_8080_8080 == 0 {
                    UnsafeMutableRawPointer(target + o).storeBytes(of: word, as: UInt64.self)
                    i += 8
                    o += 8
                    continue
                }
            }
            let byte = source[i]
            guard byte == 0x5C else {
                target[o] = byte
                i += 1
                o += 1
                continue
            }
            var length = 2
            switch source[i + 1] {
            case UInt8(ascii: "n"): target[o] = 0x0A
            case UInt8(ascii: "r"): target[o] = 0x0D
            case UInt8(ascii: "t"): target[o] = 0x09
            case UInt8(ascii: "b"): target[o] = 0x08
            case UInt8(ascii: "f"): target[o] = 0x0C
            case UInt8(ascii: "u"):
                target[o] = hexValue(source[i + 4]) << 4 | hexValue(source[i + 5])
                length = 6
            default: target[o] = source[i + 1]
            }
            escapes?[escapeCount] = o << 3 | length
            escapeCount += 1
            i += length
            o += 1
        }
        return (o, escapeCount)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return 0
        }
    }

    /// Maps ascending offsets in `bytes` to offsets in the token's text (after its opening
    /// quote). Each call's offset must be at least the previous call's.
    struct Mapper {
        private var next = 0
        private var extra = 0

        mutating func tokenOffset(of decoded: Int, in body: EscapedBody) -> Int {
            // Every escape before `decoded` took `length - 1` more bytes in the token.
            while next < body.escapes.count, body.escapes[next] >> 3 < decoded {
                extra += body.escapes[next] & 7 - 1
                next += 1
            }
            return decoded + extra
        }
    }
}
