/// A typed view of a 200 body: the union of the success fields of every endpoint (spec §4), all optional.
///
/// ``init(body:)`` type-checks every known field and throws on the first mistyped one; which fields are
/// required for a given endpoint and challenge type is for the engine and the oracle to decide. ``json``
/// writes the set fields in a stable order for the emulator.
public struct WireSuccess: Hashable, Sendable {
    /// `continuation_token`.
    public var continuationToken: String?
    /// `challenge_type`.
    public var challengeType: WireChallengeType?
    /// `redirect_reason` (with `challenge_type: redirect`).
    public var redirectReason: String?
    /// `binding_method`.
    public var bindingMethod: WireBindingMethod?
    /// `challenge_channel`.
    public var challengeChannel: WireChallengeChannel?
    /// `challenge_target_label`.
    public var challengeTargetLabel: String?
    /// `challenge_target` (register/challenge).
    public var challengeTarget: String?
    /// `code_length`.
    public var codeLength: Int?
    /// `interval`.
    public var interval: Int?
    /// `methods` (introspect endpoints).
    public var methods: [WireAuthMethod]?
    /// `status` (poll_completion).
    public var status: WirePollStatus?
    /// `poll_interval` (resetpassword/submit).
    public var pollInterval: Int?
    /// `token_type`.
    public var tokenType: WireTokenType?
    /// `scope`.
    public var scope: String?
    /// `expires_in`.
    public var expiresIn: Int?
    /// `ext_expires_in`.
    public var extExpiresIn: Int?
    /// `access_token`.
    public var accessToken: String?
    /// `refresh_token`.
    public var refreshToken: String?
    /// `id_token`.
    public var idToken: String?
    /// `client_info`.
    public var clientInfo: String?

    /// An empty success body (set the fields you need).
    public init() {}

    /// The browser-required body `{"challenge_type":"redirect","redirect_reason":...}` (spec §2.4).
    public static func redirect(reason: String? = nil) -> WireSuccess {
        var success = WireSuccess()
        success.challengeType = .redirect
        success.redirectReason = reason
        return success
    }

    /// Decodes every known success field, type-checked.
    public init(body: WireBody) throws(WireFieldError) {
        continuationToken = try body.continuationToken
        challengeType = try body.challengeType
        redirectReason = try body.redirectReason
        bindingMethod = try body.bindingMethod
        challengeChannel = try body.challengeChannel
        challengeTargetLabel = try body.challengeTargetLabel
        challengeTarget = try body.challengeTarget
        codeLength = try body.codeLength
        interval = try body.interval
        methods = try body.methods
        status = try body.status
        pollInterval = try body.pollInterval
        tokenType = try body.tokenType
        scope = try body.scope
        expiresIn = try body.expiresIn
        extExpiresIn = try body.extExpiresIn
        accessToken = try body.accessToken
        refreshToken = try body.refreshToken
        idToken = try body.idToken
        clientInfo = try body.clientInfo
    }

    /// Whether this is the browser-required answer.
    public var isRedirect: Bool { challengeType == .redirect }

    /// The body as JSON, set fields only. Order: token fields as in the token response example
    /// (`token_type`, `scope`, `expires_in`, `ext_expires_in`, `access_token`, `refresh_token`, `id_token`,
    /// `client_info`), then `status`, `continuation_token`, `challenge_type`, `redirect_reason`,
    /// `binding_method`, `challenge_target`, `challenge_channel`, `challenge_target_label`, `code_length`,
    /// `interval`, `poll_interval`, `methods`.
    public var json: WireJSON {
        var members = [WireJSON.Member]()
        func add(_ key: String, _ value: String?) {
            if let value { members.append(WireJSON.Member(key, .string(value))) }
        }
        func add(_ key: String, _ value: Int?) {
            if let value { members.append(WireJSON.Member(key, .int(value))) }
        }
        add(WireField.tokenType, tokenType?.rawValue)
        add(WireField.scope, scope)
        add(WireField.expiresIn, expiresIn)
        add(WireField.extExpiresIn, extExpiresIn)
        add(WireField.accessToken, accessToken)
        add(WireField.refreshToken, refreshToken)
        add(WireField.idToken, idToken)
        add(WireField.clientInfo, clientInfo)
        add(WireField.status, status?.rawValue)
        add(WireField.continuationToken, continuationToken)
        add(WireField.challengeType, challengeType?.rawValue)
        add(WireField.redirectReason, redirectReason)
        add(WireField.bindingMethod, bindingMethod?.rawValue)
        add(WireField.challengeTarget, challengeTarget)
        add(WireField.challengeChannel, challengeChannel?.rawValue)
        add(WireField.challengeTargetLabel, challengeTargetLabel)
        add(WireField.codeLength, codeLength)
        add(WireField.interval, interval)
        add(WireField.pollInterval, pollInterval)
        if let methods { members.append(WireJSON.Member(WireField.methods, .array(methods.map(\.json)))) }
        return .object(members)
    }
}
