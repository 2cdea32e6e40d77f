import Foundation

/// A byte-level JSON object reader that accepts exactly what Foundation's `JSONDecoder` accepts when it
/// decodes a ``JSONValue``, without throwing on the way (an error thrown per member is what made the
/// `JSONDecoder` path slow). Its rules, pinned by the differential tests against `JSONDecoder`:
/// - whitespace is space, tab, LF, CR; a UTF-8 byte-order mark is skipped; nothing may follow the value;
/// - one trailing comma is allowed after the last member or element (`{"a":1,}`, `[1,]`);
/// - strings must be valid UTF-8 with the eight JSON escapes and `\u` escapes in well-formed surrogate
///   pairs; raw control characters are refused;
/// - numbers follow the RFC 8259 grammar (no leading zeros, no bare `.`);
/// - duplicate keys keep the first occurrence (or the last, on request: MSAL reads a `/token` 200 with
///   `JSONSerialization`, where the last wins);
/// - nesting deeper than ``maximumDepth`` (Foundation's limit) is malformed.
///
/// Inputs whose handling is Foundation's own business are reported as ``Parsed/needsFoundation``: other
/// text encodings (a UTF-16/32 byte-order mark or a NUL byte in the first four bytes) and numbers with an
/// exponent or more than ``plainNumberLength`` characters (where Foundation's range checks apply).
struct ResponseJSONParser {
    /// Foundation's nesting limit: 512 nested arrays or objects decode, 513 do not.
    static let maximumDepth = 512
    /// Longest number without exponent read here: such a number is always finite and never underflows.
    static let plainNumberLength = 18

    enum Parsed {
        /// A top-level object.
        case object([String: JSONValue])
        /// Malformed JSON, or a top-level value that is not an object.
        case notObject
        /// Only Foundation's decoder can tell (see the type's documentation).
        case needsFoundation
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let lastDuplicateWins: Bool
    private var index = 0
    private var depth = 0
    private var needsFoundation = false

    private init(bytes: UnsafeBufferPointer<UInt8>, lastDuplicateWins: Bool) {
        self.bytes = bytes
        self.lastDuplicateWins = lastDuplicateWins
    }

    /// Reads `data` as a JSON document whose top-level value is an object.
    static func parseObject(_ data: Data, lastDuplicateWins: Bool = false) -> Parsed {
        data.withUnsafeBytes { raw in
            var parser = ResponseJSONParser(bytes: raw.bindMemory(to: UInt8.self), lastDuplicateWins: lastDuplicateWins)
            return parser.document()
        }
    }

    private mutating func document() -> Parsed {
        let count = bytes.count
        if count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return .needsFoundation
        }
        for position in 0..<min(count, 4) where bytes[position] == 0 { return .needsFoundation }
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < count, bytes[index] == UInt8(ascii: "{") else { return .notObject }
        let object = parseObject()
        if needsFoundation { return .needsFoundation }
        guard let object else { return .notObject }
        skipWhitespace()
        return index == count ? .object(object) : .notObject
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func parseValue() -> JSONValue? {
        guard let byte = peek() else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return parseObject().map(JSONValue.object)
        case UInt8(ascii: "["): return parseArray().map(JSONValue.array)
        case UInt8(ascii: "\""): return parseString().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return parseNumber()
        default: return nil
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count - index >= length else { return false }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: length)
        for offset in 0..<length where bytes[index + offset] != expected[offset] { return false }
        index += length
        return true
    }

    private mutating func enter() -> Bool {
        depth += 1
        return depth <= Self.maximumDepth
    }

    private mutating func parseObject() -> [String: JSONValue]? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        index += 1
        var object: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return object
        }
        while true {
            guard peek() == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard let value = parseValue() else { return nil }
            // The first occurrence of a duplicated key wins, as with `JSONDecoder`, unless asked otherwise.
            if lastDuplicateWins || object[key] == nil { object[key] = value }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    index += 1
                    return object
                }
            case UInt8(ascii: "}"):
                index += 1
                return object
            default:
                return nil
            }
        }
    }

    private mutating func parseArray() -> [JSONValue]? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            guard let element = parseValue() else { return nil }
            elements.append(element)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                    return elements
                }
            case UInt8(ascii: "]"):
                index += 1
                return elements
            default:
                return nil
            }
        }
    }

    private static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseNumber() -> JSONValue? {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard Self.isDigit(peek()) else { return nil }
        if peek() == UInt8(ascii: "0") {
            index += 1
            if Self.isDigit(peek()) { return nil }
        } else {
            while Self.isDigit(peek()) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard Self.isDigit(peek()) else { return nil }
            while Self.isDigit(peek()) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") || index - start > Self.plainNumberLength {
            needsFoundation = true
            return nil
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { return nil }
        return .number(value)
    }

    private mutating func parseString() -> String? {
        index += 1
        let start = index
        // Fast path: no escape before the closing quote.
        var seen: UInt64 = 0
        index = plainEnd(from: index, seen: &seen)
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
            // ASCII is valid UTF-8 as it stands: decoding it skips the generic validating initialiser.
            let ascii = seen & 0x8080_8080_8080_8080 == 0
            let string = ascii ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
            index += 1
            return string
        }
        if bytes[index] < 0x20 { return nil }
        var out = [UInt8]()
        out.reserveCapacity(escapedStringLength(from: start))
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard unescape(into: &out) else { return nil }
            case 0..<0x20:
                return nil
            default:
                // A run of plain bytes is copied at once.
                let run = index
                index = plainEnd(from: index)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            }
        }
        return nil
    }

    /// How many bytes the string starting at `start` spans up to its closing quote (or the end): an
    /// upper bound of its unescaped length, to reserve once.
    private func escapedStringLength(from start: Int) -> Int {
        var position = start
        while true {
            position = plainEnd(from: position)
            guard position < bytes.count else { return bytes.count - start }
            switch bytes[position] {
            case UInt8(ascii: "\""): return position - start
            case UInt8(ascii: "\\"): position += 2
            default: position += 1
            }
        }
    }

    /// The index of the first quote, backslash or control byte at or after `start` (or the end). Runs of
    /// plain bytes are skipped eight at a time: a word has no such byte when none of its bytes is below
    /// 0x20 and none equals 0x22 or 0x5C (the exact "has a zero byte" bit test on `word ^ pattern`).
    private func plainEnd(from start: Int) -> Int {
        var seen: UInt64 = 0
        return plainEnd(from: start, seen: &seen)
    }

    /// ``plainEnd(from:)``, also OR-ing every byte it passes into `seen` (a high bit there means a
    /// non-ASCII byte), so the string fast path needs no second pass to know whether it is ASCII.
    private func plainEnd(from start: Int, seen: inout UInt64) -> Int {
        var position = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while bytes.count - position >= 8 {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let control = (word &- ones &* 0x20) & ~word
                if (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs != 0 { break }
                seen |= word
                position += 8
            }
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return position }
            seen |= UInt64(byte)
            position += 1
        }
        return position
    }

    private mutating func unescape(into out: inout [UInt8]) -> Bool {
        index += 1
        guard let byte = peek() else { return false }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            guard var value = hex4() else { return false }
            if (0xD800..<0xDC00).contains(value) {
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { return false }
                index += 2
                guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return false }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(value) {
                return false
            }
            guard let scalar = Unicode.Scalar(value) else { return false }
            out.append(contentsOf: String(scalar).utf8)
        default:
            return false
        }
        return true
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
