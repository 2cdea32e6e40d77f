/// A request body of one endpoint: the engine builds it and encodes ``form``; the emulator parses it with
/// ``init(form:)``, which checks the fields the endpoint requires and throws ``WireRequestError`` naming the
/// first missing or invalid one (checked in documented order, `client_id` first).
///
/// Absent optional values are omitted from ``form`` (spec §2.1); unknown form fields are ignored by the
/// parser (the emulator still has the ``FormFields`` if it wants them).
public protocol WireRequest: Hashable, Sendable, CustomStringConvertible {
    /// The endpoint this request is sent to.
    static var endpoint: NativeAuthEndpoint { get }
    /// Parses and validates a decoded form body.
    init(form: FormFields) throws(WireRequestError)
    /// The form fields, in the order the SDKs' examples show them.
    var form: FormFields { get }
}

extension WireRequest {
    /// The form fields as `(name, value)` pairs.
    public func formFields() -> [(String, String)] { form.pairs }
    /// The encoded `application/x-www-form-urlencoded` body.
    public var formBody: String { FormCodec.encode(form) }
    /// Parses an encoded body (a malformed escape is reported as an invalid `<body>`).
    public init(formBody: String) throws(WireRequestError) {
        let form: FormFields
        do { form = try FormCodec.decode(formBody) } catch {
            throw WireRequestError(field: "<body>", problem: .invalidValue(error.description))
        }
        try self.init(form: form)
    }
}

/// A request body that lacks a required field or has an unusable value. The message names the field and
/// never contains its value.
public struct WireRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the field.
    public enum Problem: Hashable, Sendable {
        /// The field is absent.
        case missing
        /// The field is present with an empty value.
        case empty
        /// The value cannot be used (reason without the value).
        case invalidValue(String)
    }

    /// The form field name, e.g. `username`, or `<body>` for an undecodable body.
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
        case .missing: "request field '\(field)' is missing"
        case .empty: "request field '\(field)' is empty"
        case .invalidValue(let reason): "request field '\(field)' is invalid: \(reason)"
        }
    }
}

/// Reads fields of a form for the request parsers.
struct FormReader {
    let form: FormFields

    /// A required field: absent → missing, empty → empty.
    func required(_ name: String) throws(WireRequestError) -> String {
        guard let value = form[name] else { throw WireRequestError(field: name, problem: .missing) }
        guard !value.isEmpty else { throw WireRequestError(field: name, problem: .empty) }
        return value
    }

    /// An optional field, as sent (possibly empty).
    func optional(_ name: String) -> String? { form[name] }

    /// `client_id`.
    func clientID() throws(WireRequestError) -> String { try required(WireField.clientID) }

    /// `continuation_token`.
    func continuationToken() throws(WireRequestError) -> String { try required(WireField.continuationToken) }

    /// A required `challenge_type` list.
    func challengeTypes() throws(WireRequestError) -> WireChallengeTypes {
        WireChallengeTypes(parsing: try required(WireField.challengeType))
    }

    /// An optional `challenge_type` list.
    func optionalChallengeTypes() -> WireChallengeTypes? {
        optional(WireField.challengeType).map(WireChallengeTypes.init(parsing:))
    }

    /// `capabilities` (or the legacy `capability` key); an unknown member is an invalid value.
    func capabilities() throws(WireRequestError) -> WireCapabilities? {
        let name = form.contains(WireField.capabilities) ? WireField.capabilities : WireField.legacyCapability
        guard let value = optional(name) else { return nil }
        do { return try WireCapabilities(parsing: value) } catch {
            throw WireRequestError(field: name, problem: .invalidValue(error.description))
        }
    }

    /// An optional `attributes` JSON-object string.
    func attributes() throws(WireRequestError) -> WireAttributes? {
        guard let value = optional(WireField.attributes) else { return nil }
        return try WireAttributes.parse(formValue: value)
    }

    /// A required `grant_type`.
    func grantType() throws(WireRequestError) -> WireGrantType { WireGrantType(try required(WireField.grantType)) }
}

extension FormFields {
    /// Appends a `capabilities` field when the set is non-empty.
    mutating func append(capabilities: WireCapabilities?) {
        append(WireField.capabilities, ifPresent: capabilities?.formValue)
    }
}
