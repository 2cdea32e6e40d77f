import Foundation
import Testing

@testable import Oracle

@Suite("The V2 table as a whole")
struct V2TableShapeTests {
    static let profiles: [V2OracleProfile] = [.iOS_2_18_1, .iOS_2_17]

    /// The engine's vocabulary (MSALNativeAuthV2Result.outcome), written out here so the oracle stays independent.
    static let callbacks: Set<String> = [
        "onFlowCompleted", "onCodeRequired", "onPasswordRequired", "onAuthMethodSelectionRequired",
        "onMFAVerificationRequired", "onAttributesRequired", "onSignInAfterSignUpRequired", "onNewPasswordRequired",
        "onSignInAfterResetPasswordRequired", "onFlowError",
    ]
    static let errorKinds: Set<String> = [
        "notImplemented", "userNotFound", "invalidCode", "invalidPassword", "invalidChallenge", "invalidUsername",
        "userAlreadyExists", "invalidAttributes", "browserRequired", "generalError",
    ]
    static let states: Set<String> = [
        "MSALNativeAuthCodeRequiredState", "MSALNativeAuthPasswordRequiredState",
        "MSALNativeAuthAuthMethodSelectionRequiredState", "MSALNativeAuthMFAVerificationRequiredState",
        "MSALNativeAuthAttributesRequiredState", "MSALNativeAuthSignInAfterSignUpState",
        "MSALNativeAuthNewPasswordRequiredState", "MSALNativeAuthSignInAfterResetPasswordState",
    ]

    @Test("row ids are unique, start with their block letter and come in block order, in every profile")
    func uniqueIds() {
        for profile in Self.profiles {
            let ids = V2OutcomeTable.rows(profile: profile).map(\.id)
            #expect(Set(ids).count == ids.count, "\(profile): duplicated ids")
            let letters = ids.compactMap(\.first)
            #expect(letters == letters.sorted())
            #expect(Set(letters) == Set("ABCDEFGHK"))
            #expect(Set(ids) == Set(V2OutcomeTable.rows().map(\.id)), "profiles model the same rows")
        }
    }

    @Test("every row has a source and an answer")
    func everyRowHasASource() {
        for profile in Self.profiles {
            for row in V2OutcomeTable.rows(profile: profile) {
                #expect(!row.source.trimmingCharacters(in: .whitespaces).isEmpty, "\(row.id)")
                #expect(!row.answer.isEmpty, "\(row.id)")
            }
        }
    }

    @Test("the rows the spec marks U or 2.18.1 infers are flagged uncertain")
    func uncertainRowsFlagged() {
        let uncertain = Set(V2OutcomeTable.rows().filter(\.uncertain).map(\.id))
        let expected: Set<String> = [
            "A2", "A4b", "A5b", "A7", "B1", "B4", "B8", "C6", "E6", "F4b", "F6", "G2b", "G7", "G8b", "G9a", "G9b", "G11", "G13", "H12", "H14",
        ]
        #expect(uncertain == expected)
        let old = Set(V2OutcomeTable.rows(profile: .iOS_2_17).filter(\.uncertain).map(\.id))
        #expect(old == ["A4b", "A5b", "A7", "B4", "B8", "C6", "F4b", "G7", "G8b", "G9a", "G9b", "G11", "H14"])
    }

    @Test("every outcome uses the engine's callback, error and state names")
    func vocabulary() {
        for profile in Self.profiles {
            for row in V2OutcomeTable.rows(profile: profile) {
                guard let outcome = row.expectation.outcome else { continue }
                #expect(Self.callbacks.contains(outcome.callback), "\(row.id): \(outcome.callback)")
                if let error = outcome.error {
                    #expect(outcome.callback == "onFlowError")
                    let kind = error.replacingOccurrences(of: "MSALNativeAuthFlowError.", with: "")
                    let allowed = profile.wrongPasswordIsInvalidPassword ? Self.errorKinds : Self.errorKinds.union(["invalidCredentials"])
                    #expect(error.hasPrefix("MSALNativeAuthFlowError.") && allowed.contains(kind), "\(row.id): \(error)")
                }
                if let state = outcome.newState {
                    #expect(Self.states.contains(state), "\(row.id): \(state)")
                    #expect(outcome.newStateToken == .fromResponse)
                }
            }
        }
    }

    @Test("the 2.18.1 profile never names isInvalidCredentials; 2.17 does for a wrong password outside submitPassword")
    func invalidCredentialsOnlyIn217() {
        let new = V2OutcomeTable.rows().compactMap(\.expectation.outcome?.error)
        #expect(!new.contains("MSALNativeAuthFlowError.invalidCredentials"))
        #expect(V2OutcomeTable.row(id: "B7c", profile: .iOS_2_17)?.expectation.outcome?.error == "MSALNativeAuthFlowError.invalidCredentials")
        #expect(V2OutcomeTable.row(id: "C3", profile: .iOS_2_17)?.expectation.outcome?.error == "MSALNativeAuthFlowError.invalidPassword")
    }

    @Test("a proceeding row names a request the table has rows for")
    func proceedTargets() {
        let requests = Set(V2OutcomeTable.rows().map(\.request))
        for row in V2OutcomeTable.rows() {
            guard case .proceed(let next) = row.expectation else { continue }
            #expect(requests.contains(next), "\(row.id) → \(next)")
        }
    }
}
