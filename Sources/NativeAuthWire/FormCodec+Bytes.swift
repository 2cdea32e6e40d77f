/// The byte side of ``FormCodec``: the encoder every request body goes through (the engine sends
/// megabyte-long tokens through it, so unreserved runs are copied eight bytes at a time) and the
/// lenient decoder for bodies seen rather than judged (a malformed escape stays as written, bytes that
/// are not UTF-8 become U+FFFD), where ``FormCodec/decode(bytes:)`` would throw.
extension FormCodec {
    /// Encodes fields in order as the bytes of `name=value&name=value`.
    public static func encodedBytes(_ fields: some Collection<FormField>) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(fields.reduce(fields.count * 2) { $0 + $1.name.utf8.count + $1.value.utf8.count * 3 })
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            appendEscaped(field.name, to: &out)
            out.append(UInt8(ascii: "="))
            appendEscaped(field.value, to: &out)
        }
        return out
    }

    /// Decodes a body without failing: pairs split at `&` (empty ones skipped) and the first `=`; `+` is a
    /// space; a `%` without two hex digits is kept as written; bytes that are not UTF-8 become U+FFFD.
    public static func decodeLeniently(bytes: some Collection<UInt8>) -> [FormField] {
        var fields: [FormField] = []
        Array(bytes).withUnsafeBufferPointer { buffer in
            forEachPart(in: buffer) { part in
                guard !part.range.isEmpty else { return }
                let name = decodeLeniently(component: UnsafeBufferPointer(rebasing: buffer[part.name]))
                let value = part.equals == nil ? "" : decodeLeniently(component: UnsafeBufferPointer(rebasing: buffer[part.value]))
                fields.append(FormField(name, value))
            }
        }
        return fields
    }

    /// Decodes one name or value without failing: `+` is a space, `%XX` with two hex digits is that byte, a
    /// `%` without two hex digits after it stays as written, and bytes that are not UTF-8 become U+FFFD.
    public static func decodeLeniently(component bytes: UnsafeBufferPointer<UInt8>) -> String {
        needsDecoding(bytes) ? unescapeLeniently(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// ``decodeLeniently(component:)`` of the UTF-8 of `text`.
    public static func decodeLeniently(component text: Substring) -> String {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) { return String(text) }
        return Array(text.utf8).withUnsafeBufferPointer(unescapeLeniently)
    }

    /// The decoding of ``decodeLeniently(component:)`` once a `+` or `%` is known to be there.
    private static func unescapeLeniently(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(0x20)
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexNibble(bytes[index + 1]),
                let low = hexNibble(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
                continue
            } else {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether decoding would change `bytes` (they hold a `+` or a `%`), eight bytes at a time: a form value
    /// can be a token of many kilobytes.
    public static func needsDecoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let percent = word ^ 0x2525_2525_2525_2525
            let plus = word ^ 0x2B2B_2B2B_2B2B_2B2B
            // A zero byte in either marks a `%` or a `+` (the has-zero-byte test, exact as a whole: a borrow
            // only starts at a zero byte).
            if ((percent &- ones) & ~percent | (plus &- ones) & ~plus) & highs != 0 { return true }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") || bytes[index] == UInt8(ascii: "+") { return true }
            index += 1
        }
        return false
    }

    static func hexNibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether the encoder keeps `byte` as it is: RFC 3986 unreserved, `A–Z a–z 0–9 - . _ ~` (two bit
    /// masks, the one definition of the set; Redaction's secret index asks it too).
    @inline(__always) public static func isUnreserved(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return false }
        let mask = byte < 64 ? lowUnreserved : highUnreserved
        return (mask >> UInt64(byte & 63)) & 1 != 0
    }

    /// `-`, `.` and `0`–`9` (bytes 0–63).
    private static let lowUnreserved: UInt64 = (3 << 45) | (0x3FF << 48)
    /// `A`–`Z`, `_`, `a`–`z` and `~` (bytes 64–127, less 64).
    private static let highUnreserved: UInt64 = (0x3FF_FFFF << 1) | (1 << 31) | (0x3FF_FFFF << 33) | (1 << 62)

    /// ``isUnreserved(_:)`` as a table of every byte value (this runs for every byte of every request).
    static let unreserved: [Bool] = (0...255).map { isUnreserved(UInt8($0)) }
    private static let upperHex = Array("0123456789ABCDEF".utf8)

    /// Appends the escaped form of one name or value.
    public static func appendEscaped(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { appendEscaped($0, to: &out) }
    }

    /// Appends the escaped form of the UTF-8 bytes of one name or value (the rules of ``FormCodec``).
    public static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        unreserved.withUnsafeBufferPointer { table in
            var index = 0
            while index < bytes.count {
                // A run of unreserved bytes is copied at once.
                let start = index
                index = unreservedRunEnd(bytes, from: index)
                while index < bytes.count, table[Int(bytes[index])] { index += 1 }
                if index > start { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                guard index < bytes.count else { return }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: " ") {
                    out.append(UInt8(ascii: "+"))
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(upperHex[Int(byte >> 4)])
                    out.append(upperHex[Int(byte & 0x0F)])
                }
            }
        }
    }

    /// Skips unreserved bytes eight at a time; returns the start of the first word of eight that holds
    /// another byte (the table loop goes on from there).
    static func unreservedRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // For ASCII bytes, adding 0x80 - lo sets a byte's high bit exactly when it is >= lo (no carry
        // leaves a byte, since both terms are below 0x80).
        func atLeast(_ word: UInt64, _ lo: UInt8) -> UInt64 { (word &+ ones &* UInt64(0x80 - lo)) & highs }
        func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 { ~atLeast(word ^ (ones &* UInt64(byte)), 1) & highs }
        var index = start
        while bytes.count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            guard word & highs == 0 else { return index }
            // Setting bit 5 folds `A`–`Z` onto `a`–`z` and sends no other byte into that range.
            let folded = word | (ones &* 0x20)
            let letter = atLeast(folded, UInt8(ascii: "a")) & ~atLeast(folded, UInt8(ascii: "z") + 1)
            let digit = atLeast(word, UInt8(ascii: "0")) & ~atLeast(word, UInt8(ascii: "9") + 1)
            let mark = equal(word, UInt8(ascii: "-")) | equal(word, UInt8(ascii: ".")) | equal(word, UInt8(ascii: "_"))
                | equal(word, UInt8(ascii: "~"))
            guard (letter | digit | mark) & highs == highs else { return index }
            index += 8
        }
        return index
    }
}
