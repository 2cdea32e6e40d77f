import Foundation
import NativeAuth

extension Scenario {
    /// Email one-time-code sign-in for an existing user of the code app.
    public static let signInWithEmailCode = Scenario(
        name: "signin-email-code",
        summary: "sign in with an email one-time code"
    ) { environment, log in
        let email = "sam@contoso.com"
        let app = try environment.application(clientID: environment.codeClientID, challengeTypes: [.OOB])
        let start = await app.signIn(username: email)
        log.record("signIn", start.outcome)
        guard case .codeRequired(let state, _, _, _) = start else { throw ScenarioFailure.unexpected("signIn", start.outcome) }
        let code = try await environment.code(for: email)
        let result = await state.submitCode(code: code)
        log.record("submitCode", result.outcome)
        guard case .completed = result else { throw ScenarioFailure.unexpected("submitCode", result.outcome) }
    }

    /// Email + password sign-in, the password given up front.
    public static let signInWithPassword = Scenario(
        name: "signin-password",
        summary: "sign in with email and password"
    ) { environment, log in
        let app = try environment.application(clientID: environment.passwordClientID, challengeTypes: [.OOB, .password])
        let result = await app.signIn(username: "alex@contoso.com", password: "Sunny-Day-42!")
        log.record("signIn", result.outcome)
        guard case .completed = result else { throw ScenarioFailure.unexpected("signIn", result.outcome) }
    }
}
