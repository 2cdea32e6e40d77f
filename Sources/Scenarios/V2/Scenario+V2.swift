import Driver
import Foundation
import NativeAuth

extension Scenario {
    /// V2 (native-auth-v2 §2.2): sign-in with an email one-time code by the engine's `signInV2`, a wrong
    /// code first: `authorize-challenge`, the entry link, the only method challenged by the SDK itself,
    /// the code (retried on the same state), then the resume and the code exchange.
    public static let signInV2WithEmailCode = Scenario(
        name: "signin-v2-email-code",
        summary: "V2: sign in with an email one-time code through the engine's signInV2, a wrong code first"
    ) { environment, log in
        let email = "sam@contoso.com"
        let app = try environment.application(clientID: environment.passwordClientID, challengeTypes: [.OOB, .password])
        var performer = V2ActionPerformer(app: app)
        let started = try await log.perform(.signIn(username: email), with: &performer)
        guard case .codeRequired = started.result else { throw ScenarioFailure.unexpected("signInV2", started.outcome) }
        let wrong = try await log.perform(.submitCode(code: "00000000"), with: &performer)
        guard wrong.result.error?.isInvalidCode == true else { throw ScenarioFailure.unexpected("submitCode", wrong.outcome) }
        let code = try await environment.code(for: email)
        let done = try await log.perform(.submitCode(code: code), with: &performer)
        guard case .completed(let account) = done.result, account.idToken != nil else {
            throw ScenarioFailure.unexpected("submitCode", done.outcome)
        }
    }

    /// The V2 journeys of `authtape demo`, recorded into a capture of their own.
    public static let demoV2: [Scenario] = [signInV2WithEmailCode]
}

extension ScenarioLog {
    /// Performs a V2 action and records its Outcome; a refusal (no state accepts it) fails the scenario.
    func perform(_ action: V2UserAction, with performer: inout V2ActionPerformer) async throws -> V2ActionPerformer.Performed {
        let performed: V2ActionPerformer.Performed
        do {
            performed = try await performer.perform(action)
        } catch {
            throw ScenarioFailure(step: action.name, message: error.message)
        }
        record(action.name, performed.outcome)
        return performed
    }
}
