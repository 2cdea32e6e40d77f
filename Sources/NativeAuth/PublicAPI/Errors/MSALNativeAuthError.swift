import Foundation

/// Base of every native-auth error: a message, the flow's correlation id and the server's codes.
/// The type of each subclass is internal; apps read it through the `is…` properties.
public class MSALNativeAuthError: Error, LocalizedError, CustomStringConvertible, @unchecked Sendable {
    let message: String?
    /// The correlation id of the flow that failed.
    public let correlationId: UUID
    /// The server's `error_codes`.
    public let errorCodes: [Int]
    /// The server's `error_uri`.
    public let errorUri: String?

    init(message: String?, correlationId: UUID, errorCodes: [Int], errorUri: String?) {
        self.message = message
        self.correlationId = correlationId
        self.errorCodes = errorCodes
        self.errorUri = errorUri
    }

    /// The message: the server's or MSAL's, else the default text of the error type.
    public var errorDescription: String? { message ?? defaultMessage }

    /// `<ErrorClass>.<type>: <description>`.
    public var description: String { "\(outcomeName): \(errorDescription ?? "")" }

    var defaultMessage: String { DefaultErrorText.text(for: typeName) }
    var typeName: String { "generalError" }
    var className: String { TypeNames.name(of: Swift.type(of: self)) }

    /// `<ErrorClass>.<type>`, as in an ``Outcome``.
    public var outcomeName: String { "\(className).\(typeName)" }
}

/// The per-type default texts (client-behaviour.md §4).
enum DefaultErrorText {
    static func text(for type: String) -> String {
        switch type {
        case "browserRequired": "Browser required. Use acquireTokenInteractively instead"
        case "userAlreadyExists": "User already exists"
        case "invalidPassword": "Invalid password"
        case "invalidUsername": "Invalid username"
        case "invalidAttributes": "Invalid attributes"
        case "userNotFound": "User does not exist"
        case "invalidCredentials": "Invalid credentials"
        case "userDoesNotHavePassword": "User does not have password associated with account"
        case "invalidCode": "Invalid code"
        case "refreshTokenExpired": "Refresh token is expired"
        case "invalidScope": "Invalid scope"
        case "authMethodBlocked":
            "The server blocked the strong authentication method; choose another method or try again later"
        case "invalidChallenge": "Invalid challenge"
        case "invalidInput": "Invalid input"
        case "verificationContactBlocked": "The server blocked the verification contact; use a different one"
        default: "General error"
        }
    }
}

/// Base of the errors that are only browser-required or general.
public class MSALNativeAuthGenericError: MSALNativeAuthError, @unchecked Sendable {
    enum ErrorType: String, Sendable { case browserRequired, generalError }
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
    override var typeName: String { type.rawValue }
}

/// `SignUpAttributesRequiredDelegate` errors.
public final class AttributesRequiredError: MSALNativeAuthGenericError, @unchecked Sendable {}
/// Resend-code errors of every flow.
public final class ResendCodeError: MSALNativeAuthGenericError, @unchecked Sendable {}
/// Errors of the sign-in after sign-up.
public final class SignInAfterSignUpError: MSALNativeAuthGenericError, @unchecked Sendable {}
/// Errors of the sign-in after password reset.
public final class SignInAfterResetPasswordError: MSALNativeAuthGenericError, @unchecked Sendable {}

/// Message, codes and uri an error is built from.
struct ErrorInfo: Sendable, Hashable {
    var message: String?
    var codes: [Int] = []
    var uri: String?

    /// No message: the type's default text is shown.
    static let none = ErrorInfo(message: nil)
    static let unexpectedBody = ErrorInfo(message: "Unexpected response body received")
    static let unexpectedChallengeType = ErrorInfo(message: "Unexpected challenge type")

    /// The server's description, codes and uri.
    static func api(_ body: APIErrorBody) -> ErrorInfo {
        ErrorInfo(message: body.errorDescription, codes: body.errorCodes, uri: body.errorURI)
    }

    /// MSAL's unexpectedError: the server's description for an unknown error string, else the fixed text.
    static func unexpected(_ reason: UnexpectedReason) -> ErrorInfo {
        if let body = reason.apiError { return .api(body) }
        return ErrorInfo(message: reason.message)
    }

    static func message(_ text: String?) -> ErrorInfo { ErrorInfo(message: text) }

    /// The same codes and uri with the message dropped.
    var withoutMessage: ErrorInfo { ErrorInfo(message: nil, codes: codes, uri: uri) }
}
