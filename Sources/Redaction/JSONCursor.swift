#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import HAR

/// Why a scan of JSON bytes stopped.
enum ScanFailure: Error {
    /// The bytes end inside a value: more input is needed (or the file is truncated).
    case incomplete
    /// Not valid JSON at `offset` (relative to the cursor's buffer). `path` names the field,
    /// innermost component first, collected while unwinding.
    case invalid(offset: Int, message: String, path: [String])

    /// The same failure inside `component` (for example `headers[2]` or `request`).
    func within(_ component: String) -> ScanFailure {
        guard case .invalid(let offset, let message, let path) = self else { return self }
        return .invalid(offset: offset, message: message, path: path + [component])
    }
}

/// A string token: its bytes from the opening to the closing quote, and whether it holds an
/// escape (without one, its text is the bytes between the quotes).
struct StringSpan {
    var range: Range<Int>
    var escaped: Bool
    var inner: Range<Int> { (range.lowerBound + 1)..<(range.upperBound - 1) }
}

/// A validating JSON scanner over bytes in memory, in any layout: any white space, any key
/// order, every escape, UTF-8 checked. It never builds values; callers read the strings they
/// need (`text`) and skip the rest (`skipValue`).
struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Nesting deeper than this is refused (no recursion without bound on outside input).
    static let maximumDepth = 512

    func invalid(_ message: String, at offset: Int? = nil) -> ScanFailure {
        .invalid(offset: offset ?? position, message: message, path: [])
    }

    @inline(__always) mutating func skipWhitespace() {
        // Most tokens follow the one before directly (compact JSON); a pretty-printed file's
        // indentation is skipped eight spaces at a time.
        guard position < bytes.count, Self.isWhitespace(bytes[position]) else { return }
        skipWhitespaceRun()
    }

    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func skipWhitespaceRun() {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return }
        var i = position
        while i < count {
            if i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                i += 8
                continue
            }
            guard Self.isWhitespace(base[i]) else { break }
            i += 1
        }
        position = i
    }

    /// The next byte after white space; `incomplete` at the end of the bytes.
    @inline(__always) mutating func peek() throws(ScanFailure) -> UInt8 {
        skipWhitespace()
        guard position < bytes.count else { throw .incomplete }
        return bytes[position]
    }

    @inline(__always) mutating func expect(_ byte: UInt8, _ what: StaticString) throws(ScanFailure) {
        guard try peek() == byte else { throw invalid("expected \(what.description)") }
        position += 1
    }

    /// Consumes `byte` after white space if it comes next.
    @inline(__always) mutating func consume(_ byte: UInt8) throws(ScanFailure) -> Bool {
        guard try peek() == byte else { return false }
        position += 1
        return true
    }

    // MARK: Strings

    /// Scans the string token at the cursor (after white space).
    mutating func string() throws(ScanFailure) -> StringSpan {
        guard try peek() == UInt8(ascii: "\"") else { throw invalid("expected a string") }
        let start = position
        var i = position + 1
        var escaped = false
        let count = bytes.count
        guard let base = bytes.baseAddress else { throw .incomplete }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        while true {
            // Eight bytes at a time while none is a quote, a backslash, a control byte or
            // above ASCII.
            while i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let slash = word ^ (ones &* 0x5C)
                let special = ((quote &- ones) & ~quote) | ((slash &- ones) & ~slash) | (word &- ones &* 0x20) | word
                if special & high != 0 { break }
                i += 8
            }
            guard i < count else { throw .incomplete }
            let byte = base[i]
            switch byte {
            case 0x22:
                position = i + 1
                return StringSpan(range: start..<position, escaped: escaped)
            case 0x5C:
                escaped = true
                guard i + 1 < count else { throw .incomplete }
                switch base[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    guard i + 6 <= count else { throw .incomplete }
                    for at in (i + 2)..<(i + 6) where Self.hexValue(base[at]) == nil {
                        throw invalid("invalid \\u escape in a string", at: i)
                    }
                    i += 6
                default:
                    throw invalid("invalid escape in a string", at: i)
                }
            case 0..<0x20:
                throw invalid("unescaped control character in a string", at: i)
            case 0x20..<0x80:
                i += 1
            default:
                i += try utf8Sequence(at: i)
            }
        }
    }

    /// The length of the valid UTF-8 sequence starting with a byte above ASCII at `i`.
    private func utf8Sequence(at i: Int) throws(ScanFailure) -> Int {
        let lead = bytes[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw invalid("invalid UTF-8", at: i)
        }
        guard i + length <= bytes.count else { throw .incomplete }
        let second = bytes[i + 1]
        guard second >= low, second <= high else { throw invalid("invalid UTF-8", at: i) }
        for at in (i + 2)..<(i + length) where bytes[at] & 0xC0 != 0x80 { throw invalid("invalid UTF-8", at: i) }
        return length
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The bytes between a string's quotes.
    func raw(_ span: StringSpan) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[span.inner])
    }

    /// A string token's text, escapes decoded.
    func text(_ span: StringSpan) -> String {
        let inner = raw(span)
        guard span.escaped else { return String(decoding: inner, as: UTF8.self) }
        // The token was validated: escapes other than `\u` (a JSON body's `\"`, mostly) are
        // decoded here, without building a parser's value.
        if let decoded = Self.decodingShortEscapes(inner) { return decoded }
        // The parser decodes `\u` escapes (surrogate pairs included).
        if case .string(let text)? = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[span.range])) { return text }
        return String(decoding: inner, as: UTF8.self)
    }

    /// The text of a validated string's inner bytes whose escapes are all two bytes long
    /// (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`); nil when one is a `\u` escape.
    static func decodingShortEscapes(_ inner: UnsafeBufferPointer<UInt8>) -> String? {
        guard let base = inner.baseAddress else { return "" }
        var sawLongEscape = false
        let text = String(unsafeUninitializedCapacity: inner.count) { out -> Int in
            var i = 0
            var o = 0
            while i < inner.count {
                let byte = base[i]
                guard byte == UInt8(ascii: "\\"), i + 1 < inner.count else {
                    out[o] = byte
                    o += 1
                    i += 1
                    continue
                }
                let decoded: UInt8
                switch base[i + 1] {
                case UInt8(ascii: "b"): decoded = 0x08
                case UInt8(ascii: "f"): decoded = 0x0C
                case UInt8(ascii: "n"): decoded = 0x0A
                case UInt8(ascii: "r"): decoded = 0x0D
                case UInt8(ascii: "t"): decoded = 0x09
                case UInt8(ascii: "u"):
                    sawLongEscape = true
                    return 0
                default: decoded = base[i + 1]
                }
                out[o] = decoded
                o += 1
                i += 2
            }
            return o
        }
        return sawLongEscape ? nil : text
    }

    /// Whether a key equals `name` (a key with escapes is compared by its text).
    @inline(__always) func keyIs(_ span: StringSpan, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        if span.escaped {
            return text(span).utf8.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: count))
        }
        guard span.range.count == count + 2, let base = bytes.baseAddress else { return false }
        return memcmp(base + span.range.lowerBound + 1, name.utf8Start, count) == 0
    }

    // MARK: Values

    /// Skips the value at the cursor, checking it.
    mutating func skipValue(depth: Int = 0) throws(ScanFailure) {
        switch try peek() {
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw invalid("nested too deeply") }
            position += 1
            var first = true
            while try nextKey(first: first) != nil {
                first = false
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw invalid("nested too deeply") }
            position += 1
            var first = true
            while try nextElement(first: first) {
                first = false
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws(ScanFailure) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw .incomplete }
        guard UnsafeBufferPointer(rebasing: bytes[position..<(position + count)]).elementsEqual(
            UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { throw invalid("invalid literal") }
        position += count
    }

    private mutating func number() throws(ScanFailure) {
        let start = position
        func digits(_ cursor: inout JSONCursor) -> Int {
            let from = cursor.position
            while cursor.position < cursor.bytes.count, cursor.bytes[cursor.position] &- UInt8(ascii: "0") < 10 {
                cursor.position += 1
            }
            return cursor.position - from
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard digits(&self) > 0 else { throw position >= bytes.count ? .incomplete : invalid("expected a value", at: start) }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw position >= bytes.count ? .incomplete : invalid("invalid number", at: start) }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw position >= bytes.count ? .incomplete : invalid("invalid number", at: start) }
        }
        // A number at the very end may go on in bytes not read yet.
        if position >= bytes.count { throw .incomplete }
    }

    /// After an object's `{` (and after each member's value): the next key, with the cursor
    /// at its value, or nil at the object's end (`}` consumed). `first` for the first call.
    @inline(__always) mutating func nextKey(first: Bool) throws(ScanFailure) -> StringSpan? {
        if try consume(UInt8(ascii: "}")) { return nil }
        if !first { try expect(UInt8(ascii: ","), "',' or '}' in an object") }
        let key = try string()
        try expect(UInt8(ascii: ":"), "':' after a key")
        _ = try peek()
        return key
    }

    /// After an array's `[` (and after each element): whether another element follows, with
    /// the cursor at it; false at the array's end (`]` consumed).
    @inline(__always) mutating func nextElement(first: Bool) throws(ScanFailure) -> Bool {
        if try consume(UInt8(ascii: "]")) { return false }
        if !first { try expect(UInt8(ascii: ","), "',' or ']' in an array") }
        _ = try peek()
        return true
    }

    /// Walks the object at the cursor: `body` gets the cursor at each member's value (after
    /// the colon) and the key, and must consume the value.
    mutating func members(_ body: (inout JSONCursor, StringSpan) throws(ScanFailure) -> Void) throws(ScanFailure) {
        try expect(UInt8(ascii: "{"), "an object")
        var first = true
        while let key = try nextKey(first: first) {
            first = false
            try body(&self, key)
        }
    }

    /// Walks the array at the cursor: `body` gets the cursor at each element and its index.
    mutating func elements(_ body: (inout JSONCursor, Int) throws(ScanFailure) -> Void) throws(ScanFailure) {
        try expect(UInt8(ascii: "["), "an array")
        var index = 0
        while try nextElement(first: index == 0) {
            try body(&self, index)
            index += 1
        }
    }

    /// A string value, or nil for `null`; another kind of value is an error.
    mutating func optionalString() throws(ScanFailure) -> StringSpan? {
        if try peek() == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        return try string()
    }
}
