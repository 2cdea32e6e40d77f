import Driver
import Emulator
import Foundation
import NativeAuth

extension Scenario {
    /// Every journey of spec native-auth-v2 §2 (2.1–2.5) driven by the engine's V2 API with
    /// ``V2UserAction``s, for recording and replaying (``CorpusRecorder/record(_:into:config:)`` with
    /// ``v2JourneyConfig()``).
    public static let v2Journeys: [Scenario] = [
        v2Password, v2EmailCode, v2SignUp, v2ResetPassword, v2MFA(channel: "email", user: "mia@contoso.com"),
        v2MFA(channel: "sms", user: "sol@contoso.com"),
    ]

    /// The tenant of ``v2Journeys``: the corpus tenant plus a user whose second factor is a phone (the
    /// emulator answers its challenge with `riskverify` first).
    public static func v2JourneyConfig() -> EmulatorConfig {
        var config = CorpusRecorder.corpusConfig()
        var sol = EmulatorConfig.User(email: "sol@contoso.com", password: "Sunny-Day-42!", displayName: "Sol Phone")
        sol.mfaRequired = true
        sol.methods = [EmulatorConfig.StrongAuthMethod(channel: "sms", target: "+15555550133")]
        config.users.append(sol)
        return config
    }

    /// 2.1: the password chosen among the offered methods, a wrong password, then the right one on the same state.
    static let v2Password = Scenario(
        name: "v2-signin-password", summary: "V2 2.1: sign in with a password, a wrong one first"
    ) { environment, log in
        var performer = V2ActionPerformer(app: try environment.v2Application())
        let selection = try await log.perform(.signIn(username: "alex@contoso.com"), with: &performer)
        let method = try selection.method("password")
        _ = try await log.expect("onPasswordRequired", .selectAuthMethod(methodId: method), with: &performer)
        _ = try await log.expect("onFlowError", .submitPassword(password: "Wrong-Password-1!"), with: &performer)
        _ = try await log.expect("onFlowCompleted", .submitPassword(password: "Sunny-Day-42!"), with: &performer)
    }

    /// 2.2: an email code, a wrong code, a resend, then the new code.
    static let v2EmailCode = Scenario(
        name: "v2-signin-email-code", summary: "V2 2.2: sign in with an email code, a wrong code and a resend first"
    ) { environment, log in
        var performer = V2ActionPerformer(app: try environment.v2Application())
        let email = "sam@contoso.com"
        _ = try await log.expect("onCodeRequired", .signIn(username: email), with: &performer)
        _ = try await log.expect("onFlowError", .submitCode(code: "00000000"), with: &performer)
        _ = try await log.expect("onCodeRequired", .resendCode, with: &performer)
        _ = try await log.expect("onFlowCompleted", .submitCode(code: try await environment.code(for: email)), with: &performer)
    }

    /// 2.3: sign-up with the first page of attributes up front, the email code, the second page, the
    /// password, then sign-in after sign-up.
    static let v2SignUp = Scenario(
        name: "v2-signup", summary: "V2 2.3: sign up with attributes, an email code and a password, then sign in"
    ) { environment, log in
        var performer = V2ActionPerformer(app: try environment.v2Application())
        let email = "v2-\(environment.runID)@contoso.com"
        _ = try await log.expect(
            "onCodeRequired", .signUp(username: email, attributes: ["displayName": "Vee Two"]), with: &performer)
        _ = try await log.expect("onAttributesRequired", .submitCode(code: try await environment.code(for: email)), with: &performer)
        _ = try await log.expect("onPasswordRequired", .submitAttributes(attributes: ["city": "Lisbon"]), with: &performer)
        _ = try await log.expect(
            "onSignInAfterSignUpRequired", .submitPassword(password: "Bright-River-\(environment.runID)-7!"), with: &performer)
        _ = try await log.expect("onFlowCompleted", .signInAfterFlow(), with: &performer)
    }

    /// 2.4: password reset by email code, the new password (the emulator polls twice), then sign-in after reset.
    static let v2ResetPassword = Scenario(
        name: "v2-reset-password", summary: "V2 2.4: reset a password by email code with polling, then sign in"
    ) { environment, log in
        var performer = V2ActionPerformer(app: try environment.v2Application())
        let email = "alex@contoso.com"
        _ = try await log.expect("onCodeRequired", .resetPassword(username: email), with: &performer)
        _ = try await log.expect("onNewPasswordRequired", .submitCode(code: try await environment.code(for: email)), with: &performer)
        _ = try await log.expect(
            "onSignInAfterResetPasswordRequired", .submitNewPassword(password: "Quiet-Harbor-\(environment.runID)-9!"),
            with: &performer)
        _ = try await log.expect("onFlowCompleted", .signInAfterFlow(), with: &performer)
    }

    /// 2.5: a password, then the second factor chosen (`sms` goes through `riskverify`), a wrong code, the right one.
    static func v2MFA(channel: String, user: String) -> Scenario {
        Scenario(name: "v2-mfa-\(channel)", summary: "V2 2.5: sign in with a password and an \(channel) second factor") {
            environment, log in
            var performer = V2ActionPerformer(app: try environment.v2Application())
            let first = try await log.perform(.signIn(username: user), with: &performer)
            if first.outcome.callback == "onAuthMethodSelectionRequired" {
                _ = try await log.expect("onPasswordRequired", .selectAuthMethod(methodId: try first.method("password")), with: &performer)
            }
            let mfa = try await log.expect(
                "onAuthMethodSelectionRequired", .submitPassword(password: "Sunny-Day-42!"), with: &performer)
            _ = try await log.expect("onMFAVerificationRequired", .selectAuthMethod(methodId: try mfa.method(channel)), with: &performer)
            _ = try await log.expect("onFlowError", .submitChallenge(challenge: "000000"), with: &performer)
            let code = try await environment.code(for: user)
            _ = try await log.expect("onFlowCompleted", .submitChallenge(challenge: code), with: &performer)
        }
    }
}

extension ScenarioEnvironment {
    /// An application for the password client, with the default V2 options (MSAL iOS 2.18.1).
    func v2Application() throws -> MSALNativeAuthPublicClientApplication {
        try application(clientID: passwordClientID, challengeTypes: [.OOB, .password])
    }
}

extension ScenarioLog {
    /// Performs `action` and fails the scenario unless its callback is `callback`.
    func expect(_ callback: String, _ action: V2UserAction, with performer: inout V2ActionPerformer) async throws
        -> V2ActionPerformer.Performed
    {
        let performed = try await perform(action, with: &performer)
        guard performed.outcome.callback == callback else { throw ScenarioFailure.unexpected(action.name, performed.outcome) }
        return performed
    }
}

extension V2ActionPerformer.Performed {
    /// The id of the offered method of `type`, from a selection result.
    func method(_ type: String) throws -> String {
        guard case .authMethodSelectionRequired(let state) = result,
            let method = state.authMethods.first(where: { $0.challengeType == type })
        else { throw ScenarioFailure(step: "select a \(type) method", message: "no \(type) method offered (\(outcome))") }
        return method.id
    }
}
