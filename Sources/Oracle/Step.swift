/// The sign-in call that received a token `invalid_grant` + `mfa_required` / `registration_required`
/// and so triggers an introspect call; the introspect outcome depends on it (client-behaviour.md §5.2–5.3).
public enum SecondFactorContext: String, Sendable, Hashable, Codable, CaseIterable {
    /// `/token` with the password supplied to `signIn()` (§5.2 D).
    case signInPassword
    /// `SignInPasswordRequiredState.submitPassword` (§5.2 E).
    case signInSubmitPassword
    /// `SignInCodeRequiredState.submitCode` (§5.2 F).
    case signInSubmitCode
    /// `SignInAfterSignUpState.signIn` (§5.2 H).
    case signInAfterSignUp
    /// `SignInAfterResetPasswordState.signIn` (§5.2 H).
    case signInAfterResetPassword
    /// `MFARequiredState.submitChallenge` (§5.3).
    case mfaSubmitChallenge
    /// The `/token` after `RegisterStrongAuthVerificationRequiredState.submitChallenge` (§5.4): MSAL follows a
    /// second factor with an introspect, then reports any result but success as a general error.
    case registerSubmitToken
    /// The `/token` after a `preverified` registration challenge (§5.4 challengeAuthMethod row 2).
    case registerPreverifiedToken
}

/// One position of the client engine: a user action and the endpoint whose response is being judged.
///
/// Names follow client-behaviour.md §5; the raw value (``name``) is stable and used in reports.
public enum Step: Sendable, Hashable, CustomStringConvertible {
    // §5.1 sign-up
    case signUpStart, signUpStartChallenge, signUpResendCode, signUpSubmitCode
    case signUpCredentialChallenge, signUpSubmitPassword, signUpSubmitAttributes
    // §5.2 sign-in
    case signInInitiate, signInInitiateWithPassword, signInChallenge, signInChallengeWithPassword
    case signInPasswordToken, signInSubmitPassword, signInSubmitCode, signInResendCode
    case signInAfterSignUp, signInAfterResetPassword
    /// oauth2/v2.0/introspect after a token `mfa_required`.
    case mfaIntrospect(after: SecondFactorContext)
    /// register/v1.0/introspect after a token `registration_required`.
    case registerIntrospect(after: SecondFactorContext)
    // §5.3 MFA
    case mfaRequestChallenge, mfaSubmitChallenge
    // §5.4 JIT registration
    case registerChallenge, registerPreverifiedContinue, registerPreverifiedToken
    case registerSubmitChallenge, registerSubmitToken
    // §5.5 reset password
    case resetPasswordStart, resetPasswordStartChallenge, resetPasswordResendCode, resetPasswordSubmitCode
    case resetPasswordSubmit
    /// poll_completion while retries remain (calls 1 to 5).
    case resetPasswordPoll
    /// The last poll_completion call allowed (call 6): another `in_progress` ends the flow.
    case resetPasswordPollFinal
    // §5.9 credentials
    case getAccessToken

    /// Every step, each introspect step once per context.
    public static let allCases: [Step] = {
        let plain: [Step] = [
            .signUpStart, .signUpStartChallenge, .signUpResendCode, .signUpSubmitCode, .signUpCredentialChallenge,
            .signUpSubmitPassword, .signUpSubmitAttributes,
            .signInInitiate, .signInInitiateWithPassword, .signInChallenge, .signInChallengeWithPassword,
            .signInPasswordToken, .signInSubmitPassword, .signInSubmitCode, .signInResendCode,
            .signInAfterSignUp, .signInAfterResetPassword,
        ]
        let introspect = SecondFactorContext.allCases.flatMap { [Step.mfaIntrospect(after: $0), .registerIntrospect(after: $0)] }
        let rest: [Step] = [
            .mfaRequestChallenge, .mfaSubmitChallenge,
            .registerChallenge, .registerPreverifiedContinue, .registerPreverifiedToken,
            .registerSubmitChallenge, .registerSubmitToken,
            .resetPasswordStart, .resetPasswordStartChallenge, .resetPasswordResendCode, .resetPasswordSubmitCode,
            .resetPasswordSubmit, .resetPasswordPoll, .resetPasswordPollFinal,
            .getAccessToken,
        ]
        return plain + introspect + rest
    }()

    /// The total number of poll_completion calls MSAL iOS makes (1 + 5 retries, §6.4).
    public static let pollCallLimit = 6

