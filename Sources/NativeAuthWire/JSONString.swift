/// JSON string literals: the one escaper of JSON strings outside the Oracle (HAR's writer and with it
/// Redaction's rewritten strings, the emulator's answers, the engine's V2 request bodies, the fuzzer's
/// mutated bodies).
///
/// Only what JSON requires is escaped, as `JSON.stringify` and Python's `json.dumps` write it: `"` and `\`
/// after a backslash; backspace, form feed, line feed, carriage return and tab as `\b` `\f` `\n` `\r` `\t`;
/// every other control character below U+0020 as `\u00XX` with lower-case hex. `/`, DEL and non-ASCII
/// text are copied as they are.
public enum JSONString {
    /// `text` as a JSON string literal, quotes included.
    public static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, quotes included.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        out.append(UInt8(ascii: "\""))
        text.withUTF8 { appendEscaped($0, to: &out) }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `text` as a JSON string literal, quotes included.
    public static func appendQuoted(_ text: String, to out: inout String) {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends UTF-8 `bytes` escaped as inside a JSON string (no quotes): plain runs are copied at once,
    /// eight bytes are checked at a time.
    public static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var runStart = 0
        var i = 0
        let count = bytes.count
        let base = bytes.baseAddress
        while i < count {
            if let base, i + 8 <= count {
                // Skip eight bytes at a time while none is `"`, `\` or a control character.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let quote = word ^ 0x2222_2222_2222_2222
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let ones: UInt64 = 0x0101_0101_0101_0101
                let special =
                    ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote)
                    | ((backslash &- ones) & ~backslash)
                if special & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
            }
            let byte = bytes[i]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                i += 1
                continue
            }
            if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
            out.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            default:
                out.append(UInt8(ascii: "u"))
                out.append(UInt8(ascii: "0"))
                out.append(UInt8(ascii: "0"))
                out.append(lowerHex[Int(byte >> 4)])
                out.append(lowerHex[Int(byte & 0x0F)])
            }
            i += 1
            runStart = i
        }
        if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
    }

    /// Whether JSON escapes anything in UTF-8 `bytes`: a `"`, a `\` or a control character.
    public static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
        return false
    }

    private static let lowerHex: [UInt8] = Array("0123456789abcdef".utf8)
}
