import Foundation

/// A scanned JSON value whose strings and numbers are kept as written, as Foundation's `JSONDecoder` keeps
/// them: a value is checked only when a decoder reads it (decoding-rulings.md R1, R3, R7). A number or
/// string under a key that nothing reads is never converted, so `1e400`, `01` or invalid UTF-8 there
/// change nothing; the same text under a key that is read makes the body undecodable.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number's text as scanned: a `-` or digit followed by digits, `.`, `+`, `-`, `e` or `E`. Its
    /// grammar is checked when it is read (``JSONText/integer``).
    case number(JSONText)
    /// The string's bytes between the quotes, escapes not yet resolved (``JSONText/string``).
    case string(JSONText)
    case array([JSONValue])
    /// The members in document order, keys as written (``JSONObject`` resolves them).
    case object([JSONMember])

    /// The decoded string, or nil when the value is not a string or its text is not valid.
    var stringValue: String? {
        if case .string(let text) = self { return text.string }
        return nil
    }

    /// Parses a document whose top-level value is an object and resolves its keys as `JSONDecoder`'s
    /// keyed container does (first duplicate wins); nil when it is not one or a key is not valid.
    static func object(from data: Data) -> [String: JSONValue]? {
        guard case .object(let members)? = ResponseJSONParser.parse(data) else { return nil }
        return JSONObject.keyed(members, convertingFromSnakeCase: false)
    }

    /// Parses a document as `JSONSerialization` reads it: every string and number of the document must be
    /// valid (numbers finite), and the top level must be an object. A repeated key keeps its first value
    /// (decoding-rulings.md R6).
    static func serializationObject(from data: Data) -> [String: JSONValue]? {
        guard let value = ResponseJSONParser.parse(data), value.isValidForSerialization,
            case .object(let members) = value
        else { return nil }
        return JSONObject.keyed(members, convertingFromSnakeCase: false)
    }

    /// Every string, key and number below this value is valid, as `JSONSerialization` requires.
    var isValidForSerialization: Bool {
        switch self {
        case .null, .bool: return true
        case .number(let text): return text.double.map(\.isFinite) ?? false
        case .string(let text): return text.string != nil
        case .array(let items): return items.allSatisfy(\.isValidForSerialization)
        case .object(let members):
            return members.allSatisfy { $0.key.string != nil && $0.value.isValidForSerialization }
        }
    }
}

/// One member of a scanned object.
struct JSONMember: Sendable, Hashable {
    var key: JSONText
    var value: JSONValue
}

/// A run of the document's UTF-8 bytes (a string's content or a number's text), converted on demand.
struct JSONText: Sendable, Hashable {
    var bytes: ArraySlice<UInt8>

    /// The string this text holds, as `JSONDecoder` unescapes it: nil for invalid UTF-8, a raw control
    /// character, an unknown escape, a bad `\u` sequence or an unpaired surrogate. An escaped NUL is kept.
    var string: String? {
        bytes.withUnsafeBufferPointer { JSONText.unescape($0) }
    }

    /// The value as `JSONDecoder` decodes an `Int` (``JSONInteger``).
    var integer: Int? { JSONInteger.decode(bytes) }

    /// The value as a `Double`, when the text follows the JSON number grammar (an overflow is infinite,
    /// an underflow zero).
    var double: Double? {
        guard JSONInteger.isValidNumber(bytes) else { return nil }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
        if index == bytes.count { return String(validating: bytes, as: UTF8.self) }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var runStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 { return nil }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            // Each run between escapes must be valid UTF-8 on its own, as Foundation checks it.
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
            guard String(validating: run, as: UTF8.self) != nil else { return nil }
            out.append(contentsOf: run)
            index += 1
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = unicodeEscape(bytes, at: &index) else { return nil }
                out.append(contentsOf: String(scalar).utf8)
            default:
                return nil
            }
            runStart = index
        }
        let run = UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])
        guard String(validating: run, as: UTF8.self) != nil else { return nil }
        out.append(contentsOf: run)
        // Every run was validated and every escape wrote a whole scalar.
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads the four hex digits after `\u` (and a low surrogate's escape after a high one).
    private static func unicodeEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Unicode.Scalar? {
        guard let high = hex4(bytes, at: &index) else { return nil }
        guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high) }
        guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        index += 2
        guard let low = hex4(bytes, at: &index), (0xDC00..<0xE000).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt32? {
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
