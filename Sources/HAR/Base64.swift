/// Standard base64 (RFC 4648 §4). Decoding is tolerant: whitespace is skipped, padding is
/// optional and the URL-safe alphabet (`-`, `_`) is accepted.
enum Base64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        for c in [0x20, 0x09, 0x0A, 0x0D] { table[c] = 0xFE }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(n >> 18)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(alphabet[Int(n & 63)])
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            var n = UInt32(bytes[i]) << 16
            if rest == 2 { n |= UInt32(bytes[i + 1]) << 8 }
            out.append(alphabet[Int(n >> 18)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(rest == 2 ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `decode(text)` would succeed, without decoding.
    static func isValid(_ text: String) -> Bool {
        scan(text) { _ in }
    }

    /// The decoded bytes, or nil when `text` is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        let valid = scan(text) { value in
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return valid ? out : nil
    }

    /// The rules both `isValid` and `decode` follow: every byte a symbol, white space or
    /// trailing padding, at most two `=`, and not one symbol over a multiple of four (a lone
    /// sixth of a byte cannot come from any input). Hands each symbol's value to `symbol`, in
    /// order, until the text breaks a rule; whether it kept them all.
    @inline(__always)
    private static func scan(_ text: String, _ symbol: (UInt8) -> Void) -> Bool {
        var symbols = 0
        var padding = 0
        var copy = text
        return copy.withUTF8 { bytes in
            for byte in bytes {
                if byte == UInt8(ascii: "=") {
                    padding += 1
                    continue
                }
                let value = decodeTable[Int(byte)]
                if value == 0xFE { continue }
                if value == 0xFF || padding > 0 { return false }
                symbols += 1
                symbol(value)
            }
            return symbols % 4 != 1 && padding <= 2
        }
    }
}

/// `application/x-www-form-urlencoded` joining, for bodies given only as `params`.
enum FormEncoding {
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "*"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
