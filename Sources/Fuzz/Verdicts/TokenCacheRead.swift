import NativeAuth
import Oracle

/// The token cache rows of `getAccessToken` (client-behaviour.md §5.9 item 1, MSAL's silent pipeline): a call
/// without a forced refresh is answered from the cache, with no request, while the cached access token has
/// more than five minutes left; otherwise the refresh-token grant is sent and the oracle's §5.9 rows judge it.
/// The oracle's table has no cache, so the fuzzer works out from the flow's own script whether a call is a
/// cache read: the lifetimes (`expires_in`) of the token answers earlier actions were served, read with the
/// fuzzer's JSON reader, and the seconds the app waited between actions. Nothing here comes from the engine.
public enum TokenCacheRead {
    /// MSAL refreshes an access token this close to its expiry (seconds).
    static let margin: Double = 300

    /// What the cache holds for a `getAccessToken` call that forces no refresh.
    public enum State: Sendable, Hashable {
        /// Not such a call, or no access token with a lifetime is cached: the oracle's rows judge it.
        case notARead
        /// A cached token with more than the margin left: answered from the cache, nothing sent.
        case fresh
        /// A cached token within the margin before its expiry: the refresh-token grant is sent.
        case expiring
        /// A cached token at or past its expiry: the refresh-token grant is sent.
        case expired
    }

    /// One action of a flow as the cache sees it.
    struct Call {
        /// A `getAccessToken` that forces no refresh.
        var read: Bool
        /// Seconds the app waited before it.
        var wait: Double
        /// The last answer its script holds.
        var lastAnswer: FuzzResponse?
    }

    /// The state of the cache when action `action` of `flow` is called.
    public static func state(flow: FuzzFlow, action: Int) -> State {
        guard action >= 0, action < flow.actions.count else { return .notARead }
        return state(of: flow.actions[0...action].map { step in
            let read = if case .getAccessToken(_, forceRefresh: false) = step.call { true } else { false }
            return Call(read: read, wait: step.wait, lastAnswer: step.responses.last)
        })
    }

    /// The state of the cache at the last of `calls` (V1 and V2 flows alike).
    static func state(of calls: [Call]) -> State {
        guard calls.last?.read == true else { return .notARead }
        var clock = 0.0
        var expiry: Double?
        var state = State.notARead
        for call in calls {
            clock += call.wait
            state = .notARead
            if call.read, let expiry {
                let left = expiry - clock
                state = left > margin ? .fresh : left > 0 ? .expiring : .expired
            }
            if state != .fresh, let answer = call.lastAnswer, let lifetime = tokenLifetime(answer) {
                expiry = lifetime.map { clock + $0 }
            }
        }
        return state
    }

    /// True when action `action` of `flow` must be answered from the cache.
    public static func servesFromCache(flow: FuzzFlow, action: Int) -> Bool {
        state(flow: flow, action: action) == .fresh
    }

    /// For a `/token` success carrying an access token: its lifetime (`.some(nil)` when `expires_in` is
    /// missing or not a number, so nothing is cached with an expiry); nil for other answers.
    static func tokenLifetime(_ answer: FuzzResponse) -> Double?? {
        guard answer.fault == nil, answer.status == 200, let json = JSONNode.parse(answer.body),
              json["access_token"]?.stringValue != nil else { return nil }
        guard case .number(let text)? = json["expires_in"], let seconds = Double(text), seconds.isFinite else { return .some(nil) }
        return .some(seconds)
    }

    /// An oracle walk of no answer: a cache read reaches none of the table's rows.
    static func noRows(_ step: Step) -> ChainPrediction {
        OutcomeTable.walk(from: step, count: 0) { step, _ in StrictClassifier.classify(step: step, status: 0, headers: [], body: []) }
    }

    /// The outcome a cache read must have: the cached token handed over.
    static let expected = "onAccessTokenRetrieveCompleted"

    /// The verdict of a case whose action is a cache read: the completion callback with no error or state,
    /// and no request sent (whatever answers the script holds for an engine that would ask the server).
    public static func verdict(_ fuzzCase: FuzzCase, observation: Observation?) -> Verdict {
        let step = fuzzCase.step.name
        func verdict(_ kind: VerdictKind, _ actual: String, _ note: String = "") -> Verdict {
            Verdict(kind: kind, step: step, expected: expected + " from the token cache", actual: actual, note: note)
        }
        guard let observation else { return verdict(.hang, "no outcome before the deadline") }
        if let problem = observation.prefixProblem { return verdict(.prefixBroken, "-", problem) }
        guard let outcome = observation.outcome else { return verdict(.hang, "no outcome") }
        let actual = Judge.render(outcome)
        if outcome.callback != expected || outcome.error != nil || outcome.newState != nil {
            return verdict(.mismatch, actual, "a valid access token is cached")
        }
        if observation.actionRequests != 0 {
            return Verdict(kind: .requestCount, step: step, expected: "0 requests", actual: "\(observation.actionRequests) requests",
                           note: "a valid access token is cached; nothing should be sent")
        }
        return verdict(.pass, actual)
    }
}
