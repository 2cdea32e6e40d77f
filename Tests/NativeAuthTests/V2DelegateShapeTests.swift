import Foundation
import Testing
@testable import NativeAuth

// App code written as §3.1's usage shows it: a plain view controller whose extensions adopt the V2
// delegates, calling signInV2 and the state actions with `delegate: self`.

final class V2SignInViewController {
    var nativeAuth: MSALNativeAuthPublicClientApplication
    let events: Events
    var email = "alex@example.com"
    var password = "Sunny-Day-42!"
    var code = "48213907"
    var mfaCode = "204918"

    init(nativeAuth: MSALNativeAuthPublicClientApplication, events: Events) {
        self.nativeAuth = nativeAuth
        self.events = events
    }

    func signInPressed() {
        let parameters = MSALNativeAuthSignInParametersV2(username: email)
        parameters.scopes = ["User.Read"]
        nativeAuth.signInV2(parameters: parameters, delegate: self)
    }
}

extension V2SignInViewController: MSALNativeAuthFlowDelegate {
    func onFlowCompleted(result: MSALNativeAuthUserAccountResult, scenario: MSALNativeAuthFlowScenario) {
        events.record("completed \(scenario.rawValue) \(result.account.username ?? "")")
    }

    func onFlowError(error: MSALNativeAuthFlowError, scenario: MSALNativeAuthFlowScenario) {
        if error.isInvalidPassword {
            events.record("invalid password")
        } else if error.isNotImplemented {
            events.record("not implemented: \(error.errorDescription ?? "")")
        } else {
            events.record("error \(error.outcomeName)")
        }
    }
}

extension V2SignInViewController: MSALNativeAuthPasswordRequiredDelegate {
    func onPasswordRequired(newState: MSALNativeAuthPasswordRequiredState, scenario: MSALNativeAuthFlowScenario) {
        events.record("password required")
        newState.submitPassword(password: password, delegate: self)
    }
}

extension V2SignInViewController: MSALNativeAuthCodeRequiredDelegate {
    func onCodeRequired(newState: MSALNativeAuthCodeRequiredState, scenario: MSALNativeAuthFlowScenario) {
        events.record("code sent to \(newState.sentTo)")
        newState.submitCode(code: code, delegate: self)
    }
}

extension V2SignInViewController: MSALNativeAuthAuthMethodSelectionRequiredDelegate {
    func onAuthMethodSelectionRequired(
        authMethods: [MSALAuthMethod], newState: MSALNativeAuthAuthMethodSelectionRequiredState,
        scenario: MSALNativeAuthFlowScenario
    ) {
        events.record("select \(authMethods.map(\.channelTargetType.value).joined(separator: ","))")
        if let email = authMethods.first(where: { $0.channelTargetType.isEmailType }) {
            newState.selectAuthMethod(email, delegate: self)
        }
    }
}

extension V2SignInViewController: MSALNativeAuthMFAVerificationRequiredDelegate {
    func onMFAVerificationRequired(
        newState: MSALNativeAuthMFAVerificationRequiredState, scenario: MSALNativeAuthFlowScenario
    ) {
        events.record("mfa code sent")
        newState.submitChallenge(challenge: mfaCode, delegate: self)
    }
}

/// Adopts only the base delegate.
final class V2BaseOnlyDelegate {
    let events: Events
    init(events: Events) { self.events = events }
}

extension V2BaseOnlyDelegate: MSALNativeAuthFlowDelegate {
    func onFlowCompleted(result: MSALNativeAuthUserAccountResult, scenario: MSALNativeAuthFlowScenario) {
        events.record("completed")
    }
    func onFlowError(error: MSALNativeAuthFlowError, scenario: MSALNativeAuthFlowScenario) {
        events.record("\(error.outcomeName) \(scenario.rawValue): \(error.errorDescription ?? "")")
    }
}

@Suite("V2 delegate-shaped app code")
struct V2DelegateShapeTests {
    @Test("a view controller signs in with a password, then email MFA, through delegates on the main actor")
    func passwordThenEmailMFA() async throws {
        let h = try V2Harness([
            V2R.entry, V2R.passwordOnly, V2R.verify("CT-2", "password", id: "pw", codeLength: nil), V2R.wrongPassword,
        ])
        let events = Events()
        let controller = V2SignInViewController(nativeAuth: h.app, events: events)
        controller.password = "wrong"
        controller.signInPressed()
        #expect(await events.wait(for: "invalid password"))
        #expect(events.log == ["password required", "invalid password"])

        h.transport.enqueue([
            V2R.entry, V2R.passwordOnly, V2R.verify("CT-2", "password", id: "pw", codeLength: nil),
            V2R.challenge("CT-3", factor: "multiFactor", [V2R.method("sms", "sms"), V2R.method("em", "email")]),
            V2R.verify("CT-4", "email", id: "em"), V2R.proceed("CT-5"),
        ] + V2R.completion)
        controller.password = "Sunny-Day-42!"
        controller.signInPressed()
        #expect(await events.wait(for: "completed signIn user@contoso.com"))
        #expect(Array(events.log.dropFirst(2)) == [
            "password required", "select sms,email", "mfa code sent", "completed signIn user@contoso.com",
        ])
        #expect(h.delivered.all.last == O("onFlowCompleted"))
    }

    @Test("a delegate without the per-state protocol gets isNotImplemented naming it, and no state")
    func missingPerStateDelegate() async throws {
        let h = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em")])
        let events = Events()
        let delegate = V2BaseOnlyDelegate(events: events)
        h.app.signInV2(parameters: MSALNativeAuthSignInParametersV2(username: "alex@example.com"), delegate: delegate)
        let expected = "MSALNativeAuthFlowError.notImplemented signIn: The delegate does not conform to MSALNativeAuthCodeRequiredDelegate"
        #expect(await events.wait(for: expected))
        #expect(h.outcomes.all == [O("onCodeRequired", nil, "MSALNativeAuthCodeRequiredState", "CT-2")])
        #expect(h.delivered.all == [O("onFlowError", "MSALNativeAuthFlowError.notImplemented")])
    }
}
