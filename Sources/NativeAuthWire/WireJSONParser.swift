extension WireJSON {
    /// The deepest nesting ``parse(_:)`` accepts (protects against stack exhaustion on hostile input).
    public static let maximumDepth = 256

    /// Parses JSON text (RFC 8259, strict: no comments, no trailing commas, no leading zeros, no lone
    /// surrogates; a leading UTF-8 byte-order mark is skipped). Any JSON value is accepted at the top level.
    public static func parse(_ text: String) throws(WireJSONError) -> WireJSON {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses JSON from UTF-8 bytes.
    public static func parse(bytes: some Collection<UInt8>) throws(WireJSONError) -> WireJSON {
        var parser = Parser(bytes: Array(bytes))
        return try parser.parseDocument()
    }
}

/// JSON text that cannot be parsed; the offset is a byte offset into the input.
public struct WireJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, without quoting the input (it may hold secrets).
    public let reason: String
    /// Byte offset where the problem was found.
    public let offset: Int

    public var description: String { "invalid JSON at byte offset \(offset): \(reason)" }
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func parseDocument() throws(WireJSONError) -> WireJSON {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the JSON value") }
        return value
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> WireJSONError {
        WireJSONError(reason: reason, offset: offset ?? index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(WireJSONError) -> WireJSON {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(WireJSONError) {
        let utf8 = literal.utf8
        guard bytes.count - index >= utf8.count, bytes[index..<index + utf8.count].elementsEqual(utf8) else {
            throw fail("invalid literal")
        }
        index += utf8.count
    }

    private mutating func enter() throws(WireJSONError) {
        depth += 1
        guard depth <= WireJSON.maximumDepth else { throw fail("nesting deeper than \(WireJSON.maximumDepth)") }
    }

    private mutating func parseObject() throws(WireJSONError) -> WireJSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members = [WireJSON.Member]()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            members.append(WireJSON.Member(key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(WireJSONError) -> WireJSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements = [WireJSON]()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw fail("expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(WireJSONError) -> WireJSON {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("number with a leading zero", at: start) }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid fraction", at: start) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid exponent", at: start) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func parseString() throws(WireJSONError) -> String {
        let start = index
        index += 1
        var out = [UInt8]()
        while true {
            guard index < bytes.count else { throw fail("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: out, as: UTF8.self) else {
                    throw fail("string is not valid UTF-8", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0x00..<0x20:
                throw fail("unescaped control character in string")
            default:
                out.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(WireJSONError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw fail("unterminated escape", at: escapeStart) }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw fail("invalid escape", at: escapeStart)
        }
        if let simple {
            out.append(simple)
            index += 1
            return
        }
        index += 1
        var scalarValue = try parseHex4(escapeStart: escapeStart)
        if (0xD800..<0xDC00).contains(scalarValue) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("lone high surrogate", at: escapeStart) }
            index += 2
            let low = try parseHex4(escapeStart: escapeStart)
            guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid surrogate pair", at: escapeStart) }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalarValue) {
            throw fail("lone low surrogate", at: escapeStart)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw fail("invalid code point", at: escapeStart) }
        out.append(contentsOf: String(scalar).utf8)
    }

    private mutating func parseHex4(escapeStart: Int) throws(WireJSONError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("truncated \\u escape", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid \\u escape", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
