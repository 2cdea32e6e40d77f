/// An OAuth-style `error` value of a 400 body (spec §6.1). Unknown values survive decoding.
public struct WireErrorCode: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `invalid_request`: any endpoint.
    public static let invalidRequest: Self = "invalid_request"
    /// `invalid_client` (+ suberror `nativeauthapi_disabled`).
    public static let invalidClient: Self = "invalid_client"
    /// `unauthorized_client`.
    public static let unauthorizedClient: Self = "unauthorized_client"
    /// `unsupported_challenge_type`.
    public static let unsupportedChallengeType: Self = "unsupported_challenge_type"
    /// `user_already_exists`.
    public static let userAlreadyExists: Self = "user_already_exists"
    /// `user_not_found`.
    public static let userNotFound: Self = "user_not_found"
    /// `invalid_grant`.
    public static let invalidGrant: Self = "invalid_grant"
    /// `expired_token`.
    public static let expiredToken: Self = "expired_token"
    /// `expired_refresh_token`.
    public static let expiredRefreshToken: Self = "expired_refresh_token"
    /// `credential_required` (signup/continue; body has a continuation token).
    public static let credentialRequired: Self = "credential_required"
    /// `attributes_required` (body has a continuation token and `required_attributes`).
    public static let attributesRequired: Self = "attributes_required"
    /// `verification_required` (body has a continuation token and `unverified_attributes`).
    public static let verificationRequired: Self = "verification_required"
    /// `unsupported_auth_method` (signup/start).
    public static let unsupportedAuthMethod: Self = "unsupported_auth_method"
    /// `auth_not_supported`: Android's alternative spelling of `unsupported_auth_method`.
    public static let authNotSupported: Self = "auth_not_supported"
    /// `invalid_scope`.
    public static let invalidScope: Self = "invalid_scope"
    /// `unsupported_grant_type`.
    public static let unsupportedGrantType: Self = "unsupported_grant_type"
    /// `authorization_pending`.
    public static let authorizationPending: Self = "authorization_pending"
    /// `slow_down`.
    public static let slowDown: Self = "slow_down"
    /// `access_denied` (+ `provider_blocked_by_rep` / `provider_blocked_by_admin`).
    public static let accessDenied: Self = "access_denied"
    /// `server_error` (introspect, docs).
    public static let serverError: Self = "server_error"

    public static let known: [Self] = [
        .invalidRequest, .invalidClient, .unauthorizedClient, .unsupportedChallengeType, .userAlreadyExists,
        .userNotFound, .invalidGrant, .expiredToken, .expiredRefreshToken, .credentialRequired,
        .attributesRequired, .verificationRequired, .unsupportedAuthMethod, .authNotSupported, .invalidScope,
        .unsupportedGrantType, .authorizationPending, .slowDown, .accessDenied, .serverError,
    ]
}

/// A `suberror` value (spec §6.2). Unknown values survive decoding.
public struct WireSuberror: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `password_too_weak`.
    public static let passwordTooWeak: Self = "password_too_weak"
    /// `password_too_short` (fewer than 8 characters).
    public static let passwordTooShort: Self = "password_too_short"
    /// `password_too_long` (more than 256 characters).
    public static let passwordTooLong: Self = "password_too_long"
    /// `password_recently_used`.
    public static let passwordRecentlyUsed: Self = "password_recently_used"
    /// `password_banned`.
    public static let passwordBanned: Self = "password_banned"
    /// `password_is_invalid`.
    public static let passwordIsInvalid: Self = "password_is_invalid"
    /// `attribute_validation_failed` (see `invalid_attributes`).
    public static let attributeValidationFailed: Self = "attribute_validation_failed"
    /// `invalid_oob_value`: wrong one-time code.
    public static let invalidOOBValue: Self = "invalid_oob_value"
    /// `mfa_required` (token; body has a continuation token).
    public static let mfaRequired: Self = "mfa_required"
    /// `registration_required` (token; body has a continuation token).
    public static let registrationRequired: Self = "registration_required"
    /// `introspect_required` (with `invalid_request` on `/oauth2/v2.0/challenge`).
    public static let introspectRequired: Self = "introspect_required"
    /// `provider_blocked_by_rep` (with `access_denied`).
    public static let providerBlockedByRep: Self = "provider_blocked_by_rep"
    /// `provider_blocked_by_admin` (with `access_denied` on register/challenge).
    public static let providerBlockedByAdmin: Self = "provider_blocked_by_admin"
    /// `nativeauthapi_disabled` (with `invalid_client`).
    public static let nativeAuthAPIDisabled: Self = "nativeauthapi_disabled"

    /// The six values MSAL iOS calls "any password error".
    public static let passwordErrors: [Self] = [
        .passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordRecentlyUsed, .passwordBanned,
        .passwordIsInvalid,
    ]

    /// Whether this is one of the six ``passwordErrors``.
    public var isPasswordError: Bool { Self.passwordErrors.contains(self) }

    public static let known: [Self] =
        passwordErrors + [
            .attributeValidationFailed, .invalidOOBValue, .mfaRequired, .registrationRequired, .introspectRequired,
            .providerBlockedByRep, .providerBlockedByAdmin, .nativeAuthAPIDisabled,
        ]
}

