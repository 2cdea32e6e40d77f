/// Typed accessors for every field the spec documents (§2.3, §4). Each throws ``WireFieldError`` only for
/// its own field, so a caller can decide field by field what a malformed value means.
extension WireBody {
    // MARK: Flow fields

    /// `continuation_token`.
    public var continuationToken: String? { get throws(WireFieldError) { try string(WireField.continuationToken) } }
    /// `challenge_type` (single value in responses).
    public var challengeType: WireChallengeType? { get throws(WireFieldError) { try value(WireField.challengeType) } }
    /// `binding_method`.
    public var bindingMethod: WireBindingMethod? { get throws(WireFieldError) { try value(WireField.bindingMethod) } }
    /// `challenge_channel`.
    public var challengeChannel: WireChallengeChannel? {
        get throws(WireFieldError) { try value(WireField.challengeChannel) }
    }
    /// `challenge_target_label` (masked destination).
    public var challengeTargetLabel: String? {
        get throws(WireFieldError) { try string(WireField.challengeTargetLabel) }
    }
    /// `challenge_target` (register/challenge echo of the contact).
    public var challengeTarget: String? { get throws(WireFieldError) { try string(WireField.challengeTarget) } }
    /// `code_length`.
    public var codeLength: Int? { get throws(WireFieldError) { try int(WireField.codeLength) } }
    /// `interval`.
    public var interval: Int? { get throws(WireFieldError) { try int(WireField.interval) } }
    /// `expires_in`.
    public var expiresIn: Int? { get throws(WireFieldError) { try int(WireField.expiresIn) } }
    /// `status` (poll_completion).
    public var status: WirePollStatus? { get throws(WireFieldError) { try value(WireField.status) } }
    /// `poll_interval` (resetpassword/submit).
    public var pollInterval: Int? { get throws(WireFieldError) { try int(WireField.pollInterval) } }
    /// `redirect_reason`.
    public var redirectReason: String? { get throws(WireFieldError) { try string(WireField.redirectReason) } }
    /// `methods[]` of the introspect endpoints.
    public var methods: [WireAuthMethod]? {
        get throws(WireFieldError) {
            guard let objects = try objects(WireField.methods) else { return nil }
            var result = [WireAuthMethod]()
            for object in objects { result.append(try WireAuthMethod(body: object)) }
            return result
        }
    }

    /// Whether `challenge_type` is the string `redirect` (lenient: false for any other type or value).
    public var isRedirect: Bool { raw(WireField.challengeType) == .string(WireChallengeType.redirect.rawValue) }

    // MARK: Token fields

    /// `access_token`.
    public var accessToken: String? { get throws(WireFieldError) { try string(WireField.accessToken) } }
    /// `id_token`.
    public var idToken: String? { get throws(WireFieldError) { try string(WireField.idToken) } }
    /// `refresh_token`.
    public var refreshToken: String? { get throws(WireFieldError) { try string(WireField.refreshToken) } }
    /// `token_type`.
    public var tokenType: WireTokenType? { get throws(WireFieldError) { try value(WireField.tokenType) } }
    /// `ext_expires_in`.
    public var extExpiresIn: Int? { get throws(WireFieldError) { try int(WireField.extExpiresIn) } }
    /// `scope` (space-separated).
    public var scope: String? { get throws(WireFieldError) { try string(WireField.scope) } }
    /// `client_info` (base64url JSON `{"uid","utid"}`).
    public var clientInfo: String? { get throws(WireFieldError) { try string(WireField.clientInfo) } }

    // MARK: Attribute lists

    /// `required_attributes`.
    public var requiredAttributes: [WireRequiredAttribute]? {
        get throws(WireFieldError) {
            guard let objects = try objects(WireField.requiredAttributes) else { return nil }
            var result = [WireRequiredAttribute]()
            for object in objects { result.append(try WireRequiredAttribute(body: object)) }
            return result
        }
    }
    /// `unverified_attributes`.
    public var unverifiedAttributes: [WireAttributeName]? {
        get throws(WireFieldError) { try attributeNames(WireField.unverifiedAttributes) }
    }
    /// `invalid_attributes`.
    public var invalidAttributes: [WireAttributeName]? {
        get throws(WireFieldError) { try attributeNames(WireField.invalidAttributes) }
    }

    private func attributeNames(_ key: String) throws(WireFieldError) -> [WireAttributeName]? {
        guard let objects = try objects(key) else { return nil }
        var result = [WireAttributeName]()
        for object in objects { result.append(try WireAttributeName(body: object)) }
        return result
    }

    // MARK: Error envelope fields

    /// `error`.
    public var error: WireErrorCode? { get throws(WireFieldError) { try value(WireField.error) } }
    /// `error_description`.
    public var errorDescription: String? { get throws(WireFieldError) { try string(WireField.errorDescription) } }
    /// `error_codes`.
    public var errorCodes: [AADSTSCode]? {
        get throws(WireFieldError) { try ints(WireField.errorCodes)?.map(AADSTSCode.init(rawValue:)) }
    }
    /// `suberror`.
    public var suberror: WireSuberror? { get throws(WireFieldError) { try value(WireField.suberror) } }
    /// `timestamp`.
    public var timestamp: String? { get throws(WireFieldError) { try string(WireField.timestamp) } }
    /// `trace_id`.
    public var traceID: String? { get throws(WireFieldError) { try string(WireField.traceID) } }
    /// `correlation_id`.
    public var correlationID: String? { get throws(WireFieldError) { try string(WireField.correlationID) } }
    /// `error_uri`.
    public var errorURI: String? { get throws(WireFieldError) { try string(WireField.errorURI) } }
    /// `target` (SSPR errors).
    public var target: String? { get throws(WireFieldError) { try string(WireField.target) } }
    /// `inner_errors`.
    public var innerErrors: [WireInnerError]? {
        get throws(WireFieldError) {
            guard let objects = try objects(WireField.innerErrors) else { return nil }
            var result = [WireInnerError]()
            for object in objects { result.append(try WireInnerError(body: object)) }
            return result
        }
    }
}
