import Driver
import Oracle

/// One user action of a flow and the server answers it gets, in order.
public struct FuzzAction: Sendable, Hashable {
    /// What the app calls (Driver's vocabulary, performed by ``EngineDriver``).
    public var call: UserAction
    /// The oracle step of the action's first request.
    public var step: Step
    /// The answers served to this action's requests, in order.
    public var responses: [FuzzResponse]
    /// Seconds the app waits before the call: the engine's injected clock moves on by this much (0: none).
    public var wait: Double

    public init(_ call: UserAction, step: Step, responses: [FuzzResponse], wait: Double = 0) {
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
