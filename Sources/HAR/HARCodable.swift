// Codable conformances built on the JSONValue coding path, so HAR values also work with
// JSONEncoder/JSONDecoder (and any other coder). JSONParser/HARWriter are the fast,
// order-keeping path; Foundation's coders do not keep key order or number spelling.

extension JSONValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            var object = JSONObject()
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                object.append(key.stringValue, try container.decode(JSONValue.self, forKey: key))
            }
            self = .object(object)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? container.decode(Int64.self) {
            self = .number(String(i))
        } else if let d = try? container.decode(Double.self) {
            self = .double(d)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let i = Int64(text) {
                try container.encode(i)
            } else {
                try container.encode(Double(text) ?? 0)
            }
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            for member in object.members { try container.encode(member.value, forKey: Key(stringValue: member.key)) }
        }
    }
}

extension HARJSONConvertible {
    /// Decodes through `JSONValue` with the same tolerance as `HARReader`.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(json: value)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes through `JSONValue`, omitting absent optional fields.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension HARDocument: Codable {}
extension HARLog: Codable {}
extension HARCreator: Codable {}
extension HARPage: Codable {}
extension HARPageTimings: Codable {}
extension HAREntry: Codable {}
extension HARRequest: Codable {}
extension HARPostData: Codable {}
extension HARPostParameter: Codable {}
extension HARResponse: Codable {}
extension HARContent: Codable {}
extension HARHeader: Codable {}
extension HARQueryParameter: Codable {}
extension HARCookie: Codable {}
extension HARCache: Codable {}
extension HARCacheEntry: Codable {}
extension HARTimings: Codable {}
extension AuthTapeLogFields: Codable {}
extension AuthTapeEntryFields: Codable {}
extension AuthTapeExpectedOutcome: Codable {}
