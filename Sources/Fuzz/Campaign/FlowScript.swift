import Oracle

/// A user action on the engine's public API, with the values the "app" supplies.
public enum UserCall: Sendable, Hashable, Codable, CustomStringConvertible {
    case signUp(username: String, password: String?, attributes: [String: String]?)
    case signIn(username: String, password: String?)
    case resetPassword(username: String)
    case submitCode(String)
    case submitPassword(String)
    case submitAttributes([String: String])
    case resendCode
    /// `signIn()` on `SignInAfterSignUpState` / `SignInAfterResetPasswordState`.
    case signInAfterFlow
    /// `requestChallenge(authMethod:)` with the first method of the previous result.
    case requestChallenge
    case submitChallenge(String)
    /// `challengeAuthMethod(authMethod:verificationContact:)` with the first method of the previous result.
    case challengeAuthMethod(contact: String)
    /// `getAccessToken(parameters:)` on the signed-in account the flow's sign-in handed over (a forced
    /// refresh sends the refresh-token grant).
    case getAccessToken(forceRefresh: Bool)

    /// The method name, as in `Step.first(of:on:)`.
    public var method: String {
        switch self {
        case .signUp: "signUp"
        case .signIn, .signInAfterFlow: "signIn"
        case .resetPassword: "resetPassword"
        case .submitCode: "submitCode"
        case .submitPassword: "submitPassword"
        case .submitAttributes: "submitAttributes"
        case .resendCode: "resendCode"
        case .requestChallenge: "requestChallenge"
        case .submitChallenge: "submitChallenge"
        case .challengeAuthMethod: "challengeAuthMethod"
        case .getAccessToken: "getAccessToken"
        }
    }

    /// Values the user typed that must never reappear in an error message.
    public var secrets: [String] {
        switch self {
        case .signUp(_, let password, _), .signIn(_, let password): password.map { [$0] } ?? []
        case .submitCode(let code), .submitPassword(let code), .submitChallenge(let code): [code]
        default: []
        }
    }

    public var description: String { method }
}

/// One user action of a flow and the server answers it gets, in order.
public struct FuzzAction: Sendable, Hashable {
    /// What the app calls.
    public var call: UserCall
    /// The oracle step of the action's first request.
    public var step: Step
    /// The answers served to this action's requests, in order.
    public var responses: [FuzzResponse]
    /// Seconds the app waits before the call: the engine's injected clock moves on by this much (0: none).
    public var wait: Double

    public init(_ call: UserCall, step: Step, responses: [FuzzResponse], wait: Double = 0) {
        self.call = call
        self.step = step
        self.responses = responses
        self.wait = wait
    }
}

/// A whole flow: the actions a user performs against a server that answers as scripted.
public struct FuzzFlow: Sendable, Hashable {
    /// A stable name used in case ids and reports (`signUpWithAttributes`).
    public var name: String
    /// The actions, in order.
    public var actions: [FuzzAction]
    /// The engine configuration the flow needs.
    public var challengeTypes: Set<String>
    public var capabilities: Set<String>

    public init(name: String, actions: [FuzzAction], challengeTypes: Set<String> = ["oob", "password"],
                capabilities: Set<String> = ["mfa_required", "registration_required"]) {
        self.name = name
        self.actions = actions
        self.challengeTypes = challengeTypes
        self.capabilities = capabilities
    }

    /// Every (action, response) position a case may mutate.
    public var positions: [(action: Int, response: Int)] {
        actions.indices.flatMap { a in actions[a].responses.indices.map { (a, $0) } }
    }
}
