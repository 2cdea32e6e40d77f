/// MSAL iOS V2 names as the oracle writes outcomes (spec native-auth-v2 §3.1): callbacks, the one error
/// class with its kinds, state classes.
enum V2Names {
    static let flowError = "onFlowError"
    static let completed = "onFlowCompleted"

    static let codeRequired = ("onCodeRequired", "MSALNativeAuthCodeRequiredState")
    static let passwordRequired = ("onPasswordRequired", "MSALNativeAuthPasswordRequiredState")
    static let selection = ("onAuthMethodSelectionRequired", "MSALNativeAuthAuthMethodSelectionRequiredState")
    static let mfaVerification = ("onMFAVerificationRequired", "MSALNativeAuthMFAVerificationRequiredState")
    static let attributesRequired = ("onAttributesRequired", "MSALNativeAuthAttributesRequiredState")
    static let afterSignUp = ("onSignInAfterSignUpRequired", "MSALNativeAuthSignInAfterSignUpState")
    static let newPassword = ("onNewPasswordRequired", "MSALNativeAuthNewPasswordRequiredState")
    static let afterReset = ("onSignInAfterResetPasswordRequired", "MSALNativeAuthSignInAfterResetPasswordState")

    /// `MSALNativeAuthFlowError.<kind>`.
    static func error(_ kind: String) -> String { "MSALNativeAuthFlowError.\(kind)" }
}

/// The requests of spec §1.2 as the table names them.
enum V2Requests {
    static let signInStart = V2Request.link("sign_in")
    static let signUpStart = V2Request.link("sign_up")
    static let resetStart = V2Request.link("reset_password")
    static let challenge = V2Request.link("challenge")
    static let resend = V2Request.link("resend")
    static let verify = V2Request.link("verify")
    static let submitAttributes = V2Request.link("submitAttributes")
    static let update = V2Request.link("update")
    static let poll = V2Request.link("poll")
    static let riskVerify = V2Request.link("riskverify")
    /// K rows judge the answer to any request.
    static let any = V2Request.link("*")
}

/// Expectation literals for the rows.
enum V2Expect {
    /// `onFlowError` with this kind, no state.
    static func fails(_ kind: String) -> V2Expectation {
        .outcome(ExpectedOutcome(callback: V2Names.flowError, error: V2Names.error(kind)))
    }

    static let generalError = fails("generalError")

    /// A callback handing over a state that holds the answer's token.
    static func state(_ names: (String, String)) -> V2Expectation {
        .outcome(ExpectedOutcome(callback: names.0, newState: names.1, newStateToken: .fromResponse))
    }

    static let completed = V2Expectation.outcome(ExpectedOutcome(callback: V2Names.completed))

    static func go(_ request: V2Request) -> V2Expectation { .proceed(to: request) }
}

/// How §3.3 r2 maps an error body (iOS-I: exact camelCase pairs, anything else generalError). Each
/// "error ⇒ mapped" row of §3.4 is split into one row per kind, suffixed with the kind's letter.
enum V2MappedError: String, CaseIterable, Sendable {
    case invalidCode = "a"
    case passwordTooWeak = "b"
    case wrongPassword = "c"
    case userNotFound = "d"
    case other = "e"

    init(_ error: V2OracleAnswer.ErrorBody) {
        switch (error.code, error.innerCode) {
        case ("invalidGrant", "invalidOneTimeCode"): self = .invalidCode
        case ("invalidRequest", "passwordTooWeak"): self = .passwordTooWeak
        case ("invalidGrant", "invalidUserNameOrPassword"): self = .wrongPassword
        case ("invalidRequest", _) where error.message?.contains("AADSTS50034") == true: self = .userNotFound
        default: self = .other
        }
    }

    var answer: String {
        switch self {
        case .invalidCode: "`invalidGrant` + `invalidOneTimeCode`"
        case .passwordTooWeak: "`invalidRequest` + `passwordTooWeak`"
        case .wrongPassword: "`invalidGrant` + `invalidUserNameOrPassword`"
        case .userNotFound: "`invalidRequest` + AADSTS50034 in the message"
        case .other: "of another kind"
        }
    }

    func expectation(_ profile: V2OracleProfile) -> V2Expectation {
        switch self {
        case .invalidCode: V2Expect.fails("invalidCode")
        case .passwordTooWeak: V2Expect.fails("invalidPassword")
        case .wrongPassword: V2Expect.fails(profile.wrongPasswordIsInvalidPassword ? "invalidPassword" : "invalidCredentials")
        case .userNotFound: V2Expect.fails("userNotFound")
        case .other: V2Expect.generalError
        }
    }

    /// The rows `<prefix><letter>` for every kind not in `except`.
    static func rows(
        _ prefix: String, _ request: V2Request, _ situation: String, source: String, profile: V2OracleProfile,
        except: Set<V2MappedError> = [], uncertain: Bool = false
    ) -> [V2Row] {
        allCases.filter { !except.contains($0) }.map { kind in
            V2Row(
                id: prefix + kind.rawValue, request: request,
                answer: kind == .other ? "\(situation): any other error (§3.3 r2)" : "\(situation): error \(kind.answer) (§3.3 r2)",
                expectation: kind.expectation(profile), source: source, uncertain: uncertain)
        }
    }
}
