import NativeAuthWire

/// A HAR value that converts to and from `JSONValue`; the primary coding path of the module.
public protocol HARJSONConvertible: Sendable, Hashable {
    /// Reads the value tolerantly (missing optional fields get HAR defaults, unknown keys are
    /// kept). Errors name the path below this value, for example `response.content`.
    init(json: JSONValue) throws(HARError)
    /// The value as JSON, keys in HAR specification order, then `_authtape`, then other
    /// extension keys in their original order.
    var json: JSONValue { get }
}

/// Internal decode/encode entry points used by every HAR type.
protocol HARJSONCoding: HARJSONConvertible {
    init(decoding value: JSONValue) throws(FieldError)
    /// Hands the value's members, in order, to `object`: one description of the layout serves
    /// both the `JSONValue` tree (``encoded()``) and direct bytes (``writeJSON(into:)``).
    func encode<W: JSONMemberWriter>(into object: inout W)
}

extension HARJSONCoding {
    /// The value as a JSON object.
    func encoded() -> JSONValue {
        var object = JSONObject()
        encode(into: &object)
        return .object(object)
    }

    /// Appends the value's compact JSON to `out`: the bytes of `encoded().serialized()`, without
    /// building the tree (what the recorder's journal appends use).
    func writeJSON(into out: inout [UInt8]) {
        JSONBytesWriter.write(self, into: &out)
    }
}

extension HARJSONCoding {
    public init(json: JSONValue) throws(HARError) {
        do throws(FieldError) {
            try self.init(decoding: json)
        } catch {
            throw error.harError(file: "")
        }
    }

    public var json: JSONValue { encoded() }
}

// MARK: - Reading fields

extension JSONValue {
    /// The members of an object, or an error naming what was found instead.
    func members() throws(FieldError) -> JSONObject {
        guard case .object(let object) = self else { throw FieldError(expected: "an object", found: self) }
        return object
    }

    /// A string field; numbers and Booleans are accepted as their text; null reads as absent.
    func string(_ key: String) throws(FieldError) -> String? {
        switch self {
        case .null: return nil
        case .string(let s): return s
        case .number(let text): return text
        case .bool(let b): return b ? "true" : "false"
        default: throw FieldError(expected: "a string", found: self).at(key)
        }
    }

    /// A number field read as `Double`; numeric strings are accepted; null reads as absent.
    func double(_ key: String) throws(FieldError) -> Double? {
        switch self {
        case .null: return nil
        case .number(let text):
            if let d = Double(text), d.isFinite { return d }
            throw FieldError("number is out of range").at(key)
        case .string(let s):
            if let d = Double(s.trimmingSpaces()), d.isFinite { return d }
            throw FieldError("expected a number, found a string that is not a number").at(key)
        default: throw FieldError(expected: "a number", found: self).at(key)
        }
    }

    /// A number field read as `Int` (fractions are rounded); null reads as absent.
    func int(_ key: String) throws(FieldError) -> Int? {
        if case .number(let text) = self, let i = Int(text) { return i }
        guard let d = try double(key) else { return nil }
        guard abs(d) < 9e18 else { throw FieldError("number is out of range").at(key) }
        return Int(d.rounded())
    }

    /// A Boolean field; `"true"`/`"false"` strings are accepted; null reads as absent.
    func bool(_ key: String) throws(FieldError) -> Bool? {
        switch self {
        case .null: return nil
        case .bool(let b): return b
        case .string("true"): return true
        case .string("false"): return false
        default: throw FieldError(expected: "a Boolean", found: self).at(key)
        }
    }

    /// A nested HAR object; null reads as absent.
    func nested<T: HARJSONCoding>(_ key: String, as type: T.Type) throws(FieldError) -> T? {
        if case .null = self { return nil }
        do throws(FieldError) {
            return try T(decoding: self)
        } catch {
            throw error.at(key)
        }
    }

    /// An array of HAR objects; null reads as absent, and a single object as a list of one.
    /// Errors name the element index.
    func list<T: HARJSONCoding>(_ key: String, of type: T.Type) throws(FieldError) -> [T]? {
        switch self {
        case .null: return nil
        case .array(let elements):
            var result: [T] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                do throws(FieldError) {
                    result.append(try T(decoding: element))
                } catch {
                    throw error.at("[\(index)]").at(key)
                }
            }
            return result
        case .object:
            // Internet Explorer 11 writes a single cookie as an object where HAR has a list.
            do throws(FieldError) {
                return [try T(decoding: self)]
            } catch {
                throw error.at(key)
            }
        default: throw FieldError(expected: "an array", found: self).at(key)
        }
    }
}

