/// User attributes as sent in the `attributes` form field: a JSON object serialised into a string
/// (spec §4.1), e.g. `{"displayName":"Alex","extension_abc_Hobbies":"Dancing,Swimming"}`.
///
/// Members keep their order; values are normally strings but any JSON value is kept as received.
public struct WireAttributes: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The attributes in order.
    public var members: [WireJSON.Member]

    /// Creates the value from its parts.
    public init(members: [WireJSON.Member]) { self.members = members }

    /// String attributes in the given order.
    public init(pairs: [(String, String)]) { members = pairs.map { WireJSON.Member($0.0, .string($0.1)) } }

    /// String attributes sorted by name, so the encoded string is deterministic.
    public init(_ values: [String: String]) {
        self.init(pairs: values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Keeps the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) { self.init(pairs: elements) }

    /// Parses the `attributes` form value; it must be a JSON object.
    public static func parse(formValue: String) throws(WireRequestError) -> WireAttributes {
        let json: WireJSON
        do { json = try WireJSON.parse(formValue) } catch {
            throw WireRequestError(field: WireField.attributes, problem: .invalidValue(error.description))
        }
        guard case .object(let members) = json else {
            throw WireRequestError(
                field: WireField.attributes, problem: .invalidValue("should be a JSON object but is a \(json.kind)"))
        }
        return WireAttributes(members: members)
    }

    /// The form value: compact JSON, members in order.
    public var formValue: String { WireJSON.object(members).serialized() }

    /// The attribute names in order.
    public var names: [String] { members.map(\.key) }

    /// The value of `name` (last one if duplicated).
    public subscript(name: String) -> WireJSON? { members.last { $0.key == name }?.value }

    /// Values as strings: strings as they are, other JSON values as their JSON text (last one wins).
    public var stringValues: [String: String] {
        var result = [String: String]()
        for member in members { result[member.key] = member.value.stringValue ?? member.value.serialized() }
        return result
    }

    /// Names whose value is not a JSON string.
    public var nonStringNames: [String] { members.filter { $0.value.stringValue == nil }.map(\.key) }
}
