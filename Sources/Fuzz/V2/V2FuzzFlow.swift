import Driver
import Oracle

extension V2UserAction {
    /// Values the user typed that must never reappear in an error message.
    var secrets: [String] {
        switch self {
        case .signIn(_, let password?, _, _), .signUp(_, let password?, _, _): [password]
        case .submitCode(let value), .submitPassword(let value), .submitNewPassword(let value), .submitChallenge(let value): [value]
        case .submitAttributes(let attributes): attributes["password"].map { [$0] } ?? []
        default: []
        }
    }
}

/// One V2 user action of a flow: the call, the oracle's step for it and the answers its requests receive.
public struct V2FuzzAction: Sendable, Hashable {
    /// What the app calls (Replay's V2 vocabulary, performed by ``V2ActionPerformer``).
    public var call: V2UserAction
    public var step: V2Step
    public var responses: [FuzzResponse]

    public init(_ call: V2UserAction, step: V2Step, responses: [FuzzResponse]) {
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
