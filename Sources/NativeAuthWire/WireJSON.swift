/// A JSON value that keeps what was on the wire: object members in order (duplicates included) and numbers
/// as their exact source text, so `8`, `8.0` and `"8"` stay distinguishable.
public enum WireJSON: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// A number, as its source text (e.g. `3599`, `-1.5e3`).
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([WireJSON])
    /// An object; members in source order, duplicates kept.
    case object([Member])

    /// One object member.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: WireJSON

        /// Creates the value from its parts.
        public init(_ key: String, _ value: WireJSON) {
            self.key = key
            self.value = value
        }
    }

    /// A number from an integer.
    public static func int(_ value: Int) -> WireJSON { .number(String(value)) }

    /// A number from a double (non-finite values become `null`, which JSON cannot express otherwise).
    public static func double(_ value: Double) -> WireJSON {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int(value))) }
        return .number(String(value))
    }

    /// An object from ordered `(key, value)` pairs.
    public static func object(_ pairs: KeyValuePairs<String, WireJSON>) -> WireJSON {
        .object(pairs.map { Member($0.key, $0.value) })
    }

    /// The kind name used in error messages: `null`, `boolean`, `number`, `string`, `array`, `object`.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The value of member `key` of an object (the last one when the key is duplicated, as Foundation's
    /// decoders do), nil when absent or when this is not an object.
    public subscript(key: String) -> WireJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The members of an object, nil otherwise.
    public var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string of a `.string`, nil otherwise.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean of a `.bool`, nil otherwise.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements of an `.array`, nil otherwise.
    public var arrayValue: [WireJSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The integer of a `.number` whose value is integral and fits `Int` (`8`, `8.0`, `8e0`), nil otherwise.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let exact = Int(text) { return exact }
        guard let double = Double(text), double == double.rounded(), abs(double) <= 9.0e15 else { return nil }
        return Int(double)
    }

    /// The value of a `.number` as a `Double`, nil otherwise.
    public var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    /// Whether this is `.null`.
    public var isNull: Bool { self == .null }
}

extension WireJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    /// Creates the value from its parts.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates the value from its parts.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// Creates the value from its parts.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates the value from its parts.
    public init(arrayLiteral elements: WireJSON...) { self = .array(elements) }
    /// Creates the value from its parts.
    public init(nilLiteral: ()) { self = .null }
}

extension WireJSON: CustomStringConvertible {
    /// Compact JSON text; numbers are written as their source text, members in order.
    public var description: String { serialized() }

    /// Compact JSON text: no insignificant whitespace, `/` not escaped, control characters as `\n`, `\u001f` ….
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
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
}
