/// Lenient `application/x-www-form-urlencoded` value decoding, as tools reading captured bodies
/// need it: `+` is a space, `%XX` with two hex digits is that byte, and anything else (a `%`
/// without two hex digits after it) stays as it is. Invalid UTF-8 becomes U+FFFD.
public enum FormURLDecoding {
    /// The decoded text of `bytes` (one name or one value, without `&` or `=`).
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard isEncoded(bytes) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hexValue(bytes[i + 1]),
                let low = hexValue(bytes[i + 2])
            {
                output.append(high << 4 | low)
                i += 3
                continue
            } else {
                output.append(byte)
            }
            i += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The same for the UTF-8 of `text`.
    public static func decode(_ text: Substring) -> String {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) { return String(text) }
        return Array(text.utf8).withUnsafeBufferPointer { decode($0) }
    }

    /// Whether decoding would change `bytes` (they hold a `+` or a `%`), eight bytes at a time:
    /// a form value can be a token of many kilobytes.
    public static func isEncoded(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var i = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let percent = word ^ 0x2525_2525_2525_2525
            let plus = word ^ 0x2B2B_2B2B_2B2B_2B2B
            // A zero byte in either marks a `%` or a `+` (the has-zero-byte test, exact as a
            // whole: a borrow only starts at a zero byte).
            if ((percent &- ones) & ~percent | (plus &- ones) & ~plus) & highs != 0 { return true }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") || bytes[i] == UInt8(ascii: "+") { return true }
            i += 1
        }
        return false
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
