/// A JSON value that keeps what was read: object key order, duplicate keys and the exact
/// literal text of numbers. It is the primary coding path of the HAR module.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, kept as its literal text so it is written back exactly as read.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// A number value for an integer.
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number value for a floating-point value; integral values are written without a
    /// fraction (`12`, not `12.0`). Non-finite values, which JSON cannot hold, become `null`.
    public static func double(_ value: Double) -> JSONValue {
        guard let text = JSONValue.numberText(value) else { return .null }
        return .number(text)
    }

    /// The shortest text that reads back as `value`, or nil when `value` is not finite.
    static func numberText(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The Boolean, when this is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The number as a `Double`, when this is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The number as an `Int`, when this is a number with an integral value.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let i = Int(text) { return i }
        if let d = Double(text), d == d.rounded(), abs(d) < 9e18 { return Int(d) }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The first member named `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// A short name of the kind of value, used in error messages ("a string", "an object").
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}

/// A JSON object that keeps its members in insertion order (and keeps duplicate keys as read).
/// Equality is order-sensitive.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)

    /// The members in order.
    public private(set) var members: [Element]

    /// An empty object.
    public init() { members = [] }

    /// An object with these members, in this order.
    public init(_ members: [Element]) { self.members = members }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Element { members[position] }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The first member named `key`. Setting replaces the first such member in place (or
    /// appends a new one); setting nil removes every member named `key`.
    public subscript(key: String) -> JSONValue? {
        get {
            for member in members where member.key == key { return member.value }
            return nil
        }
        set {
            if let newValue {
                if let i = members.firstIndex(where: { $0.key == key }) {
                    members[i].value = newValue
                } else {
                    members.append((key: key, value: newValue))
                }
            } else {
                members.removeAll { $0.key == key }
            }
        }
    }

    /// Appends a member without looking for an existing one with the same key.
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append((key: key, value: value))
    }

    /// Reserves room for `count` members.
    public mutating func reserveCapacity(_ count: Int) { members.reserveCapacity(count) }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for (l, r) in zip(lhs.members, rhs.members) where l.key != r.key || l.value != r.value {
            return false
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}
