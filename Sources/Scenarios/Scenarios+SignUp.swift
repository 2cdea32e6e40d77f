import Foundation
import NativeAuth

extension Scenario {
    /// Values the scenarios give for attributes the server asks for.
    static func value(forAttribute name: String, runID: String) -> String {
        switch name {
        case "displayName": return "Demo User \(runID)"
        case "flatusername": return "demo_\(runID)"
        case "city": return "Redmond"
        case "postalCode": return "98052"
        default: return "value-\(runID)"
        }
    }

    /// Email + password sign-up with the password given at start, a wrong code first, the
    /// attributes the server asks for over as many pages as it needs, then sign-in after sign-up.
    public static let signUpWithAttributes = Scenario(
        name: "signup-password-attributes",
        summary: "sign up with email and password, a wrong code first, attributes over two pages, then sign in"
    ) { environment, log in
        let email = "new.user.\(environment.runID)@contoso.com"
        let password = "Bright-River-\(environment.runID)-7!"
        let app = try environment.application(clientID: environment.passwordClientID, challengeTypes: [.OOB, .password])
        let start = await app.signUp(username: email, password: password)
        log.record("signUp", start.outcome)
        guard case .codeRequired(var codeState, _, _, _) = start else { throw ScenarioFailure.unexpected("signUp", start.outcome) }

        let code = try await environment.code(for: email)
        let wrong = await codeState.submitCode(code: Scenario.wrongCode(for: code))
        log.record("submitCode (wrong)", wrong.outcome)
        guard case .error(let error, let retryState?) = wrong, error.isInvalidCode else {
            throw ScenarioFailure.unexpected("submitCode (wrong)", wrong.outcome)
        }
        codeState = retryState

        let afterSignUp = try await finishSignUp(codeState, code: code, environment: environment, log: log)
        let signIn = await afterSignUp.signIn()
        log.record("signInAfterSignUp", signIn.outcome)
        guard case .completed(let account) = signIn else { throw ScenarioFailure.unexpected("signInAfterSignUp", signIn.outcome) }
        guard account.account.username == email else {
            throw ScenarioFailure(step: "signInAfterSignUp", message: "the account is not the one signed up")
        }
    }

    /// A code that differs from `code` in its last digit.
    static func wrongCode(for code: String) -> String {
        guard let last = code.last, let digit = last.wholeNumberValue else { return code + "0" }
        return String(code.dropLast()) + String((digit + 1) % 10)
    }
}
