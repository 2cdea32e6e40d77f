import Foundation

/// A JSON value as ``StrictJSON`` reads it. Like Foundation's `JSONDecoder`, which MSAL decodes with, the
/// parser checks the document's structure at once but a string's content and a number's grammar only
/// matter when a field is read (decoding-rulings.md R1, R3, R7): a string whose content is not valid
/// holds nil, and a number holds its text.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number token as written.
    case number(String)
    /// The string's value, or nil when its content is not a valid JSON string.
    case string(String?)
    case array([JSONValue])
    /// The members in document order; a nil key is one whose text is not a valid string.
    case object([Member])

    struct Member: Sendable, Hashable {
        var key: String?
        var value: JSONValue
    }

    /// The object as a keyed container sees it: default keys, the first of equal keys wins (R6); nil when
    /// this is not an object or one of its keys is not a valid string.
    var objectValue: [String: JSONValue]? { keyed(convertingFromSnakeCase: false) }

    /// The keyed container, optionally with `JSONDecoder`'s `.convertFromSnakeCase` applied to the keys
    /// first (collisions keep the first in document order).
    func keyed(convertingFromSnakeCase: Bool) -> [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        var result: [String: JSONValue] = [:]
        for member in members {
            guard let key = member.key else { return nil }
            let name = convertingFromSnakeCase ? SnakeCase.propertyName(key) : key
            if result[name] == nil { result[name] = member.value }
        }
        return result
    }

    /// `JSONSerialization` reads every value: all strings and keys valid, all numbers well-formed and finite.
    var isFullyValid: Bool {
        switch self {
        case .null, .bool: return true
        case .number(let text): return WholeNumber.isWellFormed(text) && (Double(text)?.isFinite ?? false)
        case .string(let text): return text != nil
        case .array(let items): return items.allSatisfy(\.isFullyValid)
        case .object(let members): return members.allSatisfy { $0.key != nil && $0.value.isFullyValid }
        }
    }
}

