import Foundation

/// Parameters of `signUp`.
public final class MSALNativeAuthSignUpParameters {
    /// The user's email.
    public var username: String
    /// The new password (email + password method); nil to be asked later or for one-time-code sign-up.
    public var password: String?
    /// Attributes, sent JSON-serialised (e.g. `["city": "Redmond", "flatusername": "johndoe"]`).
    public var attributes: [String: Any]?
    /// The correlation id; one is generated when nil.
    public var correlationId: UUID?
    /// Creates parameters for `username`.
    public init(username: String) { self.username = username }
}

/// Parameters of `signIn`.
public final class MSALNativeAuthSignInParameters {
    /// The user's email or alias.
    public var username: String
    /// The password, or nil for one-time code / to be asked later.
    public var password: String?
    /// Extra scopes (the OIDC defaults are always added).
    public var scopes: [String]?
    /// A claims request.
    public var claimsRequest: MSALClaimsRequest?
    /// The correlation id; one is generated when nil.
    public var correlationId: UUID?
    /// Creates parameters for `username`.
    public init(username: String) { self.username = username }
}

/// Parameters of `resetPassword`.
public final class MSALNativeAuthResetPasswordParameters {
    /// The user's email.
    public var username: String
    /// The correlation id; one is generated when nil.
    public var correlationId: UUID?
    /// Creates parameters for `username`.
    public init(username: String) { self.username = username }
}

/// Parameters of the sign-in after sign-up.
public final class MSALNativeAuthSignInAfterSignUpParameters {
    /// Extra scopes.
    public var scopes: [String]?
    /// A claims request.
    public var claimsRequest: MSALClaimsRequest?
    /// Creates empty parameters.
    public init() {}
}

/// Parameters of the sign-in after password reset.
public final class MSALNativeAuthSignInAfterResetPasswordParameters {
    /// Extra scopes.
    public var scopes: [String]?
    /// A claims request.
    public var claimsRequest: MSALClaimsRequest?
    /// Creates empty parameters.
    public init() {}
}

/// Parameters of `getAccessToken`.
public final class MSALNativeAuthGetAccessTokenParameters {
    /// Skip the cached access token and use the refresh token.
    public var forceRefresh = false
    /// Include the refresh token in the result.
    public var returnRefreshToken = false
    /// Scopes wanted (the OIDC defaults are always added).
    public var scopes: [String]?
    /// A claims request.
    public var claimsRequest: MSALClaimsRequest?
    /// The correlation id; one is generated when nil.
    public var correlationId: UUID?
    /// Creates default parameters.
    public init() {}
}

/// Parameters of `challengeAuthMethod` during strong-auth registration.
public final class MSALNativeAuthChallengeAuthMethodParameters {
    /// The method to register.
    public var authMethod: MSALAuthMethod
    /// The email address or phone number to verify.
    public var verificationContact: String
    /// Creates parameters.
    public init(authMethod: MSALAuthMethod, verificationContact: String) {
        self.authMethod = authMethod
        self.verificationContact = verificationContact
    }
}

enum AttributeSerialisation {
    /// Attributes as MSAL sends them: a JSON object in a string. nil when they cannot be serialised.
    static func json(_ attributes: [String: Any]) -> String? {
        guard JSONSerialization.isValidJSONObject(attributes),
            let data = try? JSONSerialization.data(withJSONObject: attributes, options: [.sortedKeys])
        else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
