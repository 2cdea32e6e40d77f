/// Log-safe descriptions: every type of this module that can hold a secret describes itself with the
/// secret values replaced by `<redacted>` (spec §7), so interpolating one into a log line or an error
/// message leaks nothing. Use ``FormCodec/encode(_:)`` or ``WireJSON/serialized()`` for the real bytes.
extension WireField {
    /// The placeholder written instead of a secret value.
    public static let redactedPlaceholder = "<redacted>"

    /// Whether the value of field `name` must not be shown (request or response side).
    public static func isSecret(_ name: String) -> Bool {
        secretRequestFields.contains(name) || secretResponseFields.contains(name)
    }
}

extension WireJSON {
    /// A copy in which every member whose key is secret (``WireField/isSecret(_:)``) has its value replaced
    /// by the string `<redacted>`, at any depth.
    public func redactingSecrets() -> WireJSON {
        switch self {
        case .array(let elements): return .array(elements.map { $0.redactingSecrets() })
        case .object(let members):
            return .object(
                members.map { member in
                    WireField.isSecret(member.key)
                        ? Member(member.key, .string(WireField.redactedPlaceholder))
                        : Member(member.key, member.value.redactingSecrets())
                })
        default: return self
        }
    }
}

extension FormFields: CustomStringConvertible {
    /// `name=value` pairs joined by `&`, unencoded, with secret values redacted.
    public var description: String {
        fields.map { "\($0.name)=\(WireField.isSecret($0.name) ? WireField.redactedPlaceholder : $0.value)" }
            .joined(separator: "&")
    }
}

extension WireRequest {
    /// `POST <path> <redacted form>`.
    public var description: String { "POST \(Self.endpoint.path) \(form.description)" }
}

extension WireSuccess: CustomStringConvertible {
    /// The JSON body with secrets redacted.
    public var description: String { json.redactingSecrets().serialized() }
}

extension WireErrorEnvelope: CustomStringConvertible {
    /// The JSON body with secrets redacted.
    public var description: String { json.redactingSecrets().serialized() }
}

extension WireAttributes: CustomStringConvertible {
    /// The attribute names only (values are personal data).
    public var description: String { "attributes(\(names.joined(separator: ", ")))" }
}

extension WireResponse: CustomStringConvertible {
    /// Status and body size only.
    public var description: String { "HTTP \(statusCode) (\(body.count) bytes)" }
}
