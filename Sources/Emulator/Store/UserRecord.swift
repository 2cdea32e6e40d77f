/// A user account held by the emulator (seeded, signed up, or loaded from the store file).
struct UserRecord: Sendable, Codable, Equatable {
    /// Object id (`oid`, `uid`).
    var id: String
    var email: String
    var alias: String?
    var password: String?
    /// Previous passwords, newest first (for `password_recently_used`).
    var passwordHistory: [String] = []
    var displayName: String?
    var attributes: [String: String] = [:]
    var mfaRequired: Bool = false
    var methods: [MethodRecord] = []

    struct MethodRecord: Sendable, Codable, Equatable {
        var id: String
        var channel: String
        var target: String
        var blocked: Bool = false
        var highRisk: Bool = false
    }

    /// Whether the primary method is email with password.
    var hasPassword: Bool { password != nil }
}

/// A code the emulator "sent"; kept in the outbox so an operator can finish a flow by hand.
public struct OutboxEntry: Sendable, Equatable {
    /// Sequence number (1, 2, ...).
    public var sequence: Int
    /// When the code was sent.
    public var sentAt: Double
    /// The email address or phone number the code went to.
    public var recipient: String
    /// The account's email (the recipient may be a second-factor contact).
    public var userEmail: String
    /// `email` or `sms`.
    public var channel: String
    /// `signUp`, `signIn`, `resetPassword`, `mfa` or `registration`.
    public var purpose: String
    /// The one-time code.
    public var code: String
}

/// A one-time code waiting to be submitted.
struct PendingCode: Sendable {
    var code: String
    var channel: String
    var target: String
    var expiresAt: Double
    var wrongAttempts: Int = 0
}

/// Server-side state of one flow, keyed by the flow id inside its continuation tokens.
struct FlowState: Sendable {
    var expiresAt: Double
    /// Sign-up: the new account's email. Other flows: the user's email.
    var username: String
    var userID: String?
    /// Sign-up: password collected so far.
    var password: String?
    /// Sign-up: attributes collected so far.
    var attributes: [String: String] = [:]
    /// Sign-up / reset: the email was verified with a code.
    var verified = false
    var code: PendingCode?
    /// Reset: polls still answered `in_progress`.
    var pollsRemaining = 0
    /// Reset: the submitted password, applied when polling completes.
    var newPassword: String?
    /// Registration: the contact being registered.
    var registrationChannel: String?
    var registrationTarget: String?
    /// Whether tokens (or the account) were already issued from this flow.
    var finished = false
}

/// A refresh token the emulator issued.
struct RefreshGrant: Sendable {
    var userID: String
    var clientID: String
    var scope: String
    var expiresAt: Double
}
