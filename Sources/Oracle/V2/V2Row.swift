/// What the oracle expects after one V2 answer: the action ends with an outcome, or the client sends
/// another request by itself ("auto" in spec native-auth-v2 §3.4).
public enum V2Expectation: Sendable, Hashable, CustomStringConvertible {
    /// The action ends; this callback fires. Callbacks, errors and states use MSAL iOS's names:
    /// `onCodeRequired`, `MSALNativeAuthFlowError.invalidCode`, `MSALNativeAuthCodeRequiredState`.
    case outcome(ExpectedOutcome)
    /// The client goes on with this request.
    case proceed(to: V2Request)

    /// The outcome, or nil when the client proceeds.
    public var outcome: ExpectedOutcome? {
        if case .outcome(let outcome) = self { return outcome }
        return nil
    }

    public var description: String {
        switch self {
        case .outcome(let outcome): outcome.description
        case .proceed(let request): "→ \(request)"
        }
    }
}

/// One row of the V2 table (spec native-auth-v2 §3.4): the answer to a request, what follows, where
/// the row comes from and whether it is uncertain for the modelled MSAL version.
public struct V2Row: Sendable, Hashable, CustomStringConvertible {
    /// Stable id: the §3.4 block letter and the row's number in it (`A1`, `H7`, `K3`).
    public var id: String
    /// The request whose answer this row judges.
    public var request: V2Request
    /// The answer the row matches, in the table's words.
    public var answer: String
    /// What the client does then.
    public var expectation: V2Expectation
    /// Where the row comes from (source files, tests, release notes, as the spec cites them).
    public var source: String
    /// True when the spec marks the row **U** or the modelled version's behaviour is inferred.
    public var uncertain: Bool

    public init(id: String, request: V2Request, answer: String, expectation: V2Expectation, source: String, uncertain: Bool = false) {
        self.id = id
        self.request = request
        self.answer = answer
        self.expectation = expectation
        self.source = source
        self.uncertain = uncertain
    }

    public var description: String {
        "\(id) [\(request)] \(answer) ⇒ \(expectation)\(uncertain ? " (uncertain)" : "") — \(source)"
    }
}

/// The oracle's verdict on the answers of one V2 user action, walked answer by answer.
public struct V2ChainPrediction: Sendable, Hashable {
    /// One judged answer: the request it answered and the row that matched.
    public struct Hop: Sendable, Hashable {
        public var request: V2Request
        public var row: V2Row?

        public init(request: V2Request, row: V2Row?) {
            self.request = request
            self.row = row
        }
    }

    /// The outcome, or `.proceed(to:)` when the answers ran out before the action ended.
    public var expectation: V2Expectation
    /// Every answer judged, in order.
    public var hops: [Hop]
    /// The continuation token the new state must hold, read by the oracle's own strict reader (nil when
    /// no state is handed over or it holds none).
    public var expectedToken: String?
    /// The row that ended the action before any request was sent (`F6`, `E6` under 2.17), else nil.
    public var unsentRow: V2Row?

    /// The uncertain row that handed over the state this action acts on, when everything the action does
    /// follows from that row alone (a sign-up method selection only exists in G11), else nil.
    public var stateRow: V2Row?

    public init(
        expectation: V2Expectation, hops: [Hop], expectedToken: String? = nil, unsentRow: V2Row? = nil,
        stateRow: V2Row? = nil
    ) {
        self.expectation = expectation
        self.hops = hops
        self.expectedToken = expectedToken
        self.unsentRow = unsentRow
        self.stateRow = stateRow
    }

    /// How many answers the action consumed (later ones belong to the next action).
    public var consumed: Int { hops.count }
    /// True when any row the walk used is uncertain: findings on it must say so.
    public var uncertain: Bool {
        stateRow?.uncertain == true || unsentRow?.uncertain == true || hops.contains { $0.row?.uncertain == true }
    }
}
