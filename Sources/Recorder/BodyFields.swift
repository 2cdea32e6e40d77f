import HAR
import NativeAuthWire

/// Small parsers for the bodies flow tracking and the console need.
enum BodyFields {
    /// Decodes an `application/x-www-form-urlencoded` body (byte-level: Foundation's string
    /// functions cost more than the rest of the capture path).
    static func form(_ bytes: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            fields[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }

    /// The value of the last field named `name` in a form body, as ``form(_:)`` would give it,
    /// without decoding the other fields (the capture thread needs only the continuation token).
    static func formValue(_ name: String, in bytes: [UInt8]) -> String? {
        let wanted = Array(name.utf8)
        var found: String?
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let rawName = pair[pair.startIndex..<equals]
            let matches =
                rawName.withUnsafeBufferPointer(FormCodec.needsDecoding)
                ? decode(rawName) == name : rawName.elementsEqual(wanted)
            if matches {
                found = equals < pair.endIndex ? decode(pair[(equals + 1)...]) : ""
            }
        }
        return found
    }

    /// Percent-decodes one form component, `+` as space; invalid escapes are kept as they are
    /// (NativeAuthWire's lenient `FormCodec` decoding, which redaction and replay use too).
    static func decode(_ component: ArraySlice<UInt8>) -> String {
        component.withUnsafeBufferPointer { FormCodec.decodeLeniently(component: $0) }
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
