import Driver
import NativeAuth
import Oracle

/// The V2 oracle's expectation for the answers one action consumed (``V2OutcomeTable/walk(from:responses:profile:)``),
/// as a concrete ``Outcome`` with the token its new state must hold, and what a report must say about it.
enum V2Verdict {
    static func step(
        _ action: V2UserAction, _ oracleStep: V2Step, _ exchanges: [V2RecordedExchange], profile: V2OracleProfile
    ) -> V2ScriptStep {
        let token = exchanges.first?.requestToken
        var step = V2ScriptStep(
            action: action, oracleStep: oracleStep, exchanges: exchanges, token: token, expected: nil, uncertainRows: [],
            notes: [])
        let responses = exchanges.map { RawResponse(status: $0.status, headers: $0.responseHeaders, body: $0.responseBody) }
        let walk = V2OutcomeTable.walk(from: oracleStep, responses: responses, profile: profile)
        let used = [walk.stateRow, walk.unsentRow].compactMap { $0 } + walk.hops.compactMap(\.row)
        step.uncertainRows = used.filter(\.uncertain).map(\.id)
        switch walk.expectation {
        case .outcome(let expected):
            let newToken: String? =
                switch expected.newStateToken {
                case .none: nil
                case .fromResponse: walk.expectedToken
                case .fromRequest: token
                }
            step.expected = Outcome(
                callback: expected.callback, error: expected.error, newState: expected.newState, newStateToken: newToken)
            if walk.consumed != exchanges.count {
                step.notes.append(
                    "the oracle (\(profile.name)) ends \(action.name) after \(walk.consumed) of its \(exchanges.count) "
                        + "recorded answers; the capture's requests say \(exchanges.count)")
            }
        case .proceed(let next):
            if walk.hops.allSatisfy({ $0.row == nil }) {
                step.notes.append("the V2 oracle (\(profile.name)) has no row for the answers of \(oracleStep)")
            } else {
                step.notes.append("the capture ends before \(action.name) does: the client would go on with \(next)")
            }
        }
        return step
    }
}
