/// A JSON value as parsed by ``StrictJSON``: numbers keep whether they were written as integers.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number; `integer` is set when the value is integral and fits in `Int`.
    case number(Double, integer: Int?)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    var objectValue: [String: JSONValue]? {
        if case .object(let object) = self { return object }
        return nil
    }
}

/// A strict RFC 8259 JSON parser over raw bytes, written for the oracle alone.
///
/// It rejects trailing garbage, invalid UTF-8, control characters in strings, leading zeros,
/// bare `NaN`/`Infinity`, comments and trailing commas. A repeated object key keeps its first value, as
/// `JSONDecoder` does (what MSAL decodes typed bodies with), or its last with `lastDuplicateWins`, as
/// `JSONSerialization` does (what MSAL reads a `/token` 200 with).
struct StrictJSON {
    struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    /// Valid only during ``parse(_:)``: the parser never outlives the buffer it reads.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let lastDuplicateWins: Bool
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    private init(_ bytes: UnsafeBufferPointer<UInt8>, lastDuplicateWins: Bool) {
        self.bytes = bytes
        self.lastDuplicateWins = lastDuplicateWins
    }

    /// Parses a complete document (any value at top level, surrounding whitespace allowed).
    static func parse(_ bytes: [UInt8], lastDuplicateWins: Bool = false) throws(ParseError) -> JSONValue {
        let result: Result<JSONValue, ParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = StrictJSON(buffer, lastDuplicateWins: lastDuplicateWins)
            do throws(ParseError) {
                // Apple's JSON decoders accept a leading UTF-8 byte order mark.
                if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { parser.index = 3 }
                parser.skipWhitespace()
                let value = try parser.parseValue()
                parser.skipWhitespace()
                guard parser.index == buffer.count else { throw parser.failure("unexpected data after the value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func failure(_ reason: String) -> ParseError { ParseError(offset: index, reason: reason) }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(ParseError) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(ParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("truncated literal") }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] {
            throw failure("invalid literal")
        }
        index += count
    }

    private mutating func enter() throws(ParseError) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nesting too deep") }
    }

    private mutating func parseObject() throws(ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if lastDuplicateWins || members[key] == nil { members[key] = value }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(ParseError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw failure("leading zero") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var isIntegerSyntax = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isIntegerSyntax = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a fraction digit") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isIntegerSyntax = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected an exponent digit") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if isIntegerSyntax, let integer = fastInteger(from: start, to: index) {
            return .number(Double(integer), integer: integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else { throw failure("number out of range") }
        let integral = double.rounded() == double && abs(double) < 9.0e18 ? Int(double) : nil
        return .number(double, integer: integral)
    }

    /// The integer written in `bytes[start..<end]` (digits with an optional minus), nil on overflow.
    private func fastInteger(from start: Int, to end: Int) -> Int? {
        var position = start
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var value = 0
        while position < end {
            let digit = Int(bytes[position] - UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = sum
            position += 1
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func parseString() throws(ParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        var sawEscape = false
        let bytes = self.bytes
        func run(_ end: Int) throws(ParseError) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
            // ASCII needs no validation; anything else must be valid UTF-8.
            if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
            guard let run = String(validating: slice, as: UTF8.self) else {
                throw ParseError(offset: runStart, reason: "invalid UTF-8 in string")
            }
            return run
        }
        func flushRun(_ end: Int) throws(ParseError) {
            guard runStart < end else { return }
            scalars.append(contentsOf: try run(end).unicodeScalars)
        }
        var ascii = true
        while index < bytes.count {
            // Skip plain ASCII eight bytes at a time; stop at a quote, backslash, control or non-ASCII byte.
            index = StrictJSON.plainASCIIEnd(bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte >= 0x80 {
                ascii = false
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                if !sawEscape, ascii {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                if !sawEscape {
                    // Fast path: no escapes, the string is one run of bytes.
                    let text = try run(index)
                    index += 1
                    return text
                }
                try flushRun(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("control character in string") }
            if byte == UInt8(ascii: "\\") {
                sawEscape = true
                try flushRun(index)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
                continue
            }
            index += 1
        }
        throw failure("unterminated string")
    }

    /// The index of the first byte at or after `start` that is not plain string ASCII (a quote,
    /// backslash, control character or non-ASCII byte), or `bytes.count`.
    static func plainASCIIEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        let count = bytes.count
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                // A byte is zero / below 0x20 when the subtraction borrows into its high bit.
                let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | ((word &- ones &* 0x20) & ~word) | word
                if special & highs != 0 { break }
                i += 8
            }
        }
        while i < count {
            let byte = bytes[i]
            if byte >= 0x80 || byte < 0x20 || byte == 0x22 || byte == 0x5C { return i }
            i += 1
        }
        return count
    }

    private mutating func parseEscape() throws(ParseError) -> Unicode.Scalar {
        guard index < bytes.count else { throw failure("truncated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHex4()
            if (0xD800...0xDBFF).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("unpaired surrogate") }
                index += 2
                let second = try parseHex4()
                guard (0xDC00...0xDFFF).contains(second) else { throw failure("unpaired surrogate") }
                let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else { throw failure("invalid code point") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw failure("unpaired surrogate") }
            return scalar
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func parseHex4() throws(ParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid hex digit")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
