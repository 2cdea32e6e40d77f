/// What a capture says about how a request relates to the exchange before it in its flow: the SDK's
/// own resend of it, the user's next action (after a pause or an annotated outcome), or a request that
/// came promptly. Inference uses it where the capture alone must decide whether the SDK or the user
/// sent a request (docs/replay-report.md, "User actions").
enum Continuity: Sendable, Hashable {
    /// MSAL's resend of the previous request: after a 5xx or no response (once), or after a PKeyAuth
    /// challenge (once), whatever the delay.
    case resend
    /// The previous entry carries `_authtape.expectedOutcome`: the client saw an outcome there.
    case afterAnnotatedOutcome
    /// The request started this many seconds after the previous response ended, more than the gap.
    case afterPause(Double)
    /// The request started within the gap of the previous response.
    case prompt
    /// The first exchange of the flow, or timing that cannot be read.
    case unknown

    /// The capture shows that the user, not the SDK, sent this request.
    var beginsUserAction: Bool {
        switch self {
        case .afterAnnotatedOutcome, .afterPause: true
        case .resend, .prompt, .unknown: false
        }
    }
}

/// Recognises MSAL's resends along a sequence of exchanges, with the SDK's budgets: one resend after
/// a 5xx or network failure (one counter for both) and one after a PKeyAuth challenge, per request.
struct ResendTracker: Sendable {
    private var failureLeft = 1
    private var pkeyAuthLeft = 1
    private static let matcher = RequestMatcher(placeholders: .exact)

    /// Whether `next` is MSAL's resend of `previous` (the budget is spent when it is; a request that is
    /// not a resend starts a fresh budget).
    mutating func isResend(_ next: RecordedExchange, of previous: RecordedExchange) -> Bool {
        guard wouldResend(next, of: previous), let cause = previous.resendCause else {
            self = ResendTracker()
            return false
        }
        switch cause {
        case .failure: failureLeft -= 1
        case .pkeyAuth: pkeyAuthLeft -= 1
        }
        return true
    }

    /// ``isResend(_:of:)`` without spending the budget.
    func wouldResend(_ next: RecordedExchange, of previous: RecordedExchange) -> Bool {
        guard let cause = previous.resendCause else { return false }
        let left = cause == .failure ? failureLeft : pkeyAuthLeft
        return left > 0 && next.endpoint == previous.endpoint
            && Self.matcher.matches(method: next.method, endpoint: next.endpoint, fields: next.fields, recorded: previous)
    }
}

enum ActionEvidence {
    /// The continuity of each exchange of a flow with the one before it (`unknown` for the first).
    static func continuity(of flow: [RecordedExchange], options: InferenceOptions) -> [Continuity] {
        var result: [Continuity] = []
        result.reserveCapacity(flow.count)
        var tracker = ResendTracker()
        for (index, exchange) in flow.enumerated() {
            guard index > 0 else {
                result.append(.unknown)
                continue
            }
            let previous = flow[index - 1]
            if tracker.isResend(exchange, of: previous) {
                result.append(.resend)
            } else if previous.annotatedOutcome != nil {
                result.append(.afterAnnotatedOutcome)
            } else if let pause = pause(between: previous, and: exchange), options.usesTiming {
                result.append(pause > options.actionGap ? .afterPause(pause) : .prompt)
            } else {
                result.append(.unknown)
            }
        }
        return result
    }

    /// Seconds from the end of `previous`'s response to the start of `next`'s request; nil when either
    /// time is unknown. Negative when the requests overlap (exporters round times).
    static func pause(between previous: RecordedExchange, and next: RecordedExchange) -> Double? {
        guard let end = previous.endedAt, let start = next.startedAt else { return nil }
        return start - end
    }
}
