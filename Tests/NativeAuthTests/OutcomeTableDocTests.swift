import Foundation
import Testing
@testable import NativeAuth

/// Every row list with the test that runs it.
let allRowGroups: [(test: String, rows: [Row])] = [
    ("SignUpRowTests.start", signUpStartRows),
    ("SignUpRowTests.resend", signUpResendRows),
    ("SignUpRowTests.submitCode", signUpSubmitCodeRows),
    ("SignUpRowTests.submitPassword", signUpSubmitPasswordRows),
    ("SignUpRowTests.submitAttributes", signUpSubmitAttributesRows),
    ("SignInRowTests.start", signInStartRows),
    ("SignInRowTests.submitPassword", signInSubmitPasswordRows),
    ("SignInRowTests.submitCode", signInSubmitCodeRows),
    ("SignInRowTests.resend", signInResendRows),
    ("SignInRowTests.afterPreviousFlow", signInAfterRows),
    ("MFAAndRegistrationRowTests.mfa", mfaRows),
    ("MFAAndRegistrationRowTests.registration", registrationRows),
    ("ResetPasswordRowTests.start", resetStartRows),
    ("ResetPasswordRowTests.resend", resetResendRows),
    ("ResetPasswordRowTests.submitCode", resetSubmitCodeRows),
    ("ResetPasswordRowTests.submitPassword", resetSubmitPasswordRows),
    ("TokensAndTransportTests.credentials", credentialsRows),
]

/// The markdown table of every row (regenerate docs/outcome-table.md's table with
/// `AUTHTAPE_PRINT_OUTCOME_TABLE=1 swift test --filter OutcomeTableDocTests`).
func outcomeTableMarkdown() -> String {
    var lines = ["| row | server answer(s) / situation | callback | error | newState (token) | quirk | test |",
                 "|---|---|---|---|---|---|---|"]
    for group in allRowGroups {
        for row in group.rows {
            let what = row.what.replacingOccurrences(of: " (MSAL quirk)", with: "")
                .replacingOccurrences(of: " (MSAL traps here)", with: "").replacingOccurrences(of: "|", with: "\\|")
            let state = row.expected.newState.map { "\($0) (\(row.expected.newStateToken ?? "nil"))" } ?? "—"
            let quirk = row.what.contains("MSAL quirk") ? "**MSAL quirk**"
                : row.what.contains("MSAL traps here") ? "**MSAL traps here** (deliberate deviation, R2)" : ""
            lines.append("| \(row.id) | \(what) | `\(row.expected.callback)` | \(row.expected.error.map { "`\($0)`" } ?? "—") | \(state) | \(quirk) | `\(group.test)` |")
        }
    }
    return lines.joined(separator: "\n")
}

@Suite("docs/outcome-table.md")
struct OutcomeTableDocTests {
    @Test("the outcome table document lists every tested row with its outcome")
    func documentListsEveryRow() throws {
        let table = outcomeTableMarkdown()
        if ProcessInfo.processInfo.environment["AUTHTAPE_PRINT_OUTCOME_TABLE"] == "1" { print(table) }
        let docURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/outcome-table.md")
        let document = try String(contentsOf: docURL, encoding: .utf8)
        for line in table.split(separator: "\n").dropFirst(2) {
            #expect(document.contains(line), "docs/outcome-table.md lacks: \(line)")
        }
    }

    @Test("row ids and descriptions are unique so the table reads unambiguously")
    func uniqueRows() {
        let keys = allRowGroups.flatMap { $0.rows.map { "\($0.id) \($0.what)" } }
        #expect(Set(keys).count == keys.count)
    }
}
