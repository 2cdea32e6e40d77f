import NativeAuth
import Oracle

/// Judges a V2 observation against the V2 oracle's walk of the **final mutated bytes**
/// (`V2OutcomeTable.walk`): callback, error, state class, the state's token, the number of requests
/// the engine made against the answers the walk consumed, and where each request went against the link
/// the answer before it names (``V2RequestTarget``). No engine code decides a verdict.
public enum V2Judge {
    /// Transport failures after the script, so the walk ends like the transport does (V2 does not retry).
    static let exhaustion = Array(repeating: RawResponse(status: 0, body: []), count: 4)

    /// The oracle's walk over an action's answers.
    public static func predict(step: V2Step, responses: [FuzzResponse], profile: V2OracleProfile = .iOS_2_18_1) -> V2ChainPrediction {
        V2OutcomeTable.walk(from: step, responses: responses.map(Judge.raw) + exhaustion, profile: profile)
    }

    /// The oracle's walk of a case: ``V2TokenWalk`` for `getAccessToken`, else the V2 table's.
    public static func predict(_ fuzzCase: V2FuzzCase, profile: V2OracleProfile = .iOS_2_18_1) -> V2ChainPrediction {
        if let read = fuzzCase.tokenRead { return V2TokenWalk.predict(read, responses: fuzzCase.responses) }
        return predict(step: fuzzCase.step, responses: fuzzCase.responses, profile: profile)
    }

    /// The ids of the rows a walk used, in order (`?` for a hop no row matched).
    public static func rowIds(_ prediction: V2ChainPrediction) -> [String] {
        (prediction.unsentRow.map { [$0.id] } ?? []) + prediction.hops.map { $0.row?.id ?? "?" }
    }

    /// The verdict for `fuzzCase` given what happened; `baseline` is the unmutated action's outcome
    /// (metamorphic cases), `secrets` the values that must not appear in an error message.
    public static func judge(_ fuzzCase: V2FuzzCase, observation: Observation?, baseline: Outcome?,
                             prediction: V2ChainPrediction, secrets: () -> [String]) -> Verdict {
        let mutatedHop = fuzzCase.response < prediction.hops.count ? prediction.hops[fuzzCase.response] : nil
        let step = fuzzCase.stepName + (mutatedHop.map { " @ \($0.request)" } ?? "")
        let uncertainRows = ([prediction.unsentRow] + prediction.hops.map(\.row)).compactMap { $0?.uncertain == true ? $0?.id : nil }
        let rowNote = "rows " + rowIds(prediction).joined(separator: ",")
            + (uncertainRows.isEmpty ? "" : "; UNCERTAIN row " + uncertainRows.joined(separator: ","))
        func verdict(_ kind: VerdictKind, _ expected: String, _ actual: String, _ note: String = "") -> Verdict {
            Verdict(kind: kind, step: step, expected: expected, actual: actual, note: note.isEmpty ? rowNote : note + " (" + rowNote + ")")
        }
        guard let expected = prediction.expectation.outcome else {
            return verdict(.undecided, prediction.expectation.description, "-")
        }
        let expectedText = Judge.render(expected)
        guard let observation else { return verdict(.hang, expectedText, "no outcome before the deadline") }
        if let problem = observation.prefixProblem { return verdict(.prefixBroken, expectedText, "-", problem) }
        guard let outcome = observation.outcome else { return verdict(.hang, expectedText, "no outcome") }
        let actualText = Judge.render(outcome)
        if let message = observation.errorMessage {
            let search = SecretSearch(message)
            for secret in secrets() where FuzzRunner.hasSixCharacters(secret) && search.finds(secret) {
                return verdict(.secretLeak, expectedText, actualText, "an error message repeats a secret of the exchange")
            }
        }
        if outcome.callback != expected.callback || outcome.error != expected.error || outcome.newState != expected.newState {
            return verdict(.mismatch, expectedText, actualText)
        }
        if expected.newState != nil, prediction.expectedToken != outcome.newStateToken {
            return verdict(.wrongToken, expectedText + " token " + (prediction.expectedToken == nil ? "none" : "of the deciding answer"),
                           actualText, "the new state holds another continuation token than the oracle reads")
        }
        if observation.actionRequests != prediction.consumed {
            return verdict(.requestCount, "\(prediction.consumed) requests", "\(observation.actionRequests) requests")
        }
        let sent = Array(observation.requests.suffix(observation.actionRequests))
        if let first = observation.requests.first,
           let wrong = V2RequestTarget.firstWrong(sent: sent, prediction: prediction, responses: fuzzCase.responses, authority: first.url) {
            return verdict(.mismatch, expectedText + "; request \(wrong.index + 1): " + wrong.expected,
                           actualText + "; request \(wrong.index + 1): " + wrong.actual,
                           "a request went elsewhere than the link the answer before it names")
        }
        if fuzzCase.metamorphic, let baseline, baseline != outcome {
            return verdict(.metamorphic, Judge.render(baseline), actualText, "the unmutated answer gave another outcome")
        }
        return verdict(.pass, expectedText, actualText)
    }

    /// Secrets of a case: values the user typed up to the action and tokens the server sent.
    package static func secrets(flow: V2FuzzFlow, fuzzCase: V2FuzzCase) -> [String] {
        var secrets: [String] = []
        for index in 0...min(fuzzCase.action, flow.actions.count - 1) {
            secrets += flow.actions[index].call.secrets
            for answer in index == fuzzCase.action ? fuzzCase.responses : flow.actions[index].responses {
                guard let node = JSONNode.parse(answer.body) else { continue }
                for key in ["continuationToken", "continuation_token", "access_token", "refresh_token", "id_token"] {
                    secrets += node.values(of: key).compactMap(\.stringValue)
                }
                // The authorization code is the top-level `code`; an error's `code` is its name.
                if let code = node["code"]?.stringValue { secrets.append(code) }
            }
        }
        return secrets.filter(FuzzRunner.isSecret)
    }
}
