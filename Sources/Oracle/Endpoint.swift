/// The oracle's own description of each endpoint as MSAL iOS 2.13 decodes it
/// (client-behaviour.md §0.1 and §4, native-auth-api.md §2.2, §2.3 and §4).
enum Endpoint: Sendable, Hashable, CaseIterable {
    case signUpStart, signUpChallenge, signUpContinue
    case signInInitiate, signInChallenge, signInIntrospect, token
    case registerIntrospect, registerChallenge, registerContinue
    case resetPasswordStart, resetPasswordChallenge, resetPasswordContinue, resetPasswordSubmit
    case resetPasswordPollCompletion
    /// `/oauth2/v2.0/token` with `grant_type=refresh_token`, through MSAL's standard silent pipeline.
    case refreshToken

    /// Everything the classifier needs about an endpoint, computed once.
    struct Schema: Sendable {
        /// Success fields in a fixed order; nil for the token endpoints.
        var successFields: [(key: String, type: FieldType)]?
        var knownErrors: Set<String>
    }

    private static let schemas: [Endpoint: Schema] = Dictionary(
        uniqueKeysWithValues: allCases.map { endpoint in
            let fields = endpoint.makeSuccessFields?.sorted { $0.key < $1.key }.map { (key: $0.key, type: $0.value) }
            return (endpoint, Schema(successFields: fields, knownErrors: endpoint.makeKnownErrors))
        })

    /// The cached schema of this endpoint.
    var schema: Schema { Self.schemas[self]! }

    /// How a 200 body is decoded, in a fixed order. `nil` for the token endpoints, which are read as
    /// raw dictionaries.
    var successFields: [(key: String, type: FieldType)]? { schema.successFields }

    /// `error` strings the endpoint's iOS error enum knows; others decode as `.unknown` (§4).
    var knownErrors: Set<String> { schema.knownErrors }

    var path: String {
        switch self {
        case .signUpStart: "/signup/v1.0/start"
        case .signUpChallenge: "/signup/v1.0/challenge"
        case .signUpContinue: "/signup/v1.0/continue"
        case .signInInitiate: "/oauth2/v2.0/initiate"
        case .signInChallenge: "/oauth2/v2.0/challenge"
        case .signInIntrospect: "/oauth2/v2.0/introspect"
        case .token, .refreshToken: "/oauth2/v2.0/token"
        case .registerIntrospect: "/register/v1.0/introspect"
        case .registerChallenge: "/register/v1.0/challenge"
        case .registerContinue: "/register/v1.0/continue"
        case .resetPasswordStart: "/resetpassword/v1.0/start"
        case .resetPasswordChallenge: "/resetpassword/v1.0/challenge"
        case .resetPasswordContinue: "/resetpassword/v1.0/continue"
        case .resetPasswordSubmit: "/resetpassword/v1.0/submit"
        case .resetPasswordPollCompletion: "/resetpassword/v1.0/poll_completion"
        }
    }

    // MARK: success bodies

    /// JSON type a decoded field must have.
    enum FieldType: Sendable {
        case string, integer
        /// A closed enum of `oob`, `password`, `redirect` (no "unknown" case in iOS).
        case challengeType
        /// A closed enum of the four poll statuses.
        case pollStatus
        /// Introspect `methods`: objects with `id`, `challenge_type`, `challenge_channel`, optional `login_hint`.
        case methods
    }

    private var makeSuccessFields: [String: FieldType]? {
        let redirect: [String: FieldType] = ["challenge_type": .challengeType, "redirect_reason": .string]
        let tokenOnly = redirect.merging(["continuation_token": .string]) { $1 }
        let challenge = tokenOnly.merging([
            "binding_method": .string, "challenge_channel": .string, "challenge_target_label": .string,
            "code_length": .integer, "interval": .integer,
        ]) { $1 }
        switch self {
        case .signUpStart, .signInInitiate, .resetPasswordStart, .registerContinue: return tokenOnly
        case .signUpChallenge, .signInChallenge, .resetPasswordChallenge: return challenge
        case .signUpContinue, .resetPasswordContinue: return tokenOnly.merging(["expires_in": .integer]) { $1 }
        case .signInIntrospect, .registerIntrospect: return tokenOnly.merging(["methods": .methods]) { $1 }
        case .registerChallenge:
            // `challenge_type` is a plain, non-optional String here (client-behaviour.md §0.1, §5.4).
            return [
                "challenge_type": .string, "redirect_reason": .string, "continuation_token": .string,
                "binding_method": .string, "challenge_channel": .string, "challenge_target": .string,
                "code_length": .integer, "interval": .integer,
            ]
        case .resetPasswordSubmit: return tokenOnly.merging(["poll_interval": .integer]) { $1 }
        case .resetPasswordPollCompletion:
            return tokenOnly.merging(["status": .pollStatus, "expires_in": .integer]) { $1 }
        case .token, .refreshToken: return nil
        }
    }

