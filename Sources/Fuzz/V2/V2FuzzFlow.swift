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
    /// The V2 table's step; for `getAccessToken` (judged by the V1 table's §5.9 rows, ``V2TokenWalk``) the
    /// step of the sign-in whose account it is called on, as reports name the flow.
    public var step: V2Step
    public var responses: [FuzzResponse]
    /// Seconds the app waits before the call: the engine's injected clock moves on by this much (as V1's
    /// ``FuzzAction/wait``).
    public var wait: Double

    public init(_ call: V2UserAction, step: V2Step, responses: [FuzzResponse], wait: Double = 0) {
        self.call = call
        self.step = step
        self.responses = responses
        self.wait = wait
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

    /// For a `getAccessToken` action, what the token cache holds when it is called (``TokenCacheRead``,
    /// worked out from the flow's script); nil for the V2 table's actions.
    public func tokenRead(action: Int) -> TokenCacheRead.State? {
        guard action >= 0, action < actions.count, case .getAccessToken = actions[action].call else { return nil }
        return TokenCacheRead.state(of: actions[0...action].map { step in
            let read = if case .getAccessToken(forceRefresh: false) = step.call { true } else { false }
            return TokenCacheRead.Call(read: read, wait: step.wait, lastAnswer: step.responses.last)
        })
    }

    /// True when an action calls the signed-in account (`getAccessToken`), not the V2 table's API.
    public var callsAccount: Bool {
        actions.contains { if case .getAccessToken = $0.call { true } else { false } }
    }

    /// Every (action, response) position a case may mutate.
    public var positions: [(action: Int, response: Int)] {
        actions.indices.flatMap { a in actions[a].responses.indices.map { (a, $0) } }
    }
}
