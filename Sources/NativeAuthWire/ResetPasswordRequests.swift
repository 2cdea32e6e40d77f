/// `POST /resetpassword/v1.0/start` (spec §4.11).
public struct ResetPasswordStartRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.resetPasswordStart
    /// `client_id`.
    public var clientID: String
    /// `username`.
    public var username: String
    /// `challenge_type` list (`oob redirect` expected).
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

/// `POST /resetpassword/v1.0/challenge` (spec §4.12).
public struct ResetPasswordChallengeRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.resetPasswordChallenge
    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
    public var continuationToken: String
    /// `challenge_type` list.
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

/// `POST /resetpassword/v1.0/continue` (spec §4.13): `grant_type=oob` (the only valid value) and `oob`.
/// `oob` is required when `grant_type` is `oob`.
public struct ResetPasswordContinueRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.resetPasswordContinue
    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
    public var continuationToken: String
    /// `grant_type` (`oob`).
    public var grantType: WireGrantType
    /// `oob`: the code.
    public var oob: String?

    /// Creates the value from its parts.
    public init(clientID: String, continuationToken: String, grantType: WireGrantType = .oob, oob: String?) {
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

/// `POST /resetpassword/v1.0/submit` (spec §4.14).
public struct ResetPasswordSubmitRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.resetPasswordSubmit
    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
    public var continuationToken: String
    /// `new_password`.
    public var newPassword: String

    /// Creates the value from its parts.
    public init(clientID: String, continuationToken: String, newPassword: String) {
        self.clientID = clientID
        self.continuationToken = continuationToken
        self.newPassword = newPassword
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        continuationToken = try reader.continuationToken()
        newPassword = try reader.required(WireField.newPassword)
    }

    public var form: FormFields {
        [
            WireField.clientID: clientID, WireField.continuationToken: continuationToken,
            WireField.newPassword: newPassword,
        ]
    }
}

/// `POST /resetpassword/v1.0/poll_completion` (spec §4.15), always with the submit token.
public struct ResetPasswordPollCompletionRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.resetPasswordPollCompletion
    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
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
