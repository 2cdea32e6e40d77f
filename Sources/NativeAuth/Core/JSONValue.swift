import Foundation

/// A JSON value; booleans, numbers and strings stay distinct. `Decodable` for the rare inputs that go
/// through `JSONDecoder` (see ``object(from:)``).
enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses a top-level JSON object; nil when `data` is not one. Accepts and rejects what `JSONDecoder`
    /// does (``ResponseJSONParser``), which it leaves only the rare inputs whose reading is Foundation's.
    /// With `lastDuplicateWins` a repeated key keeps its last value, as `JSONSerialization` does (those
    /// rare inputs still go through `JSONDecoder`, where the first wins).
    static func object(from data: Data, lastDuplicateWins: Bool = false) -> [String: JSONValue]? {
        switch ResponseJSONParser.parseObject(data, lastDuplicateWins: lastDuplicateWins) {
        case .object(let object): return object
        case .notObject: return nil
        case .needsFoundation: return foundationObject(from: data)
        }
    }

    /// The same through `JSONDecoder` (other text encodings, numbers with exponents or many digits).
    static func foundationObject(from data: Data) -> [String: JSONValue]? {
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
        return object
    }
}

/// Thrown when a present key has the wrong type: MSAL's `Decodable` would fail on the whole body.
struct TypeMismatch: Error {}

/// Typed access with `decodeIfPresent` semantics: absent or `null` gives nil, a wrong type throws.
struct JSONReader {
    let object: [String: JSONValue]

    func string(_ key: String) throws -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw TypeMismatch()
        }
    }

    func int(_ key: String) throws -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let value)? where value.rounded() == value && abs(value) < 1e15: return Int(value)
        default: throw TypeMismatch()
        }
    }

    func bool(_ key: String) throws -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw TypeMismatch()
        }
    }

    func objects(_ key: String) throws -> [[String: JSONValue]]? {
        switch object[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            return try items.map {
                guard case .object(let item) = $0 else { throw TypeMismatch() }
                return item
            }
        default: throw TypeMismatch()
        }
    }

    func ints(_ key: String) throws -> [Int]? {
        switch object[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            return try items.map {
                guard case .number(let value) = $0, value.rounded() == value else { throw TypeMismatch() }
                return Int(value)
            }
        default: throw TypeMismatch()
        }
    }
}
