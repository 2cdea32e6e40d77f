import Foundation
import Testing

@testable import Oracle

@Suite("The outcome table as a whole")
struct OutcomeTableTests {
    @Test("every row's spec reference is unique")
    func uniqueSpecRefs() {
        let refs = OutcomeTable.rows.map(\.specRef)
        let duplicates = Dictionary(grouping: refs, by: { $0 }).filter { $0.value.count > 1 }.keys
        #expect(duplicates.isEmpty, "duplicated: \(duplicates.sorted())")
    }

    /// Rows per §5 table, counted from client-behaviour.md by hand. A spec row naming several
    /// response classes is split (e.g. §5.1 B row 4 → 4a/4b/4c); a table used by two steps counts twice.
    /// Shared classifications: challenge §5.2 B = 10 rows (1, 2|3, 4, 5, 6a, 6b, 7, 8, 9, unexpected);
    /// token §5.2 C = 16 rows (C1, C2a, C2b, C3–C15); introspect = 5 rows for MFA (oauth2/introspect) and 4
    /// for registration (register/introspect has no named error: MSAL's JITIntrospect knows only unknown, §2).
    static let expectedCounts: [String: Int] = [
        "5.1 A": 12, "5.1 B": 8, "5.1 C": 5, "5.1 D": 13, "5.1 D2": 5, "5.1 E": 8, "5.1 F": 5,
        "5.2 A": 6 * 2, "5.2 B": 10 * 2,
        "5.2 D": 16 + 5 + 4, "5.2 E": 16 + 5 + 4, "5.2 F": 16 + 5 + 4, "5.2 G": 10,
        "5.2 H": 2 * (1 + 16 + 5 + 4),
        "5.3 requestChallenge": 10, "5.3 submitChallenge": 16 + 5 + 4,
        "5.4 challengeAuthMethod": 9 + 2 + 16 + 5 + 4, "5.4 submitChallenge": 5 + 16 + 5 + 4,
        "5.5 A": 9, "5.5 B": 7, "5.5 C": 3, "5.5 D": 8, "5.5 E": 7, "5.5 F": 8 * 2,
        "5.9": 5,
    ]

    @Test("every §5 table has exactly the rows derived from the spec")
    func rowCountsPerSection() {
        let counts = Dictionary(grouping: OutcomeTable.rows, by: \.section).mapValues(\.count)
        #expect(counts == Self.expectedCounts)
    }

    @Test("every step has rows and its last row catches every kind of response")
    func everyStepHasACatchAll() {
        for step in Step.allCases {
            let rows = OutcomeTable.rows(for: step)
            #expect(!rows.isEmpty, "no rows for \(step)")
            for kind in ResponseClass.Kind.allCases {
                let response = ResponseClass(kind: kind, status: 400)
                #expect(rows.last?.match.matches(response) == true, "\(step) last row misses \(kind)")
            }
        }
    }

    @Test("every step of the table is in Step.allCases and every proceed target has rows")
    func proceedTargetsExist() {
        let steps = Set(Step.allCases)
        for row in OutcomeTable.rows {
            #expect(steps.contains(row.step))
            if case .proceed(let next) = row.expectation {
                #expect(!OutcomeTable.rows(for: next).isEmpty, "\(row.specRef) proceeds to \(next) which has no rows")
            }
        }
    }

    @Test("every error outcome names an error type of §4 that belongs to its callback's class")
    func errorTypesComeFromTheSpec() {
        for row in OutcomeTable.rows {
            guard let outcome = row.expected else { continue }
            if let error = outcome.error {
                let parts = error.split(separator: ".").map(String.init)
                #expect(parts.count == 2, "\(row.specRef): \(error)")
                let callback = SpecVocabulary.errorCallbacks[outcome.callback]
                #expect(callback?.errorClass == parts.first, "\(row.specRef): \(outcome.callback) with \(error)")
                #expect(SpecVocabulary.errorTypes[parts[0]]?.contains(parts[1]) == true, "\(row.specRef): \(error)")
                if let state = outcome.newState {
                    #expect(callback?.state == state, "\(row.specRef): \(outcome.callback) cannot carry \(state)")
                    #expect(outcome.newStateToken == .fromRequest, "\(row.specRef): an error hands back the old token")
                }
            } else {
                let states = SpecVocabulary.successCallbacks[outcome.callback]
                #expect(states != nil, "\(row.specRef): \(outcome.callback) is not a success callback of §3.2")
                #expect(states?.contains(outcome.newState) == true, "\(row.specRef): \(outcome.callback) → \(outcome.newState ?? "nil")")
            }
        }
    }

