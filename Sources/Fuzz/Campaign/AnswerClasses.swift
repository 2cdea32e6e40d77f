import Foundation
import Oracle

/// What the oracle's classifier said about each unmutated flow answer, remembered for the campaign: a
/// case changes one answer of an action, so its other answers are classified again and again (as
/// answers to the same steps). Cases that change an answer, or flows this runner does not know, are
/// classified afresh; the prediction is always ``Judge/predict(step:responses:)``'s.
final class AnswerClasses: @unchecked Sendable {
    private struct Key: Hashable {
        var flow: String
        var action: Int
        var answer: Int
        var step: Step
    }

    private let lock = NSLock()
    private var known: [Key: ResponseClass] = [:]

    /// The oracle's walk over the case's answers (then the transport failures ``Judge`` appends).
    func predict(_ fuzzCase: FuzzCase, flow: FuzzFlow) -> ChainPrediction {
        let responses = fuzzCase.responses
        let unmutated = fuzzCase.action < flow.actions.count ? flow.actions[fuzzCase.action].responses : []
        let raw = responses.map(Judge.raw) + Judge.exhaustion
        return OutcomeTable.walk(from: fuzzCase.step, count: raw.count) { step, index in
            func classify() -> ResponseClass {
                StrictClassifier.classify(step: step, status: raw[index].status, headers: raw[index].headers, body: raw[index].body)
            }
            // An unchanged answer shares its bytes with the flow's, so this comparison is cheap.
            guard index < responses.count, index < unmutated.count, responses[index] == unmutated[index] else {
                return classify()
            }
            let key = Key(flow: flow.name, action: fuzzCase.action, answer: index, step: step)
            if let seen = lock.withLock({ known[key] }) { return seen }
            let classified = classify()
            lock.withLock { known[key] = classified }
            return classified
        }
    }
}
