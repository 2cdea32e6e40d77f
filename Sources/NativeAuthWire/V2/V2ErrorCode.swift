/// An outer `error.code` or an `innerError.code` of the V2 error envelope (spec native-auth-v2 §1.6).
///
/// The service's casing is uncertain (§6 q1): the Learn pages, iOS and most fixtures use camelCase, one
/// Android test version snake_case. ``rawValue`` is the camelCase spelling; ``snakeCase`` the other one.
public struct V2ErrorCode: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    // Outer codes.
    public static let invalidGrant: Self = "invalidGrant"
    public static let invalidRequest: Self = "invalidRequest"
    public static let serverError: Self = "serverError"
    /// Web fallback as an error (spec §1.7); snake_case in every source.
    public static let redirectToWeb: Self = "redirect_to_web"
    /// Android 8.7.0's web-fallback inner code next to `invalid_grant`.
    public static let webRedirectRequired: Self = "web_redirect_required"
    // Inner codes.
    public static let invalidOneTimeCode: Self = "invalidOneTimeCode"
    public static let invalidUserNameOrPassword: Self = "invalidUserNameOrPassword"
    public static let passwordTooWeak: Self = "passwordTooWeak"
    public static let passwordTooShort: Self = "passwordTooShort"
    public static let passwordTooLong: Self = "passwordTooLong"
    public static let passwordIsInvalid: Self = "passwordIsInvalid"
    public static let passwordRecentlyUsed: Self = "passwordRecentlyUsed"
    public static let passwordBanned: Self = "passwordBanned"
    public static let attributeValidationError: Self = "attributeValidationError"
    public static let invalidContinuationToken: Self = "invalidContinuationToken"
    // `innerError.details[].code` values.
    public static let attributeRequired: Self = "attributeRequired"
    public static let attributeInvalid: Self = "attributeInvalid"
    public static let passwordPolicyViolation: Self = "passwordPolicyViolation"
    public static let userAlreadyExists: Self = "userAlreadyExists"

    public static let known: [Self] = [
        .invalidGrant, .invalidRequest, .serverError, .redirectToWeb, .webRedirectRequired, .invalidOneTimeCode,
        .invalidUserNameOrPassword, .passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordIsInvalid,
        .passwordRecentlyUsed, .passwordBanned, .attributeValidationError, .invalidContinuationToken,
        .attributeRequired, .attributeInvalid, .passwordPolicyViolation, .userAlreadyExists,
    ]

    /// The snake_case spelling; where the Android test shows another word, that word
    /// (`invalidOneTimeCode` → `invalid_oob_value`, `invalidUserNameOrPassword` → `invalid_username_or_password`).
    public var snakeCase: String {
        switch self {
        case .invalidOneTimeCode: return "invalid_oob_value"
        case .invalidUserNameOrPassword: return "invalid_username_or_password"
        default: break
        }
        var out = ""
        for character in rawValue {
            if character.isUppercase {
                out += "_" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}

/// AADSTS numbers of the V2 error rows (spec §1.6); clients scrape them from `error.message`.
public enum V2AADSTS {
    public static let invalidOneTimeCode = 50184
    public static let invalidCredentials = 50126
    public static let passwordTooWeak = 120002
    public static let userNotFound = 50034
    public static let attributeValidation = 1_002_027
    public static let userAlreadyExists = 1_003_037
    public static let invalidParameter = 90100
}
