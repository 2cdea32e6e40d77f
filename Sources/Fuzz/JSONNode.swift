import Foundation

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
                JSONNode.writeString(member.key, to: &out)
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
        case .string(let text): JSONNode.writeString(text, to: &out)
        case .number(let text): out += text
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    static func writeString(_ text: String, to out: inout String) {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += "\""
            out += text
            out += "\""
            return
        }
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
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

        mutating func literal(_ word: String, _ node: JSONNode) -> JSONNode? {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return nil }
            index += utf8.count
            return node
        }

        mutating func number() -> JSONNode? {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, let text = String(bytes: bytes[start..<index], encoding: .utf8) else { return nil }
            return .number(text)
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
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() -> Bool {
                guard !raw.isEmpty else { return true }
                guard let text = String(bytes: raw, encoding: .utf8) else { return false }
                scalars.append(contentsOf: text.unicodeScalars)
                raw.removeAll(keepingCapacity: true)
                return true
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    guard flush() else { return nil }
                    return String(scalars)
                }
                if byte == UInt8(ascii: "\\") {
                    guard flush(), index + 1 < bytes.count else { return nil }
                    let escape = bytes[index + 1]
                    index += 2
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count,
                            let hex = String(bytes: bytes[index..<index + 4], encoding: .utf8),
                            let code = UInt32(hex, radix: 16)
                        else { return nil }
                        index += 4
                        // Lone surrogates become U+FFFD; the mutator only needs a faithful round trip of valid text.
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: return nil
                    }
                    continue
                }
                guard byte >= 0x20 else { return nil }
                raw.append(byte)
                index += 1
            }
            return nil
        }
    }
}
