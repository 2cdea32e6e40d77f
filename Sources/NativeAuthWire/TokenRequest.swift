/// `POST /oauth2/v2.0/token` (spec §4.7), for every grant.
///
/// The parser requires `grant_type`, then by grant: `continuation_token` for `password`, `oob`, `mfa_oob`
/// and `continuation_token`; `password` for `password`; `oob` for `oob` and `mfa_oob`; `refresh_token` for
/// `refresh_token`. `scope` is documented as required but the SDKs always send it, so its absence is left
/// to the server to judge. Unknown grant types are parsed with no further checks.
public struct TokenRequest: WireRequest {
    public static let endpoint = NativeAuthEndpoint.token
    /// The default OIDC scopes the SDKs merge into every request.
    public static let defaultScopes = ["openid", "profile", "offline_access"]

    /// `client_id`.
    public var clientID: String
    /// `continuation_token`.
    public var continuationToken: String?
    /// `grant_type`.
    public var grantType: WireGrantType
    /// `username` (iOS: password grant and sign-in after sign-up / reset).
    public var username: String?
    /// `password` (password grant).
    public var password: String?
    /// `oob` (oob / mfa_oob grants).
    public var oob: String?
    /// `refresh_token` (refresh grant).
    public var refreshToken: String?
    /// `scope`: space-separated.
    public var scope: String?
    /// `challenge_type` list (iOS: password and continuation_token grants only).
    public var challengeTypes: WireChallengeTypes?
    /// `client_info` as sent (`true`; servers also accept `1`).
    public var clientInfo: String?
    /// `claims`: JSON claims request.
    public var claims: String?

    /// Creates the value from its parts.
    public init(
        clientID: String, grantType: WireGrantType, continuationToken: String? = nil, username: String? = nil,
        password: String? = nil, oob: String? = nil, refreshToken: String? = nil, scope: String? = nil,
        challengeTypes: WireChallengeTypes? = nil, clientInfo: String? = "true", claims: String? = nil
    ) {
        self.clientID = clientID
        self.grantType = grantType
        self.continuationToken = continuationToken
        self.username = username
        self.password = password
        self.oob = oob
        self.refreshToken = refreshToken
        self.scope = scope
        self.challengeTypes = challengeTypes
        self.clientInfo = clientInfo
        self.claims = claims
    }

    /// Creates the value from its parts.
    public init(form: FormFields) throws(WireRequestError) {
        let reader = FormReader(form: form)
        clientID = try reader.clientID()
        grantType = try reader.grantType()
        switch grantType {
        case .password:
            _ = try reader.continuationToken()
            _ = try reader.required(WireField.password)
        case .oob, .mfaOOB:
            _ = try reader.continuationToken()
            _ = try reader.required(WireField.oob)
        case .continuationToken:
            _ = try reader.continuationToken()
        case .refreshToken:
            _ = try reader.required(WireField.refreshToken)
        default: break
        }
        continuationToken = reader.optional(WireField.continuationToken)
        username = reader.optional(WireField.username)
        password = reader.optional(WireField.password)
        oob = reader.optional(WireField.oob)
        refreshToken = reader.optional(WireField.refreshToken)
        scope = reader.optional(WireField.scope)
        challengeTypes = reader.optionalChallengeTypes()
        clientInfo = reader.optional(WireField.clientInfo)
        claims = reader.optional(WireField.claims)
    }

    /// The scopes, split on spaces.
    public var scopes: [String] { scope.map { $0.split(separator: " ").map(String.init) } ?? [] }

    /// Whether `client_info` asks for client info (`true` or `1`, case-insensitive).
    public var requestsClientInfo: Bool {
        guard let clientInfo else { return false }
        return ["true", "1"].contains(clientInfo.lowercased())
    }

    public var form: FormFields {
        var form: FormFields = [WireField.clientID: clientID]
        form.append(WireField.continuationToken, ifPresent: continuationToken)
        form.append(WireField.grantType, grantType.rawValue)
        form.append(WireField.username, ifPresent: username)
        form.append(WireField.password, ifPresent: password)
        form.append(WireField.oob, ifPresent: oob)
        form.append(WireField.refreshToken, ifPresent: refreshToken)
        form.append(WireField.scope, ifPresent: scope)
        form.append(WireField.challengeType, ifPresent: challengeTypes?.formValue)
        form.append(WireField.clientInfo, ifPresent: clientInfo)
        form.append(WireField.claims, ifPresent: claims)
        return form
    }
}
