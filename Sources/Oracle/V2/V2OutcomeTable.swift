/// The V2 outcome table (spec native-auth-v2 §3.4) and its walk over the answers of one action.
/// Written from the spec alone; never imports the engine.
///
/// Row ids are the §3.4 block letter and the row's number in its block; a suffix letter marks a split or
/// an added variant (`A2b`), and every "error ⇒ mapped" row is split per §3.3 r2 kind (`B7a` invalidCode,
/// `b` passwordTooWeak, `c` wrong password, `d` user not found, `e` any other error). JIT rows are not
/// modelled (C6 keeps iOS-I's generalError). K rows judge the answer to any request (`link *`).
public enum V2OutcomeTable {
    /// Every row the profile models.
    public static func rows(profile: V2OracleProfile = .iOS_2_18_1) -> [V2Row] {
        signInRows(profile) + submitCodeRows(profile) + resendRows(profile) + mfaRows(profile) + signUpRows(profile)
            + resetPasswordRows(profile) + genericRows(profile)
    }

    /// The row with this id under `profile`.
    public static func row(id: String, profile: V2OracleProfile = .iOS_2_18_1) -> V2Row? {
        table(profile)[id]
    }

    /// The rows of the two shipped profiles by id, built once (the fuzzer walks many answers).
    private static let table2181 = byId(rows(profile: .iOS_2_18_1))
    private static let table217 = byId(rows(profile: .iOS_2_17))

    private static func byId(_ rows: [V2Row]) -> [String: V2Row] {
        Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func table(_ profile: V2OracleProfile) -> [String: V2Row] {
        if profile == .iOS_2_18_1 { return table2181 }
        if profile == .iOS_2_17 { return table217 }
        return byId(rows(profile: profile))
    }

    /// Walks the answers of one action starting at `step`: each answer is read with the oracle's own
    /// strict reader, matched to a row, and followed while the row says the client proceeds.
    public static func walk(from step: V2Step, responses: [RawResponse], profile: V2OracleProfile = .iOS_2_18_1) -> V2ChainPrediction {
        let rowsById = table(profile)
        let stateRow = V2Position.stateRowId(step).flatMap { rowsById[$0] }
        var prediction = walkRows(from: step, responses: responses, profile: profile, rowsById: rowsById)
        prediction.stateRow = stateRow
        return prediction
    }

    private static func walkRows(
        from step: V2Step, responses: [RawResponse], profile: V2OracleProfile, rowsById: [String: V2Row]
    ) -> V2ChainPrediction {
        var position: V2Position
        switch V2Position.start(step, profile: profile) {
        case .success(let start): position = start
        case .failure(let stop):
            let row = rowsById[stop.rowId]
            return V2ChainPrediction(expectation: row?.expectation ?? V2Expect.generalError, hops: [], unsentRow: row)
        }
        let judge = V2Judge(step: step, profile: profile)
        var hops: [V2ChainPrediction.Hop] = []
        for response in responses {
            // O17 is not a HAL answer: the judge reads its body as V1's token response (§3.2).
            let answer =
                position.kind == .token
                ? V2OracleAnswer(status: response.status, problem: response.status == 0 ? .transportFailure : nil)
                : V2OracleAnswer.read(response)
            let request = position.request
            let decision = judge.decide(position, answer, body: response.body)
            let row = rowsById[decision.rowId]
            hops.append(V2ChainPrediction.Hop(request: request, row: row))
            guard let row else { break }
            switch row.expectation {
            case .outcome(let outcome):
                let token = outcome.newState == nil ? nil : answer.continuationToken
                return V2ChainPrediction(expectation: row.expectation, hops: hops, expectedToken: token)
            case .proceed:
                guard let next = decision.next else { break }
                position = next
                continue
            }
            // A row that proceeds without a next position cannot happen; end as the engine would.
            return V2ChainPrediction(expectation: V2Expect.generalError, hops: hops)
        }
        return V2ChainPrediction(expectation: .proceed(to: position.request), hops: hops)
    }
}