    /// A stable name, e.g. `signUpSubmitCode` or `mfaIntrospect.signInSubmitPassword`.
    public var name: String { plainName }

    /// Finds a step by ``name``.
    public init?(name: String) {
        guard let step = Step.allCases.first(where: { $0.name == name }) else { return nil }
        self = step
    }

    public var description: String { name }

    /// The endpoint path suffix this step's request goes to, e.g. `/signup/v1.0/start`.
    public var endpointPath: String { endpoint.path }

    var endpoint: Endpoint {
        switch self {
        case .signUpStart: return .signUpStart
        case .signUpStartChallenge, .signUpResendCode, .signUpCredentialChallenge: return .signUpChallenge
        case .signUpSubmitCode, .signUpSubmitPassword, .signUpSubmitAttributes: return .signUpContinue
        case .signInInitiate, .signInInitiateWithPassword: return .signInInitiate
        case .signInChallenge, .signInChallengeWithPassword, .signInResendCode, .mfaRequestChallenge:
            return .signInChallenge
        case .signInPasswordToken, .signInSubmitPassword, .signInSubmitCode, .signInAfterSignUp,
            .signInAfterResetPassword, .mfaSubmitChallenge, .registerPreverifiedToken, .registerSubmitToken:
            return .token
        case .mfaIntrospect: return .signInIntrospect
        case .registerIntrospect: return .registerIntrospect
        case .registerChallenge: return .registerChallenge
        case .registerPreverifiedContinue, .registerSubmitChallenge: return .registerContinue
        case .resetPasswordStart: return .resetPasswordStart
        case .resetPasswordStartChallenge, .resetPasswordResendCode: return .resetPasswordChallenge
        case .resetPasswordSubmitCode: return .resetPasswordContinue
        case .resetPasswordSubmit: return .resetPasswordSubmit
        case .resetPasswordPoll, .resetPasswordPollFinal: return .resetPasswordPollCompletion
        case .getAccessToken: return .refreshToken
        }
    }

    private var plainName: String {
        switch self {
        case .signUpStart: "signUpStart"
        case .signUpStartChallenge: "signUpStartChallenge"
        case .signUpResendCode: "signUpResendCode"
        case .signUpSubmitCode: "signUpSubmitCode"
        case .signUpCredentialChallenge: "signUpCredentialChallenge"
        case .signUpSubmitPassword: "signUpSubmitPassword"
        case .signUpSubmitAttributes: "signUpSubmitAttributes"
        case .signInInitiate: "signInInitiate"
        case .signInInitiateWithPassword: "signInInitiateWithPassword"
        case .signInChallenge: "signInChallenge"
        case .signInChallengeWithPassword: "signInChallengeWithPassword"
        case .signInPasswordToken: "signInPasswordToken"
        case .signInSubmitPassword: "signInSubmitPassword"
        case .signInSubmitCode: "signInSubmitCode"
        case .signInResendCode: "signInResendCode"
        case .signInAfterSignUp: "signInAfterSignUp"
        case .signInAfterResetPassword: "signInAfterResetPassword"
        case .mfaIntrospect(let context): "mfaIntrospect.\(context.rawValue)"
        case .registerIntrospect(let context): "registerIntrospect.\(context.rawValue)"
        case .mfaRequestChallenge: "mfaRequestChallenge"
        case .mfaSubmitChallenge: "mfaSubmitChallenge"
        case .registerChallenge: "registerChallenge"
        case .registerPreverifiedContinue: "registerPreverifiedContinue"
        case .registerPreverifiedToken: "registerPreverifiedToken"
        case .registerSubmitChallenge: "registerSubmitChallenge"
        case .registerSubmitToken: "registerSubmitToken"
        case .resetPasswordStart: "resetPasswordStart"
        case .resetPasswordStartChallenge: "resetPasswordStartChallenge"
        case .resetPasswordResendCode: "resetPasswordResendCode"
        case .resetPasswordSubmitCode: "resetPasswordSubmitCode"
        case .resetPasswordSubmit: "resetPasswordSubmit"
        case .resetPasswordPoll: "resetPasswordPoll"
        case .resetPasswordPollFinal: "resetPasswordPollFinal"
        case .getAccessToken: "getAccessToken"
        }
    }
}

extension Step: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let step = Step(name: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown step name '\(name)'")
        }
        self = step
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
