import Foundation
import HAR
import NativeAuthWire

extension Scenario {
    /// V2 (native-auth-v2 §2.2): sign-in with an email one-time code by the scripted V2 app,
    /// from the `authorize-challenge` entry through the HAL links to the code exchange.
    public static let signInV2WithEmailCode = Scenario(
        name: "signin-v2-email-code",
        summary: "V2: sign in with an email one-time code (authorize-challenge, HAL links, code exchange)"
    ) { environment, log in
        let email = "sam@contoso.com"
        let app = V2ScriptClient(
            authority: environment.authority, clientID: environment.passwordClientID, transport: environment.transport)
        let entry = try await app.entry(scope: "openid offline_access")
        try log.expectV2("authorize-challenge", entry, status: 401)
        let started = try await app.follow(
            entry.entry(flat: "sign_in", hal: "signIn"), from: entry, [(V2Key.username, .string(email))], step: "sign-in start")
        try log.expectV2("sign-in start", started, action: V2Action.challenge.rawValue)
        let challenged = try await app.follow(started.challenge("email"), from: started, step: "email challenge")
        try log.expectV2("email challenge", challenged, action: V2Action.verify.rawValue)
        let code = try await environment.code(for: email)
        let verified = try await app.follow(
            challenged.link(V2Action.verify.rawValue), from: challenged, [(V2Key.otp, .string(code))], step: "verify")
        try log.expectV2("verify", verified, state: V2State.continue.rawValue)
        let tokens = try await app.redeem(verified)
        let gotTokens = tokens.json["access_token"]?.stringValue != nil && tokens.json["id_token"]?.stringValue != nil
        log.note("resume + code exchange -> \(tokens.status)\(gotTokens ? " tokens" : "")")
        guard tokens.status == 200, gotTokens else {
            throw ScenarioFailure(step: "code exchange", message: "expected 200 with tokens, got \(tokens.summary)")
        }
    }

    /// The V2 journeys of `authtape demo`, recorded into a capture of their own.
    public static let demoV2: [Scenario] = [signInV2WithEmailCode]
}

extension ScenarioLog {
    /// Records a V2 step and checks its answer: the status, `state` and `action` given.
    func expectV2(
        _ step: String, _ answer: V2ScriptClient.Answer, status: Int = 200, state: String? = nil, action: String? = nil
    ) throws {
        note("\(step) -> \(answer.summary)")
        let expectedState = state ?? (action == nil ? nil : V2State.interactionRequired.rawValue)
        guard answer.status == status, expectedState == nil || answer.state == expectedState,
            action == nil || answer.action == action
        else {
            var wanted = ["\(status)"]
            if let expectedState { wanted.append("state=\(expectedState)") }
            if let action { wanted.append("action=\(action)") }
            throw ScenarioFailure(step: step, message: "expected \(wanted.joined(separator: " ")), got \(answer.summary)")
        }
    }
}
