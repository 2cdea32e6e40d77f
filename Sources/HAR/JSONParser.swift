/// Why a JSON text could not be parsed, and the byte offset where that was found.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Offset (from 0) of the byte where the problem was found.
    public let offset: Int
    /// What is wrong, for example "expected ':' after an object key".
    public let reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A fast, strict JSON parser over UTF-8 bytes (RFC 8259), producing ordered `JSONValue`s.
public enum JSONParser {
    /// Objects and arrays nested deeper than this are rejected (protects the stack).
    public static let maximumDepth = 256

    /// Parses one JSON value filling all of `bytes` (whitespace around it is allowed).
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer: buffer) }
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer: buffer) }
        }.get()
    }

    /// Parses one JSON value from a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        return try text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer: buffer) }
        }.get()
    }

    static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = ByteParser(buffer)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.position == buffer.count else {
            throw parser.error("unexpected data after the JSON value")
        }
        return value
    }
}

private struct ByteParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Reused buffer for strings with escapes.
    var scratch: [UInt8] = []
    /// Members and elements of the containers being parsed, moved out into one exactly sized
    /// array per container (avoids growing each container's array while parsing it).
    let members = ValueStack<JSONObject.Element>()
    let elements = ValueStack<JSONValue>()

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? position, reason: reason)
    }

    @inline(__always) mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    func describeByte() -> String {
        guard position < bytes.count else { return "the end of the input" }
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16)
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw error("expected a value, found the end of the input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, found \(describeByte())")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard bytes.count - position >= count else { throw error("invalid literal, expected '\(literal)'") }
        for i in 0..<count where bytes[position + i] != start[i] {
            throw error("invalid literal, expected '\(literal)'")
        }
        position += count
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error("objects and arrays nested too deeply") }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(JSONObject())
        }
        let first = members.count
        while true {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a string key in an object, found \(describeByte())")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after an object key, found \(describeByte())")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.push((key: key, value: value))
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated object") }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            if byte == UInt8(ascii: "}") { return .object(JSONObject(members.pop(from: first))) }
            position -= 1
            throw error("expected ',' or '}' in an object, found \(describeByte())")
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error("objects and arrays nested too deeply") }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array([])
        }
        let first = elements.count
        while true {
            elements.push(try parseValue(depth: depth))
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated array") }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            if byte == UInt8(ascii: "]") { return .array(elements.pop(from: first)) }
            position -= 1
            throw error("expected ',' or ']' in an array, found \(describeByte())")
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> String {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: expected a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("invalid number: leading zero")
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit after '.'")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit in the exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Parses a string starting at its opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
        let open = position
        position += 1
        let start = position
        var asciiOnly = true
        while true {
            let stop = scanPlain(&asciiOnly)
            guard stop < bytes.count else { break }
            let byte = bytes[stop]
            position = stop
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                if asciiOnly { return String(decoding: slice, as: UTF8.self) }
                return try makeString(slice, at: start)
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            throw error("control character in a string must be escaped")
        }
        throw error("unterminated string", at: open)
    }

    /// Advances over bytes that need no attention inside a string (anything but `"`, `\`
    /// and control characters), eight at a time where possible; returns the index of the
    /// first byte that needs attention, or the end. Clears `asciiOnly` on a byte >= 0x80.
    @inline(__always) func scanPlain(_ asciiOnly: inout Bool) -> Int {
        var i = position
        let count = bytes.count
        let base = bytes.baseAddress!
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var high: UInt64 = 0
        while i + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special =
                ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if special & highs != 0 { break }
            high |= word
            i += 8
        }
        if high & highs != 0 { asciiOnly = false }
        while i < count {
            let byte = base[i]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { return i }
            if byte >= 0x80 { asciiOnly = false }
            i += 1
        }
        return i
    }

    func makeString(_ slice: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONParseError) -> String {
        guard let string = String(validating: slice, as: UTF8.self) else {
            throw error("string is not valid UTF-8", at: offset)
        }
        return string
    }

    /// Continues a string that has escapes; `start` is the first byte after the quote and
    /// `position` is at the first backslash.
    mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        var asciiOnly = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                let string = scratch.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
                guard let string else { throw error("string is not valid UTF-8", at: start) }
                return string
            }
            if byte < 0x20 { throw error("control character in a string must be escaped") }
            if byte != UInt8(ascii: "\\") {
                let stop = scanPlain(&asciiOnly)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<stop]))
                position = stop
                continue
            }
            guard position + 1 < bytes.count else { break }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "\""): scratch.append(0x22)
            case UInt8(ascii: "\\"): scratch.append(0x5C)
            case UInt8(ascii: "/"): scratch.append(0x2F)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"): try appendUnicodeEscape()
            default:
                position -= 1
                throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
        throw error("unterminated string", at: start - 1)
    }

    mutating func readHex4() throws(JSONParseError) -> UInt32 {
        let start = position
        guard bytes.count - position >= 4 else { throw error("invalid \\u escape: expected 4 hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: expected 4 hex digits", at: start)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Decodes `XXXX` after `\u` (and a following low surrogate escape). An unpaired surrogate
    /// cannot be held by a Swift string and becomes U+FFFD.
    mutating func appendUnicodeEscape() throws(JSONParseError) {
        var scalar = try readHex4()
        if scalar >= 0xD800 && scalar < 0xDC00 {
            if bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            {
                let save = position
                position += 2
                let low = try readHex4()
                if low >= 0xDC00 && low < 0xE000 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = save
                    scalar = 0xFFFD
                }
            } else {
                scalar = 0xFFFD
            }
        } else if scalar >= 0xDC00 && scalar < 0xE000 {
            scalar = 0xFFFD
        }
        appendUTF8(scalar)
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (scalar >> 18)))
            scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
