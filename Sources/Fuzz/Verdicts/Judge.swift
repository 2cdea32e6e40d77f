import Foundation
import NativeAuth
import Oracle

/// The kinds of verdict a case can get.
public enum VerdictKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The engine did what the oracle predicts from the mutated bytes.
    case pass
    /// Callback, error type or newState class differ from the oracle's prediction.
    case mismatch
    /// Right callback and state class, but the state holds the wrong continuation token.
    case wrongToken
    /// The engine sent a different number of requests than the oracle walked.
    case requestCount
    /// A metamorphic change (extra field, key order, …) changed the engine's outcome.
    case metamorphic
    /// An error message repeats a secret from the exchange.
    case secretLeak
    /// No terminal outcome within the per-case deadline.
    case hang
    /// An earlier, unmutated action did not lead where the script expects (a broken base flow).
    case prefixBroken
    /// The oracle could not decide (its walk ran out of answers).
    case undecided

    /// True for verdicts that are findings.
    public var isFinding: Bool { ![.pass, .undecided].contains(self) }
}

/// The judgement of one case.
public struct Verdict: Sendable, Hashable {
    public var kind: VerdictKind
    /// The step whose response was mutated (from the oracle's walk).
    public var step: String
    /// What the oracle expects, rendered.
    public var expected: String
    /// What the engine did, rendered (without tokens).
    public var actual: String
    /// A secret-free note (which token, how many requests, …).
    public var note: String
}

/// Judges an observation against the oracle's prediction for the **final mutated bytes**. It uses
/// the Oracle module and the fuzzer's own JSON and form readers; no engine code decides a verdict.
public enum Judge {
    /// Transport failures appended after the script so the oracle's walk ends like the transport does.
    static let exhaustion = Array(repeating: RawResponse(status: 0, body: []), count: 4)

    /// The oracle's walk over an action's answers.
    public static func predict(step: Step, responses: [FuzzResponse]) -> ChainPrediction {
        OutcomeTable.walk(from: step, responses: responses.map(raw) + exhaustion)
    }

    /// An answer as the oracle sees it.
    static func raw(_ answer: FuzzResponse) -> RawResponse {
        RawResponse(status: answer.observedStatus, headers: answer.headers.map { ($0.name, $0.value) }, body: answer.body)
    }

    /// The verdict for `fuzzCase` given what happened. `baseline` is the engine's outcome for the
    /// unmutated action (needed for metamorphic cases); `secrets` are values that must not leak.
    public static func judge(_ fuzzCase: FuzzCase, observation: Observation?, baseline: Outcome?, secrets: [String]) -> Verdict {
        judge(fuzzCase, observation: observation, baseline: baseline, secretsIfNeeded: { secrets })
    }

    /// ``judge(_:observation:baseline:secrets:)`` working the secrets out only when an error message
    /// has to be checked.
    ///
    /// `prediction`, when given, must be ``predict(step:responses:)`` of the case (the runner works it out
    /// with the classifications of unmutated answers it remembers).
    static func judge(_ fuzzCase: FuzzCase, observation: Observation?, baseline: Outcome?,
                      prediction: ChainPrediction? = nil, secretsIfNeeded: () -> [String]) -> Verdict {
        let prediction = prediction ?? predict(step: fuzzCase.step, responses: fuzzCase.responses)
        let mutatedStep = fuzzCase.response < prediction.hops.count
            ? prediction.hops[fuzzCase.response].step.name : fuzzCase.step.name
        func verdict(_ kind: VerdictKind, _ expected: String, _ actual: String, _ note: String = "") -> Verdict {
            Verdict(kind: kind, step: mutatedStep, expected: expected, actual: actual, note: note)
        }
        guard let expected = prediction.expectation.outcome else {
            return verdict(.undecided, prediction.expectation.description, "-")
        }
        let expectedText = render(expected)
        guard let observation else { return verdict(.hang, expectedText, "no outcome before the deadline") }
        if let problem = observation.prefixProblem { return verdict(.prefixBroken, expectedText, "-", problem) }
        guard let outcome = observation.outcome else { return verdict(.hang, expectedText, "no outcome") }
        let actualText = render(outcome)
        if let message = observation.errorMessage {
            let search = SecretSearch(message)
            for secret in secretsIfNeeded() where FuzzRunner.hasSixCharacters(secret) && search.finds(secret) {
                return verdict(.secretLeak, expectedText, actualText, "an error message repeats a secret of the exchange")
            }
        }
        if outcome.callback != expected.callback || outcome.error != expected.error || outcome.newState != expected.newState {
            return verdict(.mismatch, expectedText, actualText)
        }
        let actionRequests = Array(observation.requests.suffix(observation.actionRequests))
        if outcome.newState != nil,
            let wanted = expectedToken(expected.newStateToken, prediction: prediction, responses: fuzzCase.responses,
                                       requests: actionRequests),
            wanted != outcome.newStateToken
        {
            return verdict(.wrongToken, expectedText + " token " + expected.newStateToken.rawValue, actualText,
                           "the new state holds another continuation token than the rule \(expected.newStateToken.rawValue) names")
        }
        if actionRequests.count != prediction.consumed {
            return verdict(.requestCount, "\(prediction.consumed) requests", "\(actionRequests.count) requests")
        }
        if fuzzCase.metamorphic, let baseline, baseline != outcome {
            return verdict(.metamorphic, render(baseline), actualText, "the unmutated answer gave another outcome")
        }
        return verdict(.pass, expectedText, actualText)
    }

