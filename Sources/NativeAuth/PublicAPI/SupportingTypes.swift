import Foundation
import NativeAuthWire

/// The channel a code was sent over (`challenge_channel`).
public final class MSALNativeAuthChannelType: Sendable, Hashable, CustomStringConvertible {
    /// The raw channel value, e.g. `email`.
    public let value: String
    /// Creates a channel type.
    public init(value: String) { self.value = value }
    /// `value` is `email` (case-insensitive).
    public var isEmailType: Bool { value.caseInsensitiveCompare(WireChallengeChannel.email.rawValue) == .orderedSame }
    /// `value` is `sms` (case-insensitive).
    public var isSMSType: Bool { value.caseInsensitiveCompare(WireChallengeChannel.sms.rawValue) == .orderedSame }
    /// The raw value.
    public var description: String { value }
    public static func == (lhs: MSALNativeAuthChannelType, rhs: MSALNativeAuthChannelType) -> Bool {
        lhs.value == rhs.value
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// An attribute the server requires before the account can be created (`required_attributes`).
public final class MSALNativeAuthRequiredAttribute: Sendable, Hashable {
    /// Programmatic name, e.g. `postalCode`.
    public let name: String
    /// Type, e.g. `string`.
    public let type: String
    /// Whether it is mandatory.
    public let required: Bool
    /// The server's `options.regex`, if any.
    public let regex: String?

    /// Creates a required attribute.
    public init(name: String, type: String, required: Bool, regex: String? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.regex = regex
    }

    convenience init(_ wire: RequiredAttributeWire) {
        self.init(name: wire.name, type: wire.type, required: wire.required, regex: wire.regex)
    }

    public static func == (lhs: MSALNativeAuthRequiredAttribute, rhs: MSALNativeAuthRequiredAttribute) -> Bool {
        (lhs.name, lhs.type, lhs.required, lhs.regex) == (rhs.name, rhs.type, rhs.required, rhs.regex)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A strong-auth method from an introspect answer.
public final class MSALAuthMethod: Sendable, Hashable {
    /// The method id sent back as `id` (MFA) or used for registration.
    public let id: String
    /// The method's `challenge_type`.
    public let challengeType: String
    /// The method's channel.
    public let channelTargetType: MSALNativeAuthChannelType
    /// A masked contact, if the server gave one.
    public let loginHint: String?

    /// Creates an auth method.
    public init(id: String, challengeType: String, channelTargetType: MSALNativeAuthChannelType, loginHint: String?) {
        self.id = id
        self.challengeType = challengeType
        self.channelTargetType = channelTargetType
        self.loginHint = loginHint
    }

    convenience init(_ wire: AuthMethodWire) {
        self.init(
            id: wire.id, challengeType: wire.challengeType,
            channelTargetType: MSALNativeAuthChannelType(value: wire.challengeChannel), loginHint: wire.loginHint)
    }

    public static func == (lhs: MSALAuthMethod, rhs: MSALAuthMethod) -> Bool {
        lhs.id == rhs.id && lhs.challengeType == rhs.challengeType && lhs.channelTargetType == rhs.channelTargetType
            && lhs.loginHint == rhs.loginHint
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A signed-in account.
public final class MSALAccount: Sendable {
    /// The username (`preferred_username`, else `sub`, else the username used to sign in).
    public let username: String?
    /// `uid.utid` from `client_info`.
    public let identifier: String?
    /// The authority host.
    public let environment: String
    /// The tenant id.
    public let tenantId: String?
    /// The id-token claims that are strings.
    public let accountClaims: [String: String]

    init(_ set: TokenSet) {
        username = set.username
        identifier = set.homeAccountId
        environment = set.environment
        tenantId = set.tenantId
        accountClaims = set.claims
    }
}

/// An access token handed to the app.
public final class MSALNativeAuthTokenResult: Sendable {
    /// The access token.
    public let accessToken: String
    /// The refresh token, only when `returnRefreshToken` was set.
    public let refreshToken: String?
    /// The granted scopes.
    public let scopes: [String]
    /// Expiry.
    public let expiresOn: Date?
    /// The correlation id of the call.
    public let correlationId: UUID

    init(accessToken: String, refreshToken: String?, scopes: [String], expiresOn: Date?, correlationId: UUID) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.scopes = scopes
        self.expiresOn = expiresOn
        self.correlationId = correlationId
    }
}

/// `onRegisterStrongAuthVerificationRequired`'s payload.
public final class MSALNativeAuthRegisterStrongAuthVerificationRequiredResult: Sendable {
    /// The state to submit the code on.
    public let newState: RegisterStrongAuthVerificationRequiredState
    /// Where the code went (`challenge_target`).
    public let sentTo: String
    /// The channel.
    public let channelTargetType: MSALNativeAuthChannelType
    /// The code length.
    public let codeLength: Int

    init(newState: RegisterStrongAuthVerificationRequiredState, sentTo: String,
         channelTargetType: MSALNativeAuthChannelType, codeLength: Int) {
        self.newState = newState
        self.sentTo = sentTo
        self.channelTargetType = channelTargetType
        self.codeLength = codeLength
    }
}

/// A claims request, sent as the `claims` JSON string.
public final class MSALClaimsRequest: Sendable {
    private let json: String
    /// Creates a claims request from its JSON text; throws when it is not a JSON object.
    public init(jsonString: String) throws {
        guard JSONValue.object(from: Data(jsonString.utf8)) != nil else {
            throw NativeAuthUsageError("claims request is not a JSON object")
        }
        json = jsonString
    }
    /// The JSON text.
    public func jsonString() -> String { json }
}

/// A misuse of the API detected before any request (bad configuration, bad claims JSON).
public struct NativeAuthUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
