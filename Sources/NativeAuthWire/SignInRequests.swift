/// `POST /oauth2/v2.0/initiate` (spec §4.4).
public struct SignInInitiateRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.signInInitiate
    /// `client_id`.
    public var clientID: String
    /// `username`.
    public var username: String
    /// `challenge_type` list.
    public var challengeTypes: WireChallengeTypes
    /// `capabilities` (omitted when nil or empty).
    public var capabilities: WireCapabilities?

    /// Creates the value from its parts.
    public init(
        clientID: String, username: String, challengeTypes: WireChallengeTypes,
        capabilities: WireCapabilities? = nil
    ) {
        self.clientID = clientID
        self.username = username
        self.challengeTypes = challengeTypes
        self.capabilities = capabilities
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        username = try reader.required(WireField.username)
        challengeTypes = try reader.challengeTypes()
        capabilities = try reader.capabilities()
    }

    public var form: FormFields {
        var form: FormFields = [
            WireField.clientID: clientID, WireField.username: username,
            WireField.challengeType: challengeTypes.formValue,
        ]
        form.append(capabilities: capabilities)
        return form
    }
}

/// `POST /oauth2/v2.0/challenge` (spec §4.5): first-factor challenge, or an MFA challenge with `id`.
public struct SignInChallengeRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.signInChallenge
    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
    public var continuationToken: String
    /// `challenge_type` list (docs: optional; SDKs always send it).
    public var challengeTypes: WireChallengeTypes?
    /// `id`: the chosen strong-auth method (`methods[].id`), MFA only.
    public var methodID: String?

    /// Creates the value from its parts.
    public init(
        clientID: String, continuationToken: String, challengeTypes: WireChallengeTypes?, methodID: String? = nil
    ) {
        self.clientID = clientID
        self.continuationToken = continuationToken
        self.challengeTypes = challengeTypes
        self.methodID = methodID
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        continuationToken = try reader.continuationToken()
        challengeTypes = reader.optionalChallengeTypes()
        methodID = reader.optional(WireField.id)
    }

    public var form: FormFields {
        var form: FormFields = [WireField.clientID: clientID, WireField.continuationToken: continuationToken]
        form.append(WireField.challengeType, ifPresent: challengeTypes?.formValue)
        form.append(WireField.id, ifPresent: methodID)
        return form
    }
}

/// `POST /oauth2/v2.0/introspect` (spec §4.6).
public struct SignInIntrospectRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.signInIntrospect
    /// `client_id`.
    public var clientID: String
    /// `continuation_token` (from the token endpoint's `mfa_required` error).
    public var continuationToken: String

    /// Creates the value from its parts.
    public init(clientID: String, continuationToken: String) {
        self.clientID = clientID
        self.continuationToken = continuationToken
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        continuationToken = try reader.continuationToken()
    }

    public var form: FormFields { [WireField.clientID: clientID, WireField.continuationToken: continuationToken] }
}

/// `POST /register/v1.0/introspect` (spec §4.8).
public struct RegisterIntrospectRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.registerIntrospect
    /// `client_id`.
    public var clientID: String
    /// `continuation_token` (from the token endpoint's `registration_required` error).
    public var continuationToken: String

    /// Creates the value from its parts.
    public init(clientID: String, continuationToken: String) {
        self.clientID = clientID
        self.continuationToken = continuationToken
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        continuationToken = try reader.continuationToken()
    }

    public var form: FormFields { [WireField.clientID: clientID, WireField.continuationToken: continuationToken] }
}

/// `POST /register/v1.0/challenge` (spec §4.9).
public struct RegisterChallengeRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.registerChallenge
    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
    public var continuationToken: String
    /// `challenge_type`: the method's single type (`oob`).
    public var challengeType: WireChallengeType
    /// `challenge_target`: the contact to register (email or phone).
    public var challengeTarget: String
    /// `challenge_channel` (docs optional; SDKs send it).
    public var challengeChannel: WireChallengeChannel?

    /// Creates the value from its parts.
    public init(
        clientID: String, continuationToken: String, challengeType: WireChallengeType = .oob,
        challengeTarget: String, challengeChannel: WireChallengeChannel?
    ) {
        self.clientID = clientID
        self.continuationToken = continuationToken
        self.challengeType = challengeType
        self.challengeTarget = challengeTarget
        self.challengeChannel = challengeChannel
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        continuationToken = try reader.continuationToken()
        challengeType = WireChallengeType(try reader.required(WireField.challengeType))
        challengeChannel = reader.optional(WireField.challengeChannel).map(WireChallengeChannel.init)
        challengeTarget = try reader.required(WireField.challengeTarget)
    }

    public var form: FormFields {
        var form: FormFields = [
            WireField.clientID: clientID, WireField.continuationToken: continuationToken,
            WireField.challengeType: challengeType.rawValue,
        ]
        form.append(WireField.challengeChannel, ifPresent: challengeChannel?.rawValue)
        form.append(WireField.challengeTarget, challengeTarget)
        return form
    }
}

/// `POST /register/v1.0/continue` (spec §4.10). `oob` is required when `grant_type` is `oob`; it is
/// omitted with `grant_type=continuation_token` after a `preverified` challenge.
public struct RegisterContinueRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.registerContinue
    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
    public var continuationToken: String
    /// `grant_type`: `oob` or `continuation_token`.
    public var grantType: WireGrantType
    /// `oob`: the code.
    public var oob: String?

    /// Creates the value from its parts.
    public init(clientID: String, continuationToken: String, grantType: WireGrantType, oob: String? = nil) {
        self.clientID = clientID
        self.continuationToken = continuationToken
        self.grantType = grantType
        self.oob = oob
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        continuationToken = try reader.continuationToken()
        grantType = try reader.grantType()
        if grantType == .oob { _ = try reader.required(WireField.oob) }
        oob = reader.optional(WireField.oob)
    }

    public var form: FormFields {
        var form: FormFields = [
            WireField.clientID: clientID, WireField.continuationToken: continuationToken,
            WireField.grantType: grantType.rawValue,
        ]
        form.append(WireField.oob, ifPresent: oob)
        return form
    }
}