    /// The token the new state must hold under `rule` (`.some(nil)`: no token), or nil when the rule says
    /// nothing checkable. A `fromResponse` token is the deciding answer's, read by the oracle as MSAL reads it
    /// for the step that answer answered (``ResponseTokens``).
    static func expectedToken(_ rule: TokenRule, prediction: ChainPrediction, responses: [FuzzResponse],
                              requests: [SentRequest]) -> String?? {
        let last = prediction.hops.count - 1
        guard last >= 0 else { return nil }
        switch rule {
        case .none:
            return nil
        case .fromResponse:
            return .some(prediction.responseToken(in: responses.map(raw)))
        case .fromRequest:
            guard last < requests.count else { return nil }
            return .some(requests[last].continuationToken)
        }
    }

    /// `callback(error) → State`, tokens left out.
    public static func render(_ outcome: ExpectedOutcome) -> String {
        outcome.callback + (outcome.error.map { "(\($0))" } ?? "") + (outcome.newState.map { " → \($0)" } ?? "")
    }

    /// `callback(error) → State`, tokens left out.
    public static func render(_ outcome: Outcome) -> String {
        outcome.callback + (outcome.error.map { "(\($0))" } ?? "") + (outcome.newState.map { " → \($0)" } ?? "")
    }
}

/// `message.contains(secret)`, with a byte search when both are ASCII (where Foundation's
/// canonical-equivalence search and a literal one agree), so a long message is searched quickly.
struct SecretSearch {
    let message: String
    let messageIsASCII: Bool

    init(_ message: String) {
        self.message = message
        messageIsASCII = SecretSearch.isASCII(message)
    }

    func finds(_ secret: String) -> Bool {
        guard messageIsASCII, SecretSearch.isASCII(secret) else { return message.contains(secret) }
        var haystack = message
        var needle = secret
        return haystack.withUTF8 { hay in
            needle.withUTF8 { SecretSearch.horspool(hay, $0) }
        }
    }

    /// Boyer–Moore–Horspool: true when `pin` occurs in `hay` byte for byte.
    static func horspool(_ hay: UnsafeBufferPointer<UInt8>, _ pin: UnsafeBufferPointer<UInt8>) -> Bool {
        let m = pin.count
        let n = hay.count
        guard m > 0 else { return true }
        guard m <= n else { return false }
        // The shift table lives on the stack: this runs for every secret of every error message.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { shift in
            shift.initialize(repeating: m)
            for i in 0..<(m - 1) { shift[Int(pin[i])] = m - 1 - i }
            var i = 0
            while i <= n - m {
                let last = hay[i + m - 1]
                if last == pin[m - 1] {
                    var j = 0
                    while j < m - 1, hay[i + j] == pin[j] { j += 1 }
                    if j == m - 1 { return true }
                }
                i += shift[Int(last)]
            }
            return false
        }
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? text.utf8.allSatisfy { $0 < 0x80 }
    }
}
