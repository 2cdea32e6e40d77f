/// One strong-auth method of `methods[]` on `/oauth2/v2.0/introspect` and `/register/v1.0/introspect`.
///
/// Decoding requires `id`, `challenge_type` and `challenge_channel` (all SDKs need them); `login_hint` is
/// optional (iOS) though Android 2024 requires it.
public struct WireAuthMethod: Hashable, Sendable {
    /// `id`: the per-user method id (redacted in captures).
    public var id: String
    /// `challenge_type`.
    public var challengeType: WireChallengeType
    /// `challenge_channel`.
    public var challengeChannel: WireChallengeChannel
    /// `login_hint`: masked contact.
    public var loginHint: String?

    /// Creates the value from its parts.
    public init(
        id: String, challengeType: WireChallengeType = .oob, challengeChannel: WireChallengeChannel,
        loginHint: String? = nil
    ) {
        self.id = id
        self.challengeType = challengeType
        self.challengeChannel = challengeChannel
        self.loginHint = loginHint
    }

    /// Decodes one element of `methods[]`.
    public init(body: WireBody) throws(WireFieldError) {
        id = try body.requiredString(WireField.id)
        challengeType = WireChallengeType(try body.requiredString(WireField.challengeType))
        challengeChannel = WireChallengeChannel(try body.requiredString(WireField.challengeChannel))
        loginHint = try body.string(WireField.loginHint)
    }

    /// The JSON object, keys in the documented order.
    public var json: WireJSON {
        var members = [
            WireJSON.Member(WireField.id, .string(id)),
            WireJSON.Member(WireField.challengeType, .string(challengeType.rawValue)),
            WireJSON.Member(WireField.challengeChannel, .string(challengeChannel.rawValue)),
        ]
        if let loginHint { members.append(WireJSON.Member(WireField.loginHint, .string(loginHint))) }
        return .object(members)
    }
}

/// One element of `required_attributes` (spec §4.3): `name`, `type`, `required` (all required by iOS) and
/// optional `options.regex`.
public struct WireRequiredAttribute: Hashable, Sendable {
    /// Programmatic attribute name, e.g. `displayName`.
    public var name: String
    /// Attribute type, e.g. `string`.
    public var type: String
    /// Whether the attribute is mandatory.
    public var required: Bool
    /// `options.regex`, when given.
    public var regex: String?

    /// Creates the value from its parts.
    public init(name: String, type: String = "string", required: Bool = true, regex: String? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.regex = regex
    }

    /// Decodes one element of `required_attributes`.
    public init(body: WireBody) throws(WireFieldError) {
        name = try body.requiredString(WireField.name)
        type = try body.requiredString(WireField.type)
        guard let required = try body.bool(WireField.required) else { throw body.missing(WireField.required) }
        self.required = required
        regex = try body.object(WireField.options)?.string(WireField.regex)
    }

    /// The JSON object, keys in the documented order.
    public var json: WireJSON {
        var members = [
            WireJSON.Member(WireField.name, .string(name)),
            WireJSON.Member(WireField.type, .string(type)),
            WireJSON.Member(WireField.required, .bool(required)),
        ]
        if let regex {
            members.append(
                WireJSON.Member(WireField.options, .object([WireJSON.Member(WireField.regex, .string(regex))])))
        }
        return .object(members)
    }
}

/// One element of `invalid_attributes` or `unverified_attributes`: `{"name": ...}` (JS also types `reason`).
public struct WireAttributeName: Hashable, Sendable {
    /// The attribute name.
    public var name: String
    /// `reason`, when given.
    public var reason: String?

    /// Creates the value from its parts.
    public init(name: String, reason: String? = nil) {
        self.name = name
        self.reason = reason
    }

    /// Decodes one element; `name` is required.
    public init(body: WireBody) throws(WireFieldError) {
        name = try body.requiredString(WireField.name)
        reason = try body.string(WireField.reason)
    }

    /// The JSON object.
    public var json: WireJSON {
        var members = [WireJSON.Member(WireField.name, .string(name))]
        if let reason { members.append(WireJSON.Member(WireField.reason, .string(reason))) }
        return .object(members)
    }
}

/// One element of `inner_errors`: `{error, error_description}`, both optional.
public struct WireInnerError: Hashable, Sendable {
    /// `error`.
    public var error: WireErrorCode?
    /// `error_description`.
    public var errorDescription: String?

    /// Creates the value from its parts.
    public init(error: WireErrorCode? = nil, errorDescription: String? = nil) {
        self.error = error
        self.errorDescription = errorDescription
    }

    /// Decodes one element.
    public init(body: WireBody) throws(WireFieldError) {
        error = try body.error
        errorDescription = try body.errorDescription
    }

    /// The JSON object.
    public var json: WireJSON {
        var members = [WireJSON.Member]()
        if let error { members.append(WireJSON.Member(WireField.error, .string(error.rawValue))) }
        if let errorDescription {
            members.append(WireJSON.Member(WireField.errorDescription, .string(errorDescription)))
        }
        return .object(members)
    }
}
