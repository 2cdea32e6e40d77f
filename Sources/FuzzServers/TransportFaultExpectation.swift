/// What the client should see when the fault server breaks an exchange, derived from
/// client-behaviour.md §0.1 ("No HTTP response (network failure): retried once for timeout,
/// cannot-find-host, cannot-connect, connection-lost and not-connected … then unexpectedError,
/// then generalError").
///
/// The oracle already models a missing response (status 0, one shared retry); this table adds the part
/// the oracle cannot know: which URL-loading failure each socket-level fault is, as URLSession reports
/// it (a dropped or reset connection and a response that ends early are "network connection lost",
/// silence is "timed out"), and whether the attempt fails at all (a slow body within the timeout is
/// an answer).
public struct TransportFaultExpectation: Sendable, Hashable {
    /// The fault.
    public var fault: LiveFault
    /// True when the attempt ends without a response (the oracle gets status 0).
    public var fails: Bool
    /// The `TransportError.Kind` raw values a failed attempt may be reported as; all are kinds MSAL retries.
    public var kinds: Set<String>

    /// The expectation for `fault`.
    public static func of(_ fault: LiveFault) -> TransportFaultExpectation {
        switch fault {
        case .connectionReset, .emptyResponse, .cutMidBody:
            TransportFaultExpectation(fault: fault, fails: true, kinds: ["networkConnectionLost"])
        case .neverAnswers:
            TransportFaultExpectation(fault: fault, fails: true, kinds: ["timedOut"])
        case .slowBody:
            TransportFaultExpectation(fault: fault, fails: false, kinds: [])
        }
    }

    /// The failure kinds the engine's transport should report for one case: one per faulted attempt.
    public func expectedKinds(attempts: Int) -> [String] {
        guard fails, let kind = kinds.sorted().first else { return [] }
        return Array(repeating: kind, count: attempts)
    }

    /// True when `actual` (the kinds the transport reported, in order) agrees with `attempts` faulted attempts.
    public func accepts(_ actual: [String], attempts: Int) -> Bool {
        guard fails else { return actual.isEmpty }
        return actual.count == attempts && actual.allSatisfy(kinds.contains)
    }
}
