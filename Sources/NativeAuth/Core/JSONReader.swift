import Foundation

/// Resolves an object's members into the dictionary `JSONDecoder`'s keyed container builds: every key must
/// be a valid string, and a repeated key (after the snake-case conversion, where asked) keeps its first
/// value (decoding-rulings.md R6).
enum JSONObject {
    static func keyed(_ members: [JSONMember], convertingFromSnakeCase: Bool) -> [String: JSONValue]? {
        var result: [String: JSONValue] = [:]
        result.reserveCapacity(members.count)
        for member in members {
            guard var key = member.key.string else { return nil }
            if convertingFromSnakeCase { key = camelCase(fromSnakeCase: key) }
            if result[key] == nil { result[key] = member.value }
        }
        return result
    }

    /// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`: leading and trailing underscores stay; the
    /// words between underscores are joined, the first lowercased and the others capitalised; a key
    /// without an inner underscore is left as it is.
    static func camelCase(fromSnakeCase key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first, key[last] == "_" { last = key.index(before: last) }
        let core = key[first...last]
        let words = core.split(separator: "_")
        guard words.count > 1 else { return key }
        var joined = words[0].lowercased()
        for word in words.dropFirst() { joined += word.capitalized }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}

/// Thrown when a present key has the wrong type: MSAL's `Decodable` would fail on the whole body.
struct TypeMismatch: Error {}

/// Typed access with `decodeIfPresent` semantics over a resolved object: absent or `null` gives nil, a
/// wrong type or an invalid value throws.
struct JSONReader {
    let object: [String: JSONValue]
    /// Nested objects are resolved with the same key strategy.
    var convertsFromSnakeCase = false

    init(object: [String: JSONValue], convertsFromSnakeCase: Bool = false) {
        self.object = object
        self.convertsFromSnakeCase = convertsFromSnakeCase
    }

    func value(_ key: String) -> JSONValue? {
        switch object[key] {
        case nil, .null?: return nil
        case let value?: return value
        }
    }

    func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value, let string = text.string else { throw TypeMismatch() }
        return string
    }

    func int(_ key: String) throws -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let text) = value, let integer = text.integer else { throw TypeMismatch() }
        return integer
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw TypeMismatch() }
        return flag
    }

    /// A `UUID?`: a string `UUID(uuidString:)` reads.
    func uuid(_ key: String) throws -> UUID? {
        guard let text = try string(key) else { return nil }
        guard let uuid = UUID(uuidString: text) else { throw TypeMismatch() }
        return uuid
    }

    /// A nested object, resolved as a keyed container.
    func nested(_ key: String) throws -> JSONReader? {
        guard let value = value(key) else { return nil }
        return try Self.keyed(value, convertsFromSnakeCase: convertsFromSnakeCase)
    }

    /// An array of objects, each resolved as a keyed container.
    func objects(_ key: String) throws -> [JSONReader]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw TypeMismatch() }
        return try items.map { try Self.keyed($0, convertsFromSnakeCase: convertsFromSnakeCase) }
    }

    /// An `[Int]`: every item must decode as `Int` (`null` items included, which throw).
    func ints(_ key: String) throws -> [Int]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw TypeMismatch() }
        return try items.map { item in
            guard case .number(let text) = item else { throw TypeMismatch() }
            if EngineTestSwitches.uncheckedIntegerConversion {
                // The defect this switch restores for fuzzing tests: a range-unchecked conversion.
                return Int(text.double ?? 0)
            }
            guard let integer = text.integer else { throw TypeMismatch() }
            return integer
        }
    }

    static func keyed(_ value: JSONValue, convertsFromSnakeCase: Bool) throws -> JSONReader {
        guard case .object(let members) = value,
            let object = JSONObject.keyed(members, convertingFromSnakeCase: convertsFromSnakeCase)
        else { throw TypeMismatch() }
        return JSONReader(object: object, convertsFromSnakeCase: convertsFromSnakeCase)
    }
}

/// Switches that restore known engine defects, for tests that prove a fuzzer can find them. Read once from
/// the environment; off unless a test sets them.
enum EngineTestSwitches {
    /// `AUTHTAPE_FAULT_UNCHECKED_INT=1`: `error_codes` items are converted with `Int(someDouble)`, which traps
    /// on `1e300` (the defect decoding-rulings.md R1 fixed).
    static let uncheckedIntegerConversion = ProcessInfo.processInfo.environment["AUTHTAPE_FAULT_UNCHECKED_INT"] == "1"
}
