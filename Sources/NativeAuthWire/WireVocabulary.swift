/// A string value of the wire vocabulary that keeps unknown values intact.
///
/// Conforming types are structs over their raw string with the documented values as static constants, so a
/// value the server invents (or a fuzzer mutates) survives decoding and can be told apart with ``isKnown``.
public protocol WireStringValue: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
where RawValue == String {
    /// Creates the value from its wire spelling.
    init(_ rawValue: String)
    /// Every value documented in the spec.
    static var known: [Self] { get }
}

extension WireStringValue {
    /// Creates the value from its wire form.
    public init(rawValue: String) { self.init(rawValue) }
    /// Creates the value from its parts.
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { rawValue }
    /// Whether this value is one the spec documents.
    public var isKnown: Bool { Self.known.contains(self) }

    /// Creates the value from its parts.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A `grant_type` value (spec §4.3, §4.7, §4.10, §4.13).
public struct WireGrantType: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `password`: sign-in with password (token) or password submission (signup/continue).
    public static let password: Self = "password"
    /// `oob`: one-time code (token, signup/continue, register/continue, resetpassword/continue).
    public static let oob: Self = "oob"
    /// `continuation_token`: sign-in after sign-up / reset / registration, or register/continue after `preverified`.
    public static let continuationToken: Self = "continuation_token"
    /// `mfa_oob`: the second-factor code on the token endpoint (servers also accept `oob` there).
    public static let mfaOOB: Self = "mfa_oob"
    /// `refresh_token`: standard OAuth refresh.
    public static let refreshToken: Self = "refresh_token"
    /// `attributes`: attribute submission on signup/continue.
    public static let attributes: Self = "attributes"
    /// `passwordless_otp`: present in the iOS enum only, never sent.
    public static let passwordlessOTP: Self = "passwordless_otp"

    public static let known: [Self] = [
        .password, .oob, .continuationToken, .mfaOOB, .refreshToken, .attributes, .passwordlessOTP,
    ]
}

/// A `challenge_type` value (spec §2.6). Requests send a space-separated list (``WireChallengeTypes``);
/// responses carry one value.
///
/// The V1 API has no `otp` challenge type (one-time codes are `oob`).
public struct WireChallengeType: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `oob`: a one-time code over a secondary channel (email, SMS).
    public static let oob: Self = "oob"
    /// `password`.
    public static let password: Self = "password"
    /// `redirect`: browser required (web fallback, §2.4); must always be in the request list.
    public static let redirect: Self = "redirect"
    /// `preverified`: response-only, on `/register/v1.0/challenge` when the contact is already verified.
    public static let preverified: Self = "preverified"

    public static let known: [Self] = [.oob, .password, .redirect, .preverified]
    /// The values a client may put in a request list.
    public static let requestable: [Self] = [.oob, .password, .redirect]
}

/// A `challenge_channel` value (spec §4): where a one-time code is sent. Unknown values survive decoding.
public struct WireChallengeChannel: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `email`.
    public static let email: Self = "email"
    /// `sms`.
    public static let sms: Self = "sms"

    public static let known: [Self] = [.email, .sms]
}

/// A `status` of `/resetpassword/v1.0/poll_completion` (spec §4.15). Unknown values survive decoding.
public struct WirePollStatus: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `succeeded`: the new password is set; the body has a continuation token for sign-in.
    public static let succeeded: Self = "succeeded"
    /// `in_progress`: poll again.
    public static let inProgress: Self = "in_progress"
    /// `not_started`: poll again.
    public static let notStarted: Self = "not_started"
    /// `failed`: the reset failed.
    public static let failed: Self = "failed"

    public static let known: [Self] = [.succeeded, .inProgress, .notStarted, .failed]
}

/// A space-separated `challenge_type` list as sent in requests, order kept (e.g. `oob password redirect`).
public struct WireChallengeTypes: Hashable, Sendable, Codable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The members in the order they were sent, duplicates kept.
    public var values: [WireChallengeType]

    /// Creates the value from its parts.
    public init(_ values: [WireChallengeType]) { self.values = values }
    /// Creates the value from its parts.
    public init(arrayLiteral elements: WireChallengeType...) { self.values = elements }

    /// Parses a list: members are separated by one or more spaces (a decoded `+`); empty members are skipped.
    public init(parsing value: String) {
        values = value.split(separator: " ", omittingEmptySubsequences: true).map { WireChallengeType(String($0)) }
    }

    /// The form value: members joined with one space.
    public var formValue: String { values.map(\.rawValue).joined(separator: " ") }
    public var description: String { formValue }
    /// Whether `type` is in the list.
    public func contains(_ type: WireChallengeType) -> Bool { values.contains(type) }
    /// Members that are not requestable challenge types (`oob`, `password`, `redirect`).
    public var unknownValues: [WireChallengeType] {
        values.filter { !WireChallengeType.requestable.contains($0) }
    }
}