/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`, as the oracle reads it.
enum SnakeCase {
    static func propertyName(_ key: String) -> String {
        let characters = Array(key)
        guard let first = characters.firstIndex(where: { $0 != "_" }),
            let last = characters.lastIndex(where: { $0 != "_" })
        else { return key }
        let words = String(characters[first...last]).split(separator: "_", omittingEmptySubsequences: true)
        if words.count < 2 { return key }
        let head = String(characters[..<first])
        let tail = String(characters[(last + 1)...])
        return head + words[0].lowercased() + words.dropFirst().map { $0.capitalized }.joined() + tail
    }
}

/// A JSON parser over raw bytes, written for the oracle alone, that accepts the documents Foundation's
/// `JSONDecoder` accepts: the text encoding found from a byte-order mark or the NUL bytes of the first four
/// bytes; one trailing comma in objects and arrays; strings ending at the next quote not escaped (a
/// backslash covers the next byte, `\u` the next four); numbers as runs of `0-9 . + - e E` after a `-` or
/// a digit; 512 levels of nesting; nothing but whitespace after the value.
struct StrictJSON {
    struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    private let bytes: [UInt8]
    private var index: Int
    private var depth = 0
    private static let maximumDepth = 512
    private static let numberBytes = Set("0123456789.+-eE".utf8)

    private init(_ bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.index = start
    }

    /// Parses a complete document (any value at top level, surrounding whitespace allowed).
    static func parse(_ input: [UInt8]) throws(ParseError) -> JSONValue {
        let (bytes, start) = try utf8(input)
        var parser = StrictJSON(bytes, start: start)
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected data after the value") }
        return value
    }

    /// The input as UTF-8 and the offset its text starts at.
    private static func utf8(_ input: [UInt8]) throws(ParseError) -> ([UInt8], Int) {
        let head = Array(input.prefix(4)) + Array(repeating: 0xAA, count: max(0, 4 - input.count))
        var encoding: String.Encoding?
        var bom = 0
        if input.count >= 4 {
            if head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF { bom = 3 }
            else if head[0] == 0xFE, head[1] == 0xFF { (encoding, bom) = (.utf16BigEndian, 2) }
            else if head[0] == 0xFF, head[1] == 0xFE { (encoding, bom) = (.utf16LittleEndian, 2) }
            else if head[0...3] == [0, 0, 0xFE, 0xFF] { (encoding, bom) = (.utf32BigEndian, 4) }
            else if head[0] == 0, head[1] == 0, head[2] == 0 { encoding = .utf32BigEndian }
            else if head[1] == 0, head[2] == 0, head[3] == 0 { encoding = .utf32LittleEndian }
            else if head[0] == 0, head[2] == 0 { encoding = .utf16BigEndian }
            else if head[1] == 0, head[3] == 0 { encoding = .utf16LittleEndian }
        } else if input.count >= 2 {
            if head[0] == 0xFE, head[1] == 0xFF { (encoding, bom) = (.utf16BigEndian, 2) }
            else if head[0] == 0xFF, head[1] == 0xFE { (encoding, bom) = (.utf16LittleEndian, 2) }
            else if head[0] == 0 { encoding = .utf16BigEndian }
            else if head[1] == 0 { encoding = .utf16LittleEndian }
        }
        guard let encoding else { return (input, bom) }
        guard let text = String(bytes: input.dropFirst(bom), encoding: encoding) else {
            throw ParseError(offset: 0, reason: "text in \(encoding) does not convert")
        }
        return (Array(text.utf8), 0)
    }

    private func failure(_ reason: String) -> ParseError { ParseError(offset: index, reason: reason) }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func peekAfterWhitespace() throws(ParseError) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input") }
        return bytes[index]
    }

    private mutating func parseValue() throws(ParseError) -> JSONValue {
        switch try peekAfterWhitespace() {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(scanNumber())
        default: throw failure("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(ParseError) {
        let expected = Array(literal.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("invalid literal")
        }
        index += expected.count
    }

    private mutating func enter() throws(ParseError) {
        guard depth < Self.maximumDepth else { throw failure("nesting too deep") }
        depth += 1
        index += 1
    }

    private mutating func parseObject() throws(ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [JSONValue.Member] = []
        if try peekAfterWhitespace() == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            guard try peekAfterWhitespace() == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try parseString()
            guard try peekAfterWhitespace() == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            members.append(JSONValue.Member(key: key, value: try parseValue()))
            let next = try peekAfterWhitespace()
            index += 1
            if next == UInt8(ascii: "}") { return .object(members) }
            guard next == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
            if try peekAfterWhitespace() == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
        }
    }

    private mutating func parseArray() throws(ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if try peekAfterWhitespace() == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            let next = try peekAfterWhitespace()
            index += 1
            if next == UInt8(ascii: "]") { return .array(elements) }
            guard next == UInt8(ascii: ",") else { throw failure("expected ',' or ']'") }
            if try peekAfterWhitespace() == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
        }
    }

    /// A number token: a `-` or digit, then any run of the characters a number may contain.
    private mutating func scanNumber() -> String {
        let start = index
        index += 1
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Finds the string's closing quote (the structure must hold) and decodes its content (which may not).
    private mutating func parseString() throws(ParseError) -> String? {
        index += 1
        let start = index
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { throw failure("unterminated string") }
                let escaped = bytes[index + 1]
                index += 2
                if escaped == UInt8(ascii: "u") {
                    guard index + 4 <= bytes.count, !bytes[index..<index + 4].contains(UInt8(ascii: "\"")) else {
                        throw failure("short \\u escape")
                    }
                    index += 4
                }
                continue
            }
            index += 1
        }
        let content = bytes[start..<index]
        index += 1
        if content.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\\") }) {
            return String(decoding: content, as: UTF8.self)
        }
        return StringContent.decode(Array(content))
    }
}

/// The content of a JSON string as `JSONDecoder` reads it when a field is decoded: valid UTF-8, no raw
/// control character, the eight short escapes, `\u` escapes with surrogates in pairs.
enum StringContent {
    private static let shortEscapes: [UInt8: Unicode.Scalar] = [
        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{08}",
        UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
    ]

    /// The decoded text of a string's content, nil when it is not valid JSON string content. The text is
    /// built as UTF-8 bytes and made a String once: appending to a String's scalar view copied the whole
    /// text each time, so a megabyte of `\u` escapes took seconds (a hostile answer found by a campaign).
    static func decode(_ content: [UInt8]) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var position = 0
        var runStart = 0
        func flush(to end: Int) -> Bool {
            guard runStart < end else { return true }
            let run = content[runStart..<end]
            guard String(validating: run, as: UTF8.self) != nil else { return false }
            out.append(contentsOf: run)
            return true
        }
        func append(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { out.append($0) } }
        while position < content.count {
            let byte = content[position]
            if byte < 0x20 { return nil }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            guard flush(to: position), position + 1 < content.count else { return nil }
            let escaped = content[position + 1]
            position += 2
            defer { runStart = position }
            if let scalar = shortEscapes[escaped] {
                append(scalar)
                continue
            }
            guard escaped == UInt8(ascii: "u"), let first = hex(content, at: position) else { return nil }
            position += 4
            if (0xD800...0xDBFF).contains(first) {
                guard position + 6 <= content.count, content[position] == UInt8(ascii: "\\"),
                    content[position + 1] == UInt8(ascii: "u"), let second = hex(content, at: position + 2),
                    (0xDC00...0xDFFF).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { return nil }
                append(scalar)
                position += 6
            } else {
                guard let scalar = Unicode.Scalar(first) else { return nil }
                append(scalar)
            }
        }
        guard flush(to: content.count) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// The four hex digits at `position` (either case), nil when any is not one.
    private static func hex(_ content: [UInt8], at position: Int) -> UInt32? {
        guard position + 4 <= content.count else { return nil }
        var value: UInt32 = 0
        for byte in content[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