/// An Entra (AADSTS) numeric error code as found in `error_codes` (spec §6.3).
public struct AADSTSCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public let rawValue: Int
    /// Creates the value from its wire form.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Creates the value from its wire form.
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// Creates the value from its parts.
    public init(integerLiteral value: Int) { self.rawValue = value }
    /// `AADSTS` followed by the number, as error descriptions start.
    public var description: String { "AADSTS\(rawValue)" }

    /// Creates the value from its parts.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// 50034: user not found.
    public static let userNotFound: Self = 50034
    /// 50126: invalid username or password.
    public static let invalidCredentials: Self = 50126
    /// 500222: the user has no password (SSPR start).
    public static let userDoesNotHavePassword: Self = 500222
    /// 90100: invalid request parameter (username / client_id empty or not valid).
    public static let invalidRequestParameter: Self = 90100
    /// 50142: password reset required.
    public static let passwordResetRequired: Self = 50142
    /// 901001: invalid verification contact (register/challenge).
    public static let invalidVerificationContact: Self = 901001
    /// 550024: strong-auth method configuration blocked.
    public static let authMethodBlocked: Self = 550024
    /// 400002: invalid authentication type for the user.
    public static let invalidAuthenticationType: Self = 400002
    /// 50076: MFA required (refresh).
    public static let mfaRequiredOnRefresh: Self = 50076
    /// 1003037: user already exists.
    public static let userAlreadyExists: Self = 1_003_037
    /// 901007: `challenge_type` lacks `redirect`.
    public static let challengeTypeMissingRedirect: Self = 901007
    /// 55103: credential required.
    public static let credentialRequired: Self = 55103
    /// 55106: attributes required.
    public static let attributesRequired: Self = 55106
    /// 399246: new password too weak.
    public static let passwordTooWeak: Self = 399246
    /// 552003: continuation token expired.
    public static let continuationTokenExpired: Self = 552003
    /// 55200: continuation token invalid.
    public static let continuationTokenInvalid: Self = 55200
    /// 55000: invalid continuation token (SDK mock).
    public static let invalidContinuationTokenMock: Self = 55000
    /// 55112: expired token (SDK mock, JIT).
    public static let expiredTokenMock: Self = 55112

    /// Every code listed in spec §6.3.
    public static let known: [Self] = [
        .userNotFound, .invalidCredentials, .userDoesNotHavePassword, .invalidRequestParameter,
        .passwordResetRequired, .invalidVerificationContact, .authMethodBlocked, .invalidAuthenticationType,
        .mfaRequiredOnRefresh, .userAlreadyExists, .challengeTypeMissingRedirect, .credentialRequired,
        .attributesRequired, .passwordTooWeak, .continuationTokenExpired, .continuationTokenInvalid,
        .invalidContinuationTokenMock, .expiredTokenMock,
    ]
}

/// Exact `error_description` fragments the SDKs test for (spec §6.4).
public enum WireErrorDescription {
    /// With `invalid_request` + 90100 on signup/start: invalid username.
    public static let usernameInvalid = "username parameter is empty or not valid"
}
