/// A state object the app held, as reports name it: its class and the continuation token it holds.
public struct StateReference: Sendable, Hashable, CustomStringConvertible {
    /// The class name (`AwaitingMFAState`, …).
    public var state: String
    /// The continuation token the state holds.
    public var token: String?

    /// Creates a reference.
    public init(state: String, token: String?) {
        self.state = state
        self.token = token
    }

    /// `AwaitingMFAState(REDACTED-continuation_token-4)`, as outcomes show a new state.
    public var description: String { "\(state)(\(token ?? "nil"))" }
}

/// An action performed on a state object the app was handed before the latest one (an app may act on
/// any state it still holds: after a failed `submitChallenge`, `requestChallenge` again on the
/// earlier `AwaitingMFAState`).
public struct EarlierState: Sendable, Hashable {
    /// The state object the action was performed on.
    public var used: StateReference
    /// The latest state object the app had been handed.
    public var latest: StateReference

    /// Creates a value.
    public init(used: StateReference, latest: StateReference) {
        self.used = used
        self.latest = latest
    }

    /// One sentence for reports.
    public var sentence: String {
        "performed on the earlier \(used), whose token the recorded request carries, not on the latest \(latest)"
    }
}