extension String {
    func trimmingSpaces() -> Substring {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}

// MARK: - Writing fields

/// Receives an object's members in order; see ``HARJSONCoding/encode(into:)``.
protocol JSONMemberWriter {
    mutating func append(_ key: String, _ value: JSONValue)
    mutating func put(_ key: String, _ value: String)
    mutating func put(_ key: String, _ value: Int)
    /// A HAR time or size in milliseconds; a non-finite value is written as -1 (unknown).
    mutating func put(_ key: String, _ value: Double)
    mutating func putObject<T: HARJSONCoding>(_ key: String, _ value: T)
    mutating func putArray<T: HARJSONCoding>(_ key: String, _ values: [T])
}

extension JSONMemberWriter {
    mutating func put(_ key: String, _ value: String?) { if let value { put(key, value) } }
    mutating func put(_ key: String, _ value: Int?) { if let value { put(key, value) } }
    mutating func put(_ key: String, _ value: Bool?) { if let value { append(key, .bool(value)) } }
    mutating func put(_ key: String, _ value: Double?) { if let value { put(key, value) } }
    mutating func put<T: HARJSONCoding>(_ key: String, _ value: T?) { if let value { putObject(key, value) } }
    mutating func put<T: HARJSONCoding>(_ key: String, _ values: [T]) { putArray(key, values) }
    mutating func put<T: HARJSONCoding>(_ key: String, _ values: [T]?) { if let values { putArray(key, values) } }

    /// Appends the extension members (keys this module does not model) in their order.
    mutating func putExtensions(_ extensions: JSONObject) {
        for member in extensions.members { append(member.key, member.value) }
    }
}

extension JSONObject: JSONMemberWriter {
    mutating func put(_ key: String, _ value: String) { append(key, .string(value)) }
    mutating func put(_ key: String, _ value: Int) { append(key, .int(value)) }
    mutating func put(_ key: String, _ value: Double) { append(key, .number(JSONValue.numberText(value) ?? "-1")) }
    mutating func putObject<T: HARJSONCoding>(_ key: String, _ value: T) { append(key, value.encoded()) }
    mutating func putArray<T: HARJSONCoding>(_ key: String, _ values: [T]) {
        append(key, .array(values.map { $0.encoded() }))
    }
}

/// Writes an object's members straight to compact JSON bytes, exactly as the tree would serialize.
struct JSONBytesWriter: JSONMemberWriter {
    var out: [UInt8]
    private var first = true

    init(out: [UInt8]) {
        self.out = out
    }

    /// Appends `value`'s object to `out`, reusing `out`'s storage for the nested writer.
    static func write<T: HARJSONCoding>(_ value: T, into out: inout [UInt8]) {
        var writer = JSONBytesWriter(out: [])
        swap(&writer.out, &out)
        value.encode(into: &writer)
        if writer.first { writer.out.append(UInt8(ascii: "{")) }
        writer.out.append(UInt8(ascii: "}"))
        swap(&writer.out, &out)
    }

    private mutating func key(_ key: String) {
        out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
        first = false
        JSONString.appendQuoted(key, to: &out)
        out.append(UInt8(ascii: ":"))
    }

    mutating func append(_ key: String, _ value: JSONValue) {
        self.key(key)
        JSONSerializer.writeCompact(value, into: &out)
    }

    mutating func put(_ key: String, _ value: String) {
        self.key(key)
        JSONString.appendQuoted(value, to: &out)
    }

    mutating func put(_ key: String, _ value: Int) {
        self.key(key)
        JSONSerializer.appendRaw(String(value), to: &out)
    }

    mutating func put(_ key: String, _ value: Double) {
        self.key(key)
        JSONSerializer.appendRaw(JSONValue.numberText(value) ?? "-1", to: &out)
    }

    mutating func putObject<T: HARJSONCoding>(_ key: String, _ value: T) {
        self.key(key)
        Self.write(value, into: &out)
    }

    mutating func putArray<T: HARJSONCoding>(_ key: String, _ values: [T]) {
        self.key(key)
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.write(value, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}
