import Foundation

/// The one error type of the V2 flows (spec native-auth-v2 §3.1): a kind and its `is…` flags.
public final class MSALNativeAuthFlowError: MSALNativeAuthError, @unchecked Sendable {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The delegate does not adopt the per-state protocol the flow needed.
        case notImplemented
        case userNotFound
        case invalidCode
        case invalidPassword
        /// A wrong password outside `submitPassword`, MSAL iOS 2.16–2.17 only (spec §3.1, §3.3 r2); removed
        /// in 2.18.1, which reports it as `invalidPassword` (§3.5).
        case invalidCredentials
        case invalidChallenge
        case invalidUsername
        case userAlreadyExists
        case invalidAttributes
        /// The flow must finish in a browser (web fallback, §1.7); no URL is given.
        case browserRequired
        case generalError
    }

    /// The error's kind.
    public let kind: Kind

    init(_ kind: Kind, message: String? = nil, correlationId: UUID, errorCodes: [Int] = []) {
        self.kind = kind
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: nil)
    }

    public var isNotImplemented: Bool { kind == .notImplemented }
    public var isUserNotFound: Bool { kind == .userNotFound }
    public var isInvalidCode: Bool { kind == .invalidCode }
    /// A wrong password at sign-in (2.18.1 folds `isInvalidCredentials` in here) or one failing policy.
    public var isInvalidPassword: Bool { kind == .invalidPassword }
    /// A wrong password reported under ``MSALNativeAuthV2Profile/iOS_2_17`` (never under 2.18.1, which
    /// removed the flag, spec §3.5).
    public var isInvalidCredentials: Bool { kind == .invalidCredentials }
    public var isInvalidChallenge: Bool { kind == .invalidChallenge }
    public var isInvalidUsername: Bool { kind == .invalidUsername }
    public var isUserAlreadyExists: Bool { kind == .userAlreadyExists }
    public var isInvalidAttributes: Bool { kind == .invalidAttributes }
    public var isBrowserRequired: Bool { kind == .browserRequired }
    public var isGeneralError: Bool { kind == .generalError }

    override var typeName: String { kind.rawValue }
    override var defaultMessage: String {
        kind == .notImplemented ? "A delegate method needed by this flow is not implemented" : super.defaultMessage
    }
}

/// Where a V2 callback comes from (spec §3.1).
public enum MSALNativeAuthFlowScenario: String, Sendable, Hashable, CaseIterable {
    case unknown
    case signUp
    case signIn
    case passwordReset
}