    @Test("every step reports only to the methods of its own delegate")
    func callbacksBelongToTheStepsDelegate() {
        for row in OutcomeTable.rows {
            guard let outcome = row.expected else { continue }
            let delegate = SpecVocabulary.delegate(of: row.step)
            #expect(SpecVocabulary.delegates[delegate]?.contains(outcome.callback) == true,
                    "\(row.specRef): \(outcome.callback) is not on \(delegate)")
        }
    }

    @Test("step names are stable and round-trip through Codable")
    func stepNames() throws {
        #expect(Step.mfaIntrospect(after: .signInSubmitCode).name == "mfaIntrospect.signInSubmitCode")
        #expect(Set(Step.allCases.map(\.name)).count == Step.allCases.count)
        let data = try JSONEncoder().encode(Step.allCases)
        #expect(try JSONDecoder().decode([Step].self, from: data) == Step.allCases)
        #expect(Step(name: "noSuchStep") == nil)
    }

    @Test("expected outcomes encode in the replay report shape")
    func outcomeJSON() throws {
        let outcome = ExpectedOutcome(
            callback: "onSignUpVerifyCodeError", error: "VerifyCodeError.invalidCode",
            newState: "SignUpCodeRequiredState", newStateToken: .fromRequest)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(outcome)) as? [String: String]
        #expect(object == [
            "callback": "onSignUpVerifyCodeError", "error": "VerifyCodeError.invalidCode",
            "newState": "SignUpCodeRequiredState", "newStateToken": "fromRequest",
        ])
    }

    @Test("an outcome without a state never claims a token")
    func noStateNoToken() {
        #expect(ExpectedOutcome(callback: "onSignInCompleted", newStateToken: .fromResponse).newStateToken == .none)
    }

    @Test("the Markdown table has one line per row and names every spec reference and quirk")
    func markdown() {
        let text = OutcomeTable.markdown()
        let rowLines = text.split(separator: "\n").filter { $0.hasPrefix("| §") }
        #expect(rowLines.count == OutcomeTable.rows.count)
        for row in OutcomeTable.rows {
            #expect(text.contains("| \(row.specRef) |"), "missing \(row.specRef)")
        }
        #expect(text.contains("⚠ "))
        #expect(text.contains("## `signUpStart` (/signup/v1.0/start)"))
    }

    @Test("the §8.2 quirks and the errata are marked on their rows")
    func quirksMarked() {
        func quirk(_ step: Step, _ ref: String) -> String? {
            OutcomeTable.rows(for: step).first { $0.specRef == ref }?.quirk
        }
        #expect(quirk(.signUpSubmitCode, "§5.1 D row 1") != nil)  // item 3: redirect ignored
        #expect(quirk(.signUpSubmitCode, "§5.1 D row 2") != nil)  // item 8
        #expect(quirk(.signInSubmitPassword, "§5.2 E row C1") != nil)  // item 5
        #expect(quirk(.mfaIntrospect(after: .signInAfterSignUp), "§5.2 H row M.2") != nil)  // item 1
        #expect(quirk(.mfaIntrospect(after: .signInAfterSignUp), "§5.2 H row M.1") != nil)  // errata
        #expect(quirk(.resetPasswordPoll, "§5.5 F row 8") != nil)  // item 9
        #expect(quirk(.getAccessToken, "§5.9 row 3a") != nil)  // item 4
        #expect(quirk(.registerSubmitToken, "§5.4 submitChallenge row 1/C2a") != nil)  // item 7
    }
}
