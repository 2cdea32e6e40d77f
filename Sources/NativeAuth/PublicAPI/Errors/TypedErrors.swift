import Foundation

/// `signUp` start errors.
public final class SignUpStartError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case browserRequired, userAlreadyExists, invalidPassword, invalidUsername, invalidAttributes, generalError }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    /// An account (or alias) with this username exists.
    public var isUserAlreadyExists: Bool { type == .userAlreadyExists }
    /// The password breaks the policy or is wrong.
    public var isInvalidPassword: Bool { type == .invalidPassword }
    /// The username is empty or not valid.
    public var isInvalidUsername: Bool { type == .invalidUsername }
    /// An attribute value (for example the `flatusername` alias) was rejected.
    public var isInvalidAttributes: Bool { type == .invalidAttributes }
    override var typeName: String { type.rawValue }
}

/// `signIn` start errors.
public final class SignInStartError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case browserRequired, userNotFound, invalidCredentials, invalidUsername, generalError }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    /// No such user.
    public var isUserNotFound: Bool { type == .userNotFound }
    /// Wrong username or password.
    public var isInvalidCredentials: Bool { type == .invalidCredentials }
    /// The username is empty or not valid.
    public var isInvalidUsername: Bool { type == .invalidUsername }
    override var typeName: String { type.rawValue }
}

/// `resetPassword` start errors.
public final class ResetPasswordStartError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case browserRequired, userDoesNotHavePassword, userNotFound, invalidUsername, generalError }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    /// The account has no password (one-time-code only).
    public var isUserDoesNotHavePassword: Bool { type == .userDoesNotHavePassword }
    /// No such user.
    public var isUserNotFound: Bool { type == .userNotFound }
    /// The username is empty or not valid.
    public var isInvalidUsername: Bool { type == .invalidUsername }
    override var typeName: String { type.rawValue }
}

/// Code submission errors of every flow.
public final class VerifyCodeError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case browserRequired, invalidCode, generalError }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    /// The code is wrong or empty.
    public var isInvalidCode: Bool { type == .invalidCode }
    override var typeName: String { type.rawValue }
}

/// Password submission errors of every flow.
public final class PasswordRequiredError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case browserRequired, invalidPassword, generalError }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    /// The password breaks the policy or is wrong.
    public var isInvalidPassword: Bool { type == .invalidPassword }
    override var typeName: String { type.rawValue }
}

/// `getAccessToken` errors (only generalError is emitted, as in MSAL 2.13).
public final class RetrieveAccessTokenError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case browserRequired, refreshTokenExpired, generalError, invalidScope }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    /// The refresh token expired.
    public var isRefreshTokenExpired: Bool { type == .refreshTokenExpired }
    /// A scope was rejected.
    public var isInvalidScope: Bool { type == .invalidScope }
    override var typeName: String { type.rawValue }
}

/// MFA request-challenge errors.
public final class MFARequestChallengeError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case authMethodBlocked, browserRequired, generalError }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The strong-auth method is blocked.
    public var isAuthMethodBlocked: Bool { type == .authMethodBlocked }
    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    override var typeName: String { type.rawValue }
}

/// MFA submit-challenge errors.
public final class MFASubmitChallengeError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case invalidChallenge, browserRequired, generalError }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The challenge value is wrong or empty.
    public var isInvalidChallenge: Bool { type == .invalidChallenge }
    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    override var typeName: String { type.rawValue }
}

/// Strong-auth registration challenge errors.
public final class RegisterStrongAuthChallengeError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case browserRequired, invalidInput, verificationContactBlocked, generalError }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    /// The verification contact is empty or not valid.
    public var isInvalidInput: Bool { type == .invalidInput }
    /// The verification contact is blocked.
    public var isVerificationContactBlocked: Bool { type == .verificationContactBlocked }
    override var typeName: String { type.rawValue }
}

/// Strong-auth registration submit errors.
public final class RegisterStrongAuthSubmitChallengeError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case browserRequired, invalidChallenge, generalError }
    let type: ErrorType

    init(type: ErrorType, message: String? = nil, correlationId: UUID, errorCodes: [Int] = [], errorUri: String? = nil) {
        self.type = type
        super.init(message: message, correlationId: correlationId, errorCodes: errorCodes, errorUri: errorUri)
    }

    convenience init(type: ErrorType, _ info: ErrorInfo, correlationId: UUID) {
        self.init(type: type, message: info.message, correlationId: correlationId, errorCodes: info.codes,
                  errorUri: info.uri)
    }

    /// The server asked for the browser (`challenge_type=redirect`).
    public var isBrowserRequired: Bool { type == .browserRequired }
    /// The challenge value is wrong or empty.
    public var isInvalidChallenge: Bool { type == .invalidChallenge }
    override var typeName: String { type.rawValue }
}
