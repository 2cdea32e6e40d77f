import Foundation
import NativeAuth

extension Scenario {
    public static let signUpUserExists = Scenario(name: "signup-user-exists", summary: "sign up with an address that already has an account") { env, log in
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password])
        let start = await app.signUp(username: "alex@contoso.com", password: "Another-Pass-81!")
        try log.expect("signUp", start.outcome, callback: "onSignUpStartError", error: "SignUpStartError.userAlreadyExists")
    }

    public static let signUpWeakPassword = Scenario(name: "signup-invalid-password", summary: "sign up with a password the policy refuses") { env, log in
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password])
        let start = await app.signUp(username: newAddress("weak", env), password: "abc")
        try log.expect("signUp", start.outcome, callback: "onSignUpStartError", error: "SignUpStartError.invalidPassword")
    }

    public static let signUpResendCode = Scenario(name: "signup-resend-code", summary: "sign up, ask for a new code, use it, finish") { env, log in
        let email = newAddress("resend", env)
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password])
        let start = await app.signUp(username: email, password: "Green-Field-\(env.runID)-3!")
        log.record("signUp", start.outcome)
        guard case .codeRequired(let state, _, _, _) = start else { throw ScenarioFailure.unexpected("signUp", start.outcome) }
        let resent = await state.resendCode()
        log.record("resendCode", resent.outcome)
        guard case .codeRequired(let newState, _, _, _) = resent else { throw ScenarioFailure.unexpected("resendCode", resent.outcome) }
        let afterSignUp = try await finishSignUp(newState, code: try await env.code(for: email), environment: env, log: log)
        let signIn = await afterSignUp.signIn()
        try log.expect("signInAfterSignUp", signIn.outcome, callback: "onSignInCompleted")
    }

    public static let signUpInvalidAttribute = Scenario(name: "signup-invalid-attribute", summary: "sign up with an alias the attribute rule refuses") { env, log in
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password])
        let start = await app.signUp(username: newAddress("badalias", env), password: "Solid-Rock-\(env.runID)-5!", attributes: ["flatusername": "x"])
        try log.expect("signUp", start.outcome, callback: "onSignUpAttributesInvalid")
    }

    public static let signInAlias = Scenario(name: "signin-alias", summary: "sign in with the username alias and a password") { env, log in
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password])
        let result = await app.signIn(username: "alex", password: "Sunny-Day-42!")
        try log.expect("signIn", result.outcome, callback: "onSignInCompleted")
    }

    public static let signInUserNotFound = Scenario(name: "signin-user-not-found", summary: "sign in with an address that has no account") { env, log in
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password])
        let result = await app.signIn(username: newAddress("nobody", env), password: "Whatever-Pass-1!")
        try log.expect("signIn", result.outcome, callback: "onSignInStartError", error: "SignInStartError.userNotFound")
    }

    public static let signInWrongPassword = Scenario(name: "signin-wrong-password", summary: "sign in, give a wrong password, then the right one") { env, log in
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password])
        let start = await app.signIn(username: "alex@contoso.com")
        log.record("signIn", start.outcome)
        guard case .passwordRequired(let state) = start else { throw ScenarioFailure.unexpected("signIn", start.outcome) }
        let wrong = await state.submitPassword(password: "Wrong-Pass-000!")
        log.record("submitPassword (wrong)", wrong.outcome)
        guard case .error(_, let retry?) = wrong else { throw ScenarioFailure.unexpected("submitPassword (wrong)", wrong.outcome) }
        let right = await retry.submitPassword(password: "Sunny-Day-42!")
        try log.expect("submitPassword", right.outcome, callback: "onSignInCompleted")
    }

    public static let signInRedirect = Scenario(name: "signin-redirect", summary: "an app that lacks the challenge type the user needs is sent to the browser") { env, log in
        let app = try env.application(clientID: env.codeClientID, challengeTypes: [.password])
        let result = await app.signIn(username: "sam@contoso.com")
        try log.expect("signIn", result.outcome, callback: "onSignInStartError", error: "SignInStartError.browserRequired")
    }

    public static let signInMFA = Scenario(name: "signin-mfa", summary: "sign in with a password, then a second factor by email") { env, log in
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password], capabilities: [.mfaRequired, .registrationRequired])
        let start = await app.signIn(username: "mia@contoso.com", password: "Sunny-Day-42!")
        log.record("signIn", start.outcome)
        guard case .awaitingMFA(let methods, let state) = start, let method = methods.first else { throw ScenarioFailure.unexpected("signIn", start.outcome) }
        let challenge = await state.requestChallenge(authMethod: method)
        log.record("requestChallenge", challenge.outcome)
        guard case .verificationRequired(let required, _, _, _) = challenge else { throw ScenarioFailure.unexpected("requestChallenge", challenge.outcome) }
        let code = try await env.code(for: "mia.backup@contoso.com")
        let result = await required.submitChallenge(challenge: code)
        try log.expect("submitChallenge", result.outcome, callback: "onSignInCompleted")
    }

    static func registration(preverified: Bool) -> Scenario {
        Scenario(
            name: preverified ? "signin-registration-preverified" : "signin-registration",
            summary: preverified ? "register the account's own email as second factor (preverified)" : "register a new email as second factor, verify it, sign in"
        ) { env, log in
            let account = preverified ? "ria@contoso.com" : "reg@contoso.com"
            let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password], capabilities: [.mfaRequired, .registrationRequired])
            let start = await app.signIn(username: account, password: "Sunny-Day-42!")
            log.record("signIn", start.outcome)
            guard case .strongAuthMethodRegistration(let methods, let state) = start, let method = methods.first else {
                throw ScenarioFailure.unexpected("signIn", start.outcome)
            }
            let contact = preverified ? account : newAddress("second", env)
            let challenged = await state.challengeAuthMethod(authMethod: method, verificationContact: contact)
            log.record("challengeAuthMethod", challenged.outcome)
            switch challenged {
            case .completed where preverified:
                return
            case .verificationRequired(let required) where !preverified:
                let result = await required.newState.submitChallenge(challenge: try await env.code(for: contact))
                try log.expect("submitChallenge", result.outcome, callback: "onSignInCompleted")
            default:
                throw ScenarioFailure.unexpected("challengeAuthMethod", challenged.outcome)
            }
        }
    }

    public static let resetPasswordNoPassword = Scenario(name: "reset-password-user-without-password", summary: "reset the password of an account that signs in with codes only") { env, log in
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password])
        let start = await app.resetPassword(username: "sam@contoso.com")
        log.record("resetPassword", start.outcome)
        guard start.outcome.error != nil else { throw ScenarioFailure.unexpected("resetPassword", start.outcome) }
    }

    public static let signUpExpiredToken = Scenario(name: "signup-expired-token", summary: "sign up, wait past the continuation token's lifetime, then submit the code") { env, log in
        let email = newAddress("late", env)
        let app = try env.application(clientID: env.passwordClientID, challengeTypes: [.OOB, .password])
        let start = await app.signUp(username: email, password: "Slow-Turtle-\(env.runID)-2!")
        log.record("signUp", start.outcome)
        guard case .codeRequired(let state, _, _, _) = start else { throw ScenarioFailure.unexpected("signUp", start.outcome) }
        let code = try await env.code(for: email)
        await env.advanceServerClock(3600)
        let result = await state.submitCode(code: code)
        log.record("submitCode (after expiry)", result.outcome)
        guard result.outcome.error != nil else { throw ScenarioFailure.unexpected("submitCode", result.outcome) }
    }

    /// Every scenario the captures/ corpus is recorded from.
    public static let corpus: [Scenario] = [
        signUpWithAttributes, signUpUserExists, signUpWeakPassword, signUpResendCode, signUpInvalidAttribute,
        signUpExpiredToken, signInWithPassword, signInAlias, signInUserNotFound, signInWrongPassword,
        signInWithEmailCode, signInRedirect, signInMFA, registration(preverified: false), registration(preverified: true),
        resetPassword, resetPasswordNoPassword,
    ]
}
