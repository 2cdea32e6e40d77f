import Foundation
import NativeAuth

extension Scenario {
    /// Self-service password reset for an existing user, with completion polling, then
    /// sign-in after reset with the new password.
    public static let resetPassword = Scenario(
        name: "reset-password-polling",
        summary: "reset a password (code, new password, completion polling), then sign in"
    ) { environment, log in
        let email = "alex@contoso.com"
        let app = try environment.application(clientID: environment.passwordClientID, challengeTypes: [.OOB, .password])
        let start = await app.resetPassword(username: email)
        log.record("resetPassword", start.outcome)
        guard case .codeRequired(let codeState, _, _, _) = start else { throw ScenarioFailure.unexpected("resetPassword", start.outcome) }
        let code = try await environment.code(for: email)
        let verified = await codeState.submitCode(code: code)
        log.record("submitCode", verified.outcome)
        guard case .passwordRequired(let passwordState) = verified else { throw ScenarioFailure.unexpected("submitCode", verified.outcome) }
        let submitted = await passwordState.submitPassword(password: "Quiet-Harbor-\(environment.runID)-9!")
        log.record("submitPassword", submitted.outcome)
        guard case .completed(let afterReset) = submitted else { throw ScenarioFailure.unexpected("submitPassword", submitted.outcome) }
        let signIn = await afterReset.signIn()
        log.record("signInAfterResetPassword", signIn.outcome)
        guard case .completed = signIn else { throw ScenarioFailure.unexpected("signInAfterResetPassword", signIn.outcome) }
    }

    /// The demo's journeys, in order.
    public static let demo: [Scenario] = [signUpWithAttributes, resetPassword, signInWithEmailCode]
}
