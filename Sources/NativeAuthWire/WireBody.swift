/// A JSON object body (or a nested object of one) with raw and typed access to its fields.
///
/// Typed accessors are lenient about unknown fields and treat an absent key and a JSON `null` alike (nil,
/// as Swift's `decodeIfPresent` does); a present value of the wrong type throws ``WireFieldError`` naming
/// the field path (`code_length`, `methods[1].id`). Use ``raw(_:)`` to tell `null` from absent or to read
/// a value whatever its type. Values never appear in error messages.
public struct WireBody: Hashable, Sendable, CustomStringConvertible {
    /// The members in source order.
    public let members: [WireJSON.Member]
    /// The path of this object inside the body (`""` for the top level, `methods[0]` for a nested one).
    public let path: String

    /// Wraps object members.
    public init(members: [WireJSON.Member], path: String = "") {
        self.members = members
        self.path = path
    }

    /// Wraps a JSON value, which must be an object.
    public init(json: WireJSON, path: String = "") throws(WireFieldError) {
        guard case .object(let members) = json else {
            throw WireFieldError(
                field: path.isEmpty ? "<body>" : path, problem: .wrongType(expected: "object", found: json.kind))
        }
        self.init(members: members, path: path)
    }

    /// Parses a response body: JSON text whose top-level value is an object.
    public static func parse(_ bytes: some Collection<UInt8>) throws(WireBodyError) -> WireBody {
        let json: WireJSON
        do { json = try WireJSON.parse(bytes: bytes) } catch { throw .invalidJSON(error) }
        guard case .object(let members) = json else { throw .notAnObject(found: json.kind) }
        return WireBody(members: members)
    }

    /// Parses a response body from a string.
    public static func parse(_ text: String) throws(WireBodyError) -> WireBody { try parse(Array(text.utf8)) }

    /// The body as a JSON value.
    public var json: WireJSON { .object(members) }

    /// Compact JSON text of the body with secret values redacted (use `json.serialized()` for the real text).
    public var description: String { json.redactingSecrets().serialized() }

    /// The full path of `key` in this object, for messages.
    public func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The raw value of `key` (the last one if duplicated), including `null`; nil when absent.
    public func raw(_ key: String) -> WireJSON? { members.last { $0.key == key }?.value }

    /// Whether `key` is present (even as `null`).
    public func contains(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// All keys in source order.
    public var keys: [String] { members.map(\.key) }

    // MARK: Typed accessors

    /// A string field; nil when absent or null.
    public func string(_ key: String) throws(WireFieldError) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let string) = value else { throw mismatch(key, "string", value) }
        return string
    }

    /// An integer field (a JSON number with an integral value); nil when absent or null.
    public func int(_ key: String) throws(WireFieldError) -> Int? {
        guard let value = present(key) else { return nil }
        guard case .number = value else { throw mismatch(key, "number", value) }
        guard let int = value.intValue else {
            throw WireFieldError(field: fieldPath(key), problem: .invalidValue("not an integer"))
        }
        return int
    }

    /// A boolean field; nil when absent or null.
    public func bool(_ key: String) throws(WireFieldError) -> Bool? {
        guard let value = present(key) else { return nil }
        guard case .bool(let bool) = value else { throw mismatch(key, "boolean", value) }
        return bool
    }

    /// An array field; nil when absent or null.
    public func array(_ key: String) throws(WireFieldError) -> [WireJSON]? {
        guard let value = present(key) else { return nil }
        guard case .array(let elements) = value else { throw mismatch(key, "array", value) }
        return elements
    }

    /// A nested object field; nil when absent or null.
    public func object(_ key: String) throws(WireFieldError) -> WireBody? {
        guard let value = present(key) else { return nil }
        return try WireBody(json: value, path: fieldPath(key))
    }

    /// An array of objects; each element must be an object (errors name `key[i]`).
    public func objects(_ key: String) throws(WireFieldError) -> [WireBody]? {
        guard let elements = try array(key) else { return nil }
        var result = [WireBody]()
        for (index, element) in elements.enumerated() {
            result.append(try WireBody(json: element, path: "\(fieldPath(key))[\(index)]"))
        }
        return result
    }

    /// An array of integers (errors name `key[i]`).
    public func ints(_ key: String) throws(WireFieldError) -> [Int]? {
        guard let elements = try array(key) else { return nil }
        var result = [Int]()
        for (index, element) in elements.enumerated() {
            guard case .number = element, let int = element.intValue else {
                throw WireFieldError(
                    field: "\(fieldPath(key))[\(index)]", problem: .wrongType(expected: "integer", found: element.kind))
            }
            result.append(int)
        }
        return result
    }

    /// A vocabulary field (e.g. ``WireChallengeType``); unknown strings are kept, non-strings throw.
    public func value<Value: WireStringValue>(_ key: String, as type: Value.Type = Value.self)
        throws(WireFieldError) -> Value?
    {
        try string(key).map(Value.init)
    }

    /// A required string field: throws ``WireFieldError/Problem/missing`` when absent or null.
    public func requiredString(_ key: String) throws(WireFieldError) -> String {
        guard let string = try string(key) else { throw missing(key) }
        return string
    }

    /// The error for a required `key` that is absent.
    public func missing(_ key: String) -> WireFieldError { WireFieldError(field: fieldPath(key), problem: .missing) }

    private func present(_ key: String) -> WireJSON? {
        guard let value = raw(key), value != .null else { return nil }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ found: WireJSON) -> WireFieldError {
        WireFieldError(field: fieldPath(key), problem: .wrongType(expected: expected, found: found.kind))
    }
}

/// A field of a response body that is missing, of the wrong JSON type, or has an unusable value.
public struct WireFieldError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the field.
    public enum Problem: Hashable, Sendable {
        /// A required field is absent or null.
        case missing
        /// The JSON type is not the expected one (`expected` and `found` are JSON kind names).
        case wrongType(expected: String, found: String)
        /// The type is right but the value is unusable (the reason never quotes the value).
        case invalidValue(String)
    }

    /// The field path, e.g. `code_length` or `methods[1].challenge_type`.
    public let field: String
    /// What is wrong.
    public let problem: Problem

    /// Creates the error for `field`.
    public init(field: String, problem: Problem) {
        self.field = field
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .missing: "field '\(field)' is missing"
        case .wrongType(let expected, let found): "field '\(field)' should be a \(expected) but is a \(found)"
        case .invalidValue(let reason): "field '\(field)' has an invalid value: \(reason)"
        }
    }
}

/// A response body that is not a JSON object.
public enum WireBodyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The body is not valid JSON.
    case invalidJSON(WireJSONError)
    /// The body is JSON but its top-level value is not an object.
    case notAnObject(found: String)

    public var description: String {
        switch self {
        case .invalidJSON(let error): "response body is not valid JSON: \(error)"
        case .notAnObject(let found): "response body should be a JSON object but is a \(found)"
        }
    }
}
