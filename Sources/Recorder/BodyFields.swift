import HAR
import NativeAuthWire

/// Small parsers for the bodies flow tracking and the console need.
enum BodyFields {
    /// Decodes an `application/x-www-form-urlencoded` body (byte-level: Foundation's string
    /// functions cost more than the rest of the capture path).
    static func form(_ bytes: [UInt8]) -> [String: String] {
        Dictionary(FormCodec.decodeLeniently(bytes: bytes).map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    /// The value of the last field named `name` in a form body, as ``form(_:)`` would give it,
    /// without decoding the other fields (the capture thread needs only the continuation token).
    static func formValue(_ name: String, in bytes: [UInt8]) -> String? {
        FormCodec.lastValue(named: name, in: bytes)
    }

    /// The top-level string members of a JSON object body (empty when it is not one).
    static func jsonStrings(_ bytes: [UInt8]) -> [String: String] {
        strings(of: json(bytes))
    }

    /// A JSON object body, parsed; nil when the body is not one.
    static func json(_ bytes: [UInt8]) -> JSONValue? {
        guard bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "{"), let value = try? JSONParser.parse(bytes),
            value.objectValue != nil
        else { return nil }
        return value
    }

    /// The top-level string members of a JSON object (empty for nil).
    static func strings(of value: JSONValue?) -> [String: String] {
        guard case .object(let object)? = value else { return [:] }
        // The last member of a name wins, as with JSONSerialization (and MSAL's dictionaries).
        var strings: [String: String] = [:]
        for (key, value) in object {
            if case .string(let string) = value {
                strings[key] = string
            } else {
                strings[key] = nil
            }
        }
        return strings
    }
}

/// HAR's JSON value as ``V2Answer`` reads it.
struct V2JSONNode: V2JSONReadable {
    var value: JSONValue
    func v2Member(_ key: String) -> V2JSONNode? { value[key].map(V2JSONNode.init) }
    var v2Members: [(key: String, value: V2JSONNode)] {
        value.objectValue?.map { (key: $0.key, value: V2JSONNode(value: $0.value)) } ?? []
    }
    var v2Elements: [V2JSONNode] { value.arrayValue?.map(V2JSONNode.init) ?? [] }
    var v2String: String? { value.stringValue }
}
