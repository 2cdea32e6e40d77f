/// Which continuation token the `newState` of an outcome must hold.
public enum TokenRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// No new state (nil), or a state that holds no token.
    case none
    /// The token carried by the response of this step (it may be absent, e.g. a 200 from signup/continue).
    case fromResponse
    /// The token the request of this step sent: the old state is handed back for a retry.
    case fromRequest
}

/// The observable result of one user action, in MSAL's vocabulary.
///
/// `callback` is the delegate method base name (`onSignUpVerifyCodeError`), `error` is
/// `<ErrorClass>.<type>` with the type names of client-behaviour.md §4
/// (`VerifyCodeError.invalidCode`), `newState` is the state class name.
public struct ExpectedOutcome: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The MSAL delegate method that fires.
    public var callback: String
    /// `<ErrorClass>.<type>` when the callback reports an error, nil otherwise.
    public var error: String?
    /// The class name of the state handed to the callback, nil when none.
    public var newState: String?
    /// Which token `newState` holds.
    public var newStateToken: TokenRule

    /// Creates an outcome; `newStateToken` defaults to `.none`.
    public init(callback: String, error: String? = nil, newState: String? = nil, newStateToken: TokenRule = .none) {
        self.callback = callback
        self.error = error
        self.newState = newState
        self.newStateToken = newState == nil ? .none : newStateToken
    }

    public var description: String {
        var text = callback
        if let error { text += "(\(error))" }
        if let newState { text += " → \(newState)[\(newStateToken.rawValue)]" }
        return text
    }
}

/// What the oracle expects after one response: either the action ends with an outcome, or the
/// client sends another request (the next step of the same action).
public enum Expectation: Sendable, Hashable, CustomStringConvertible {
    /// The action ends; this callback fires.
    case outcome(ExpectedOutcome)
    /// The client goes on with this step (for example signup/challenge after signup/start).
    case proceed(to: Step)

    /// The outcome, or nil when the client proceeds.
    public var outcome: ExpectedOutcome? {
        if case .outcome(let outcome) = self { return outcome }
        return nil
    }

    public var description: String {
        switch self {
        case .outcome(let outcome): return outcome.description
        case .proceed(let step): return "→ \(step)"
        }
    }
}
