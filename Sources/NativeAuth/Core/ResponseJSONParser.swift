import Foundation

/// The engine's response JSON scanner: it accepts exactly the documents Foundation's `JSONDecoder` scans
/// (decoding-rulings.md R5, R7), and, like it, leaves strings and numbers unconverted until a decoder reads
/// them (``JSONValue``). Its rules, pinned by the differential tests against `JSONDecoder`:
/// - the text encoding is found as Foundation finds it (a UTF-8 BOM is skipped; UTF-16 and UTF-32, with a
///   BOM or told by their NUL bytes, are converted to UTF-8 first);
/// - whitespace is space, tab, LF and CR; nothing but whitespace may follow the top-level value;
/// - one trailing comma is allowed after the last member or element (`{"a":1,}`, `[1,]`);
/// - a string runs to the next unescaped quote: a backslash skips the next byte, `\u` the next four, which
///   must not hold a quote; the content is checked when it is read;
/// - a number is a `-` or a digit followed by any of `0-9 . + - e E`; its grammar is checked when read;
/// - `true`, `false` and `null` are spelled out; nesting deeper than ``maximumDepth`` is refused.
struct ResponseJSONParser {
    /// Foundation's nesting limit: 512 nested arrays or objects scan, 513 do not.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index: Int
    private var depth = 0

    private init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.index = start
    }

    /// Scans `data` as one JSON document; nil when `JSONDecoder` would reject it before decoding anything.
    static func parse(_ data: Data) -> JSONValue? {
        guard let (utf8, start) = utf8Representation(of: data) else { return nil }
        var parser = ResponseJSONParser(bytes: utf8, start: start)
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.bytes.count ? value : nil
    }

    /// The document's UTF-8 bytes and where its text starts: Foundation's encoding detection (a byte-order
    /// mark first, then the pattern of NUL bytes in the first four bytes).
    static func utf8Representation(of data: Data) -> ([UInt8], Int)? {
        let bytes = [UInt8](data)
        var encoding: String.Encoding = .utf8
        var skip = 0
        if bytes.count >= 4 {
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0xEF, 0xBB, 0xBF, _): skip = 3
            case (0xFE, 0xFF, _, _): (encoding, skip) = (.utf16BigEndian, 2)
            case (0xFF, 0xFE, _, _): (encoding, skip) = (.utf16LittleEndian, 2)
            case (0x00, 0x00, 0xFE, 0xFF): (encoding, skip) = (.utf32BigEndian, 4)
            case (0x00, 0x00, 0x00, _): encoding = .utf32BigEndian
            case (_, 0x00, 0x00, 0x00): encoding = .utf32LittleEndian
            case (0x00, _, 0x00, _): encoding = .utf16BigEndian
            case (_, 0x00, _, 0x00): encoding = .utf16LittleEndian
            default: break
            }
        } else if bytes.count >= 2 {
            switch (bytes[0], bytes[1]) {
            case (0xFE, 0xFF): (encoding, skip) = (.utf16BigEndian, 2)
            case (0xFF, 0xFE): (encoding, skip) = (.utf16LittleEndian, 2)
            case (0x00, _): encoding = .utf16BigEndian
            case (_, 0x00): encoding = .utf16LittleEndian
            default: break
            }
        }
        if encoding == .utf8 { return (bytes, skip) }
        guard let text = String(bytes: bytes[skip...], encoding: encoding) else { return nil }
        return (Array(text.utf8), 0)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, or nil at the end.
    private mutating func nextToken() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    private mutating func value() -> JSONValue? {
        guard let byte = nextToken() else { return nil }
        switch byte {
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
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

    private mutating func object() -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        if nextToken() == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            guard nextToken() == UInt8(ascii: "\""), let key = string() else { return nil }
            guard nextToken() == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = value() else { return nil }
            members.append(JSONMember(key: key, value: value))
            switch nextToken() {
            case UInt8(ascii: ","):
                index += 1
                if nextToken() == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default:
                return nil
            }
        }
    }

    private mutating func array() -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        if nextToken() == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value() else { return nil }
            elements.append(element)
            switch nextToken() {
            case UInt8(ascii: ","):
                index += 1
                if nextToken() == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                }
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default:
                return nil
            }
        }
    }

    /// Skips a string at the opening quote and returns its raw content.
    private mutating func string() -> JSONText? {
        index += 1
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let text = JSONText(bytes: bytes[start..<index])
                index += 1
                return text
            case UInt8(ascii: "\\"):
                guard bytes.count - index >= 2 else { return nil }
                let escape = bytes[index + 1]
                index += 2
                if escape == UInt8(ascii: "u") {
                    guard bytes.count - index >= 4 else { return nil }
                    for offset in 0..<4 where bytes[index + offset] == UInt8(ascii: "\"") { return nil }
                    index += 4
                }
            default:
                index += 1
            }
        }
        return nil
    }

    private mutating func number() -> JSONValue? {
        let start = index
        index += 1
        scan: while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                break scan
            }
        }
        return .number(JSONText(bytes: bytes[start..<index]))
    }
}
