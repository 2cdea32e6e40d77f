import Foundation
import NativeAuthWire

/// An order-preserving JSON tree for mutation: object members keep their order and duplicates,
/// numbers keep their source text. Independent of every JSON parser the engine or oracle use.
public indirect enum JSONNode: Sendable, Hashable {
    case object([(key: String, value: JSONNode)])
    case array([JSONNode])
    case string(String)
    /// A number as written (`8`, `-1`, `1e400`, `8.5`).
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// Parses UTF-8 JSON; nil when the bytes are not one JSON value.
    public static func parse(_ bytes: [UInt8]) -> JSONNode? {
        var parser = Parser(bytes: bytes)
        guard let node = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? node : nil
    }

    /// Compact serialisation in member order.
    public func serialized() -> String {
        var out = ""
        write(to: &out, pretty: false, indent: 0)
        return out
    }

    /// The UTF-8 bytes of ``serialized()``, written straight into an array (no intermediate string, which
    /// matters for huge values).
    public func serializedBytes() -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, plain: nil)
        return out
    }

    /// ``serializedBytes()`` when `plain` needs no escaping (printable ASCII without quote or backslash):
    /// a string value equal to it is copied without being scanned (the huge-string filler is a megabyte).
    func serializedBytes(plain: String) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, plain: plain)
        return out
    }

    /// Serialisation with newlines and two-space indentation (same members, same order).
    public func prettySerialized() -> String {
        var out = ""
        write(to: &out, pretty: true, indent: 0)
        return out
    }

    /// The members of an object, nil for other values.
    public var members: [(key: String, value: JSONNode)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The first member called `key` of an object.
    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }

    /// Every value of members called `key` (duplicates included), in order.
    public func values(of key: String) -> [JSONNode] {
        members?.filter { $0.key == key }.map(\.value) ?? []
    }

    /// The string value, nil for other values.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A copy of an object with `key` set (replaced in place, or appended); other values unchanged.
    public func setting(_ key: String, to value: JSONNode) -> JSONNode {
        guard var members else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
            members = members.enumerated().filter { $0.offset == index || $0.element.key != key }.map(\.element)
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// A copy of an object without any member called `key`.
    public func removing(_ key: String) -> JSONNode {
        guard let members else { return self }
        return .object(members.filter { $0.key != key })
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONString.appendQuoted(member.key, to: &out)
                out += pretty ? ": " : ":"
                member.value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += pretty ? ", " : "," }
                item.write(to: &out, pretty: pretty, indent: indent)
            }
            out += "]"
        case .string(let text): JSONString.appendQuoted(text, to: &out)
        case .number(let text): out += text
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// The compact form of ``write(to:pretty:indent:)`` into bytes.
    private func write(to out: inout [UInt8], plain: String?) {
        switch self {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.appendQuoted(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out, plain: plain)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out, plain: plain)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let text):
            // Equal strings of one storage compare in constant time; others differ early or in length.
            if let plain, text.utf8.count == plain.utf8.count, text == plain {
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: text.utf8)
                out.append(UInt8(ascii: "\""))
            } else {
                JSONString.appendQuoted(text, to: &out)
            }
        case .number(let text): out.append(contentsOf: text.utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        }
    }

    /// The index of the first byte at or after `start` that is a quote, backslash, control character or
    /// non-ASCII byte, or `buffer.count`; plain bytes are skipped eight at a time.
    static func plainASCIIEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        let count = buffer.count
        if let base = buffer.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            while i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                // A byte is zero / below 0x20 when the subtraction borrows into its high bit.
                let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | ((word &- ones &* 0x20) & ~word) | word
                if special & (ones &* 0x80) != 0 { break }
                i += 8
            }
        }
        while i < count {
            let byte = buffer[i]
            if byte >= 0x80 || byte < 0x20 || byte == 0x22 || byte == 0x5C { return i }
            i += 1
        }
        return count
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> JSONNode? {
            guard depth < 1000 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(JSONNode.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString, _ node: JSONNode) -> JSONNode? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: count)
            guard bytes[index..<index + count].elementsEqual(utf8) else { return nil }
            index += count
            return node
        }

        mutating func number() -> JSONNode? {
            let start = index
            while index < bytes.count, Parser.isNumberByte(bytes[index]) { index += 1 }
            // The bytes are ASCII, which decodes as it stands.
            guard index > start else { return nil }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        /// `+-0123456789.eE`.
        static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"): true
            default: false
            }
        }

        mutating func object(depth: Int) -> JSONNode? {
            index += 1
            var members: [(key: String, value: JSONNode)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let value = value(depth: depth + 1) else { return nil }
                members.append((key, value))
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                return nil
            }
        }

        mutating func array(depth: Int) -> JSONNode? {
            index += 1
            var items: [JSONNode] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                return nil
            }
        }

        mutating func string() -> String? {
            index += 1
            var text = ""
            var chunkStart = index
            var chunkIsASCII = true
            // Raw bytes between escapes are decoded as one chunk (invalid UTF-8 fails the string).
            func flush() -> Bool {
                defer { chunkIsASCII = true }
                guard chunkStart < index else { return true }
                let chunk = bytes[chunkStart..<index]
                if chunkIsASCII {
                    text += String(decoding: chunk, as: UTF8.self)
                    return true
                }
                guard let decoded = String(bytes: chunk, encoding: .utf8) else { return false }
                text += decoded
                return true
            }
            while index < bytes.count {
                let from = index
                index = bytes.withUnsafeBufferPointer { JSONNode.plainASCIIEnd($0, from: from) }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    guard flush() else { return nil }
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") {
                    guard flush(), index + 1 < bytes.count else { return nil }
                    let escape = bytes[index + 1]
                    index += 2
                    defer { chunkStart = index }
                    switch escape {
                    case UInt8(ascii: "\""): text.unicodeScalars.append("\"")
                    case UInt8(ascii: "\\"): text.unicodeScalars.append("\\")
                    case UInt8(ascii: "/"): text.unicodeScalars.append("/")
                    case UInt8(ascii: "b"): text.unicodeScalars.append("\u{08}")
                    case UInt8(ascii: "f"): text.unicodeScalars.append("\u{0C}")
                    case UInt8(ascii: "n"): text.unicodeScalars.append("\n")
                    case UInt8(ascii: "r"): text.unicodeScalars.append("\r")
                    case UInt8(ascii: "t"): text.unicodeScalars.append("\t")
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count,
                            let hex = String(bytes: bytes[index..<index + 4], encoding: .utf8),
                            let code = UInt32(hex, radix: 16)
                        else { return nil }
                        index += 4
                        // Lone surrogates become U+FFFD; the mutator only needs a faithful round trip of valid text.
                        text.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: return nil
                    }
                    continue
                }
                guard byte >= 0x20 else { return nil }
                if byte >= 0x80 { chunkIsASCII = false }
                index += 1
            }
            return nil
        }
    }
}
