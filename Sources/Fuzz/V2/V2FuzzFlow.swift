import Oracle

/// A V2 user action on the engine's public API (spec native-auth-v2 §3.1), with the values the "app" supplies.
public enum V2Call: Sendable, Hashable, CustomStringConvertible {
    /// `signInV2` (2.18.1 has no up-front password, so none is given).
    case signIn(username: String)
    /// `signUpV2` with the app's attributes.
    case signUp(username: String, attributes: [String: String])
    /// `resetPasswordV2`.
    case resetPassword(username: String)
    /// `selectAuthMethod` with the held selection state's method of this id.
    case selectAuthMethod(id: String)
    case submitCode(String)
    case resendCode
    case submitPassword(String)
    case submitAttributes([String: String])
    case submitNewPassword(String)
    case submitChallenge(String)
    case resendChallenge
    /// `signIn()` on a SignInAfterSignUp / SignInAfterResetPassword state.
    case signInAfterFlow

    /// The public method name.
    public var method: String {
        switch self {
        case .signIn: "signInV2"
        case .signUp: "signUpV2"
        case .resetPassword: "resetPasswordV2"
        case .selectAuthMethod: "selectAuthMethod"
        case .submitCode: "submitCode"
        case .resendCode: "resendCode"
        case .submitPassword: "submitPassword"
        case .submitAttributes: "submitAttributes"
        case .submitNewPassword: "submitNewPassword"
        case .submitChallenge: "submitChallenge"
        case .resendChallenge: "resendChallenge"
        case .signInAfterFlow: "signIn"
        }
    }

    /// Values the user typed that must never reappear in an error message.
    public var secrets: [String] {
        switch self {
        case .submitCode(let value), .submitPassword(let value), .submitNewPassword(let value), .submitChallenge(let value): [value]
        case .submitAttributes(let attributes): attributes["password"].map { [$0] } ?? []
        default: []
        }
    }

    public var description: String { method }
}

/// One V2 user action of a flow: the call, the oracle's step for it and the answers its requests receive.
public struct V2FuzzAction: Sendable, Hashable {
    public var call: V2Call
    public var step: V2Step
    public var responses: [FuzzResponse]

    public init(_ call: V2Call, step: V2Step, responses: [FuzzResponse]) {
        self.call = call
        self.step = step
        self.responses = responses
    }
}

/// A whole V2 flow: the actions a user performs against a server that answers as scripted.
public struct V2FuzzFlow: Sendable, Hashable {
    /// A stable name used in case ids and reports (`v2SignInPassword`).
    public var name: String
    public var actions: [V2FuzzAction]

    public init(name: String, actions: [V2FuzzAction]) {
        self.name = name
        self.actions = actions
    }

    /// Every (action, response) position a case may mutate.
    public var positions: [(action: Int, response: Int)] {
        actions.indices.flatMap { a in actions[a].responses.indices.map { (a, $0) } }
    }
}
