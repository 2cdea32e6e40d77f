/// Which V2 flow an action belongs to (MSAL iOS's `MSALNativeAuthFlowScenario`, spec native-auth-v2 §3.1).
public enum V2Scenario: String, Sendable, Hashable, Codable, CaseIterable {
    case signIn
    case signUp
    case passwordReset
}

/// One V2 user action as the oracle sees it: what the app called, on which flow, and what the state it
/// acted on knows (spec native-auth-v2 §3.4). The oracle walks the answers of the action from here.
public struct V2Step: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The public method the app called.
    public enum Action: String, Sendable, Hashable, Codable, CaseIterable {
        /// `signInV2` / `signUpV2` / `resetPasswordV2`: O1 first.
        case start
        /// `AuthMethodSelectionRequiredState.selectAuthMethod`: O6 on the chosen method's `challenge` link.
        case selectAuthMethod
        /// `CodeRequiredState.submitCode`: O8.
        case submitCode
        /// `CodeRequiredState.resendCode`: O7.
        case resendCode
        /// `PasswordRequiredState.submitPassword`: O9 (sign-up: O10 with `attributes.password`).
        case submitPassword
        /// `AttributesRequiredState.submitAttributes`: O10.
        case submitAttributes
        /// `NewPasswordRequiredState.submitNewPassword`: O11, then O12 polls.
        case submitNewPassword
        /// `MFAVerificationRequiredState.submitChallenge`: O8.
        case submitChallenge
        /// `MFAVerificationRequiredState.resendChallenge` (2.18.1): O7.
        case resendChallenge
        /// `SignInAfterSignUpState` / `SignInAfterResetPasswordState` `.signIn`: O2, then O17.
        case signIn
    }

    /// What a selection state is for (§3.1: first-factor choice, SSPR choice, MFA after a first factor).
    public enum Role: String, Sendable, Hashable, Codable, CaseIterable {
        case firstFactor
        case secondFactor
    }

    /// The flow.
    public var scenario: V2Scenario
    /// The method called.
    public var action: Action
    /// `start` of sign-in or sign-up: the app passed a password up front.
    public var passwordGiven: Bool
    /// The role of the state acted on, where it matters: the selection state of `selectAuthMethod`, and
    /// the verification state a code or challenge is submitted to (`secondFactor` after an MFA selection).
    public var role: Role?
    /// `selectAuthMethod`: the challenge type of the chosen method (`email`, `sms`, `password`).
    public var methodType: String?
    /// Sign-up: the attribute ids already sent in this flow (the start's up-front values included), in order.
    public var sentAttributes: [String]

    public init(
        scenario: V2Scenario, action: Action, passwordGiven: Bool = false, role: Role? = nil,
        methodType: String? = nil, sentAttributes: [String] = []
    ) {
        self.scenario = scenario
        self.action = action
        self.passwordGiven = passwordGiven
        self.role = role
        self.methodType = methodType
        self.sentAttributes = sentAttributes
    }

    public var description: String {
        var text = "\(scenario.rawValue).\(action.rawValue)"
        if passwordGiven { text += "(password)" }
        if let role { text += "[\(role.rawValue)]" }
        if let methodType { text += "<\(methodType)>" }
        return text
    }
}

/// The request a V2 client sends, named by the spec's operation (native-auth-v2 §1.2), not by its bytes.
public enum V2Request: Sendable, Hashable, Codable, CustomStringConvertible {
    /// O1: the fixed `authorize-challenge` path with `client_id`.
    case authorizeChallenge
    /// O2: the fixed `authorize-challenge` path with `continuation_token` (resume after `continue`).
    case resume
    /// O17: the fixed `/token` path with the authorization code.
    case token
    /// An href of the previous answer, by link relation (`sign_in`, `sign_up`, `reset_password`,
    /// `challenge`, `verify`, `resend`, `update`, `poll`, `submitAttributes`, `riskverify`, ...).
    case link(String)

    public var description: String {
        switch self {
        case .authorizeChallenge: "O1 authorize-challenge"
        case .resume: "O2 resume"
        case .token: "O17 token"
        case .link(let relation): "link \(relation)"
        }
    }
}
