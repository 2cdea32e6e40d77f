/// One raw HTTP response as recorded (status 0 = no response, as in HAR).
public struct RawResponse: Sendable {
    /// HTTP status; 0 when no response arrived.
    public var status: Int
    /// Response headers, names in any case.
    public var headers: [(String, String)]
    /// The raw body bytes.
    public var body: [UInt8]

    /// A response with raw body bytes.
    public init(status: Int, headers: [(String, String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a UTF-8 body.
    public init(status: Int, headers: [(String, String)] = [], text: String) {
        self.init(status: status, headers: headers, body: Array(text.utf8))
    }
}

/// The oracle's verdict on the responses of one user action, walked request by request.
public struct ChainPrediction: Sendable, Hashable {
    /// One judged response: the step it answered and the row that matched (nil when MSAL resent it).
    public struct Hop: Sendable, Hashable {
        /// The step this response answered.
        public var step: Step
        /// How the response was classified.
        public var response: ResponseClass
        /// The matching row; nil when the client retried or resent the same request instead.
        public var row: OutcomeRow?
    }

    /// The outcome, or `.proceed(to:)` when the responses ran out before the action ended.
    public var expectation: Expectation
    /// Every response judged, in order.
    public var hops: [Hop]
    /// How many responses the action consumed (later ones belong to the next action).
    public var consumed: Int { hops.count }
}

extension OutcomeTable {
    /// Walks the responses of one action starting at `step`, following `.proceed` rows, the
    /// transport's single retry on 5xx / network failure (one counter per request), the resend
    /// after a PKeyAuth challenge, and the 6-call limit of the reset-password poll loop (§6.4).
    public static func walk(from step: Step, responses: [RawResponse]) -> ChainPrediction {
        walk(from: step, count: responses.count) { step, index in
            let response = responses[index]
            return StrictClassifier.classify(step: step, status: response.status, headers: response.headers, body: response.body)
        }
    }

    /// ``walk(from:responses:)`` over `count` responses whose classification as an answer to a step
    /// `classify(step, index)` gives: a caller that walks the same responses again (the fuzzer's
    /// unmutated answers) can reuse what ``StrictClassifier`` said about them.
    public static func walk(from step: Step, count: Int, classify: (Step, Int) -> ResponseClass) -> ChainPrediction {
        var current = step
        var hops: [ChainPrediction.Hop] = []
        var retryLeft = 1
        var pkeyAuthLeft = 1
        // Transport retries resend the same poll call; only new requests count towards the limit.
        var pollCalls = step == .resetPasswordPollFinal ? Step.pollCallLimit - 1 : 0
        var freshRequest = true
        for index in 0..<count {
            if freshRequest, current == .resetPasswordPoll || current == .resetPasswordPollFinal {
                pollCalls += 1
                current = pollCalls >= Step.pollCallLimit ? .resetPasswordPollFinal : .resetPasswordPoll
            }
            freshRequest = false
            let classified = classify(current, index)
            if (classified.kind == .serverError || classified.kind == .transportFailure), retryLeft > 0 {
                retryLeft -= 1
                hops.append(.init(step: current, response: classified, row: nil))
                continue
            }
            if classified.kind == .pkeyAuthChallenge, pkeyAuthLeft > 0 {
                pkeyAuthLeft -= 1
                hops.append(.init(step: current, response: classified, row: nil))
                continue
            }
            guard let row = row(for: current, response: classified) else { break }
            hops.append(.init(step: current, response: classified, row: row))
            switch row.expectation {
            case .outcome:
                return ChainPrediction(expectation: row.expectation, hops: hops)
            case .proceed(let next):
                current = next
                freshRequest = true
                retryLeft = 1
                pkeyAuthLeft = 1
            }
        }
        return ChainPrediction(expectation: .proceed(to: current), hops: hops)
    }
}