    /// Keys a 200 body must contain for the success struct to decode.
    var requiredSuccessKeys: Set<String> { self == .registerChallenge ? ["challenge_type"] : [] }

    /// Whether a 200 with `challenge_type=redirect` is reported as browser-required (§5.8).
    /// signup/continue never checks it; register/challenge compares its free string.
    var checksRedirect: Bool { self != .signUpContinue && self != .refreshToken }

    // MARK: error bodies

    private var makeKnownErrors: Set<String> {
        switch self {
        case .signUpStart:
            ["invalid_grant", "invalid_request", "unauthorized_client", "unsupported_challenge_type",
             "user_already_exists", "attributes_required", "unsupported_auth_method"]
        case .signUpChallenge: ["invalid_request", "unauthorized_client", "unsupported_challenge_type", "expired_token"]
        case .signUpContinue:
            ["invalid_request", "unauthorized_client", "invalid_grant", "expired_token", "user_already_exists",
             "attributes_required", "verification_required", "credential_required"]
        case .signInInitiate: ["invalid_request", "unauthorized_client", "user_not_found", "unsupported_challenge_type"]
        case .signInChallenge:
            ["invalid_request", "unauthorized_client", "invalid_grant", "expired_token", "unsupported_challenge_type",
             "access_denied"]
        case .signInIntrospect: ["invalid_request", "expired_token"]
        case .token:
            ["invalid_request", "unauthorized_client", "invalid_client", "invalid_grant", "expired_token",
             "expired_refresh_token", "unsupported_challenge_type", "invalid_scope", "authorization_pending",
             "slow_down", "user_not_found"]
        case .resetPasswordStart: ["invalid_request", "unauthorized_client", "user_not_found", "unsupported_challenge_type"]
        case .resetPasswordChallenge: ["invalid_request", "unauthorized_client", "expired_token", "unsupported_challenge_type"]
        case .resetPasswordContinue:
            ["invalid_request", "unauthorized_client", "invalid_grant", "expired_token", "verification_required"]
        case .resetPasswordSubmit: ["invalid_request", "unauthorized_client", "expired_token", "invalid_grant"]
        case .resetPasswordPollCompletion:
            ["invalid_grant", "invalid_request", "unauthorized_client", "expired_token", "user_not_found"]
        case .registerIntrospect: []
        case .registerChallenge: ["invalid_request", "access_denied"]
        case .registerContinue: ["invalid_grant"]
        case .refreshToken: []
        }
    }

    /// Whether the error struct decodes `suberror` (§4, last list).
    var decodesSuberror: Bool {
        switch self {
        case .signUpStart, .signUpContinue, .token, .resetPasswordContinue, .resetPasswordSubmit,
            .resetPasswordPollCompletion, .signInChallenge, .registerIntrospect, .registerChallenge, .registerContinue:
            true
        default: false
        }
    }

    /// Whether the error struct decodes `continuation_token`.
    var decodesErrorToken: Bool {
        switch self {
        case .signUpStart, .signUpContinue, .token, .resetPasswordContinue: true
        default: false
        }
    }

    /// Whether `invalid_attributes` / `unverified_attributes` are decoded.
    var decodesAttributeLists: Bool { self == .signUpStart || self == .signUpContinue }

    /// Whether `required_attributes` is decoded.
    var decodesRequiredAttributes: Bool { self == .signUpContinue }

    /// Whether `target` is decoded (reset-password errors).
    var decodesTarget: Bool {
        switch self {
        case .resetPasswordStart, .resetPasswordChallenge, .resetPasswordContinue, .resetPasswordSubmit,
            .resetPasswordPollCompletion:
            true
        default: false
        }
    }
}
