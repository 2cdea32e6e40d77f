/// One row of the outcome table: for a step and a set of responses, what an MSAL-conforming
/// client must do, with the client-behaviour.md reference it comes from.
public struct OutcomeRow: Sendable, Hashable, CustomStringConvertible {
    /// The engine position the row applies to.
    public var step: Step
    /// The responses the row covers.
    public var match: ResponsePattern
    /// The outcome, or the next step when the client sends another request.
    public var expectation: Expectation
    /// Where in client-behaviour.md the row comes from, e.g. `§5.1 D row 2`; unique across the table.
    public var specRef: String
    /// Set when MSAL behaves oddly here and the row deliberately mirrors it (§8.2, errata).
    public var quirk: String?

    /// The expected outcome, nil when the client proceeds to another request.
    public var expected: ExpectedOutcome? { expectation.outcome }

    /// The §5 table the row belongs to, e.g. `5.1 D` (the specRef without `§` and the row label).
    public var section: String {
        let body = specRef.hasPrefix("§") ? String(specRef.dropFirst()) : specRef
        guard let range = body.range(of: " row ") else { return body }
        return String(body[..<range.lowerBound])
    }

    /// Creates a row.
    public init(step: Step, match: ResponsePattern, expectation: Expectation, specRef: String, quirk: String? = nil) {
        self.step = step
        self.match = match
        self.expectation = expectation
        self.specRef = specRef
        self.quirk = quirk
    }

    public var description: String { "\(specRef) [\(step)] \(match) ⇒ \(expectation)" }
}

// MARK: building rows as data

/// One row before it is bound to a step: a label within its spec table, a pattern and the result.
struct RowSpec: Sendable {
    var label: String
    var match: ResponsePattern
    var then: Expectation
    var quirk: String?

    init(_ label: String, _ match: ResponsePattern, _ then: Expectation, quirk: String? = nil) {
        self.label = label
        self.match = match
        self.then = then
        self.quirk = quirk
    }
}

/// Binds row specs to a step and a spec section; `suffix` distinguishes variants of one spec table.
func bind(_ step: Step, _ section: String, _ specs: [RowSpec], suffix: String = "") -> [OutcomeRow] {
    specs.map {
        OutcomeRow(
            step: step, match: $0.match, expectation: $0.then, specRef: "§\(section) row \($0.label)\(suffix)",
            quirk: $0.quirk)
    }
}

/// The error callback of one delegate: its method, error class and the state a retry hands back.
struct ErrorChannel {
    var callback: String
    var errorClass: String
    /// The state class handed back with the old token when MSAL allows a retry.
    var retryState: String?

    /// The error with no new state.
    func ends(_ type: String) -> Expectation {
        .outcome(ExpectedOutcome(callback: callback, error: "\(errorClass).\(type)"))
    }

    /// The error with the same state kind and the request's (old) token.
    func retry(_ type: String) -> Expectation {
        .outcome(
            ExpectedOutcome(
                callback: callback, error: "\(errorClass).\(type)", newState: retryState, newStateToken: .fromRequest))
    }
}

/// A success callback; `state` holds the response's token unless `token` says otherwise.
func success(_ callback: String, _ state: String? = nil, token: TokenRule = .fromResponse) -> Expectation {
    .outcome(ExpectedOutcome(callback: callback, newState: state, newStateToken: token))
}
