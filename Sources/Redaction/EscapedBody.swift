/// The decoding of a string token's escaped text (`CanonicalReader.unescaped` decodes with it).
///
/// The token must be one `CanonicalReader.string()` accepted: every escape is complete, and
/// each stands for one byte (`\"`, `\\`, `\n`…, or `\u00XX` for another control character).
enum EscapedBody {
    /// Decodes `count` token bytes at `source` into `target`; the bytes written.
    static func decode(_ source: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        var o = 0
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
            i += length
            o += 1
        }
        return o
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return 0
        }
    }
}
