import Foundation

/// The declarative outcome table: one row per step × response class, covering every row of
/// client-behaviour.md §5 (MSAL iOS 2.13, quirks included and marked).
///
/// Rows for a step are tried in order; the first match wins and every step ends with a row that
/// matches anything, so a lookup never fails for a known step.
public enum OutcomeTable {
    /// All rows, grouped by flow in spec order.
    public static let rows: [OutcomeRow] =
        signUpRows + signInRows + secondFactorRows + mfaRows + registrationRows + resetPasswordRows + credentialsRows

    private static let rowsByStep: [Step: [OutcomeRow]] = Dictionary(grouping: rows, by: \.step)

    /// The rows of one step, in matching order.
    public static func rows(for step: Step) -> [OutcomeRow] { rowsByStep[step] ?? [] }

    /// The first row of `step` that matches `response`.
    public static func row(for step: Step, response: ResponseClass) -> OutcomeRow? {
        // Matched in place: only the winning row is copied out (each copy retains every field of a row).
        rowsByStep[step]?.withUnsafeBufferPointer { rows in
            for index in rows.indices where rows[index].match.matches(response) { return rows[index] }
            return nil
        }
    }

    /// The expected outcome and the row that gives it; nil when the client proceeds to another
    /// request (see ``row(for:response:)`` for the next step) or no row matches.
    public static func expect(step: Step, response: ResponseClass) -> (ExpectedOutcome, OutcomeRow)? {
        guard let row = row(for: step, response: response), let outcome = row.expected else { return nil }
        return (outcome, row)
    }

    /// The table as Markdown, one section per §5 table, for `docs/outcome-table.md`.
    public static func markdown() -> String {
        var lines = [
            "# Outcome table",
            "",
            "Generated from `OutcomeTable.rows` (module `Oracle`); do not edit by hand.",
            "Reference: `spec/client-behaviour.md` §5 (MSAL iOS 2.13). Rows of a step are tried in order;",
            "the first match wins. `newState` shows the state class and which token it holds:",
            "`response` = the token of this response, `request` = the old token (retry state).",
            "Rows marked ⚠ mirror an MSAL oddity on purpose.",
        ]
        var currentStep: Step?
        for row in rows {
            if row.step != currentStep {
                currentStep = row.step
                lines += [
                    "", "## `\(row.step.name)` (\(row.step.endpointPath))", "",
                    "| Ref | Response | Callback | Error | newState | Note |",
                    "|---|---|---|---|---|---|",
                ]
            }
            lines.append(markdownLine(row))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func markdownLine(_ row: OutcomeRow) -> String {
        let callback: String
        let error: String
        let state: String
        switch row.expectation {
        case .proceed(let next):
            callback = "→ next request: `\(next.name)`"
            error = ""
            state = ""
        case .outcome(let outcome):
            callback = "`\(outcome.callback)`"
            error = outcome.error.map { "`\($0)`" } ?? ""
            switch outcome.newStateToken {
            case .none: state = outcome.newState ?? "nil"
            case .fromResponse: state = "\(outcome.newState ?? "?") (response)"
            case .fromRequest: state = "\(outcome.newState ?? "?") (request)"
            }
        }
        let note = row.quirk.map { "⚠ " + $0 } ?? ""
        let cells = [row.specRef, row.match.description, callback, error, state, note]
        return "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }
}

/// Predicts what an MSAL-conforming client does with one raw response of `step`: the outcome, or
/// the next step when the client sends another request.
public func predictExpectation(step: Step, status: Int, headers: [(String, String)], body: [UInt8]) -> Expectation {
    let response = StrictClassifier.classify(step: step, status: status, headers: headers, body: body)
    // Every step ends with a catch-all row, so this lookup cannot fail for a step in `Step.allCases`.
    return OutcomeTable.row(for: step, response: response)?.expectation ?? .outcome(
        ExpectedOutcome(callback: "unknownStep", error: "\(step.name).noRow"))
}

/// Predicts the outcome of the last response of an action. When the response makes the client
/// proceed to another request, the result names that step: callback `proceed`, newState = step name.
public func predict(step: Step, status: Int, headers: [(String, String)], body: [UInt8]) -> ExpectedOutcome {
    switch predictExpectation(step: step, status: status, headers: headers, body: body) {
    case .outcome(let outcome): return outcome
    case .proceed(let next): return ExpectedOutcome(callback: "proceed", newState: next.name, newStateToken: .fromResponse)
    }
}
