/// `POST /signup/v1.0/start` (spec §4.1).
public struct SignUpStartRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.signUpStart
    /// `client_id`.
    public var clientID: String
    /// `username`: the new account's email.
    public var username: String
    /// `password`, when supplied at start.
    public var password: String?
    /// `attributes`.
    public var attributes: WireAttributes?
    /// `challenge_type` list.
    public var challengeTypes: WireChallengeTypes
    /// `capabilities` (omitted when nil or empty).
    public var capabilities: WireCapabilities?

    /// Creates the value from its parts.
    public init(
        clientID: String, username: String, password: String? = nil, attributes: WireAttributes? = nil,
        challengeTypes: WireChallengeTypes, capabilities: WireCapabilities? = nil
    ) {
        self.clientID = clientID
        self.username = username
        self.password = password
        self.attributes = attributes
        self.challengeTypes = challengeTypes
        self.capabilities = capabilities
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        username = try reader.required(WireField.username)
        password = reader.optional(WireField.password)
        attributes = try reader.attributes()
        challengeTypes = try reader.challengeTypes()
        capabilities = try reader.capabilities()
    }

    public var form: FormFields {
        var form: FormFields = [WireField.clientID: clientID, WireField.username: username]
        form.append(WireField.password, ifPresent: password)
        form.append(WireField.attributes, ifPresent: attributes?.formValue)
        form.append(WireField.challengeType, challengeTypes.formValue)
        form.append(capabilities: capabilities)
        return form
    }
}

/// `POST /signup/v1.0/challenge` (spec §4.2).
public struct SignUpChallengeRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.signUpChallenge
    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
    public var continuationToken: String
    /// `challenge_type` list (docs: optional; SDKs always send it).
    public var challengeTypes: WireChallengeTypes?

    /// Creates the value from its parts.
    public init(clientID: String, continuationToken: String, challengeTypes: WireChallengeTypes?) {
        self.clientID = clientID
        self.continuationToken = continuationToken
        self.challengeTypes = challengeTypes
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        continuationToken = try reader.continuationToken()
        challengeTypes = reader.optionalChallengeTypes()
    }

    public var form: FormFields {
        var form: FormFields = [WireField.clientID: clientID, WireField.continuationToken: continuationToken]
        form.append(WireField.challengeType, ifPresent: challengeTypes?.formValue)
        return form
    }
}

/// `POST /signup/v1.0/continue` (spec §4.3). The field matching `grant_type` is required: `oob` for
/// `oob`, `password` for `password`, `attributes` for `attributes`; other grant types are left to the server.
public struct SignUpContinueRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.signUpContinue
    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
    public var continuationToken: String
    /// `grant_type`: `oob`, `password` or `attributes`.
    public var grantType: WireGrantType
    /// `oob`: the email code.
    public var oob: String?
    /// `password`.
    public var password: String?
    /// `attributes`.
    public var attributes: WireAttributes?

    /// Creates the value from its parts.
    public init(
        clientID: String, continuationToken: String, grantType: WireGrantType, oob: String? = nil,
        password: String? = nil, attributes: WireAttributes? = nil
    ) {
        self.clientID = clientID
        self.continuationToken = continuationToken
        self.grantType = grantType
        self.oob = oob
        self.password = password
        self.attributes = attributes
    }

    /// Submits the email code.
    public static func code(clientID: String, continuationToken: String, code: String) -> Self {
        Self(clientID: clientID, continuationToken: continuationToken, grantType: .oob, oob: code)
    }

    /// Submits the password.
    public static func password(clientID: String, continuationToken: String, password: String) -> Self {
        Self(clientID: clientID, continuationToken: continuationToken, grantType: .password, password: password)
    }

    /// Submits attributes.
    public static func attributes(clientID: String, continuationToken: String, attributes: WireAttributes) -> Self {
        Self(clientID: clientID, continuationToken: continuationToken, grantType: .attributes, attributes: attributes)
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        continuationToken = try reader.continuationToken()
        grantType = try reader.grantType()
        switch grantType {
        case .oob: _ = try reader.required(WireField.oob)
        case .password: _ = try reader.required(WireField.password)
        case .attributes: _ = try reader.required(WireField.attributes)
        default: break
        }
        oob = reader.optional(WireField.oob)
        password = reader.optional(WireField.password)
        attributes = try reader.attributes()
    }

    public var form: FormFields {
        var form: FormFields = [
            WireField.clientID: clientID, WireField.continuationToken: continuationToken,
            WireField.grantType: grantType.rawValue,
        ]
        form.append(WireField.oob, ifPresent: oob)
        form.append(WireField.password, ifPresent: password)
        form.append(WireField.attributes, ifPresent: attributes?.formValue)
        return form
    }
}
