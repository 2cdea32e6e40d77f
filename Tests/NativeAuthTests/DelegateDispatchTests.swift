import Foundation
import Testing
@testable import NativeAuth

// Delegates that implement only the required error callback: MSAL's "optional method missing" path (§3.1).

final class BareSignUpStart: SignUpStartDelegate {
    let events = Events()
    var error: SignUpStartError?
    func onSignUpStartError(error: SignUpStartError) { self.error = error; events.record("error") }
}

final class BareSignUpVerify: SignUpVerifyCodeDelegate {
    let events = Events()
    var error: VerifyCodeError?
    var newState: SignUpCodeRequiredState?
    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?) {
        self.error = error
        self.newState = newState
        events.record("error")
    }
}

final class BareSignInStart: SignInStartDelegate {
    let events = Events()
    var error: SignInStartError?
    func onSignInStartError(error: SignInStartError) { self.error = error; events.record("error") }
}

final class BareResetRequired: ResetPasswordRequiredDelegate {
    let events = Events()
    var error: PasswordRequiredError?
    var newState: ResetPasswordRequiredState?
    func onResetPasswordRequiredError(error: PasswordRequiredError, newState: ResetPasswordRequiredState?) {
        self.error = error
        self.newState = newState
        events.record("error")
    }
}

final class BareMFARequest: MFARequestChallengeDelegate {
    let events = Events()
    var error: MFARequestChallengeError?
    func onMFARequestChallengeError(error: MFARequestChallengeError, newState: MFARequiredState?) {
        self.error = error
        events.record(newState == nil ? "error" : "error+state")
    }
}

final class BareRegisterChallenge: RegisterStrongAuthChallengeDelegate {
    let events = Events()
    var error: RegisterStrongAuthChallengeError?
    func onRegisterStrongAuthChallengeError(error: RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?) {
        self.error = error
        events.record("error")
    }
}

final class BareCredentials: CredentialsDelegate {
    let events = Events()
    var error: RetrieveAccessTokenError?
    func onAccessTokenRetrieveError(error: RetrieveAccessTokenError) { self.error = error; events.record("error") }
}

/// A delegate implementing everything, recording the arguments it gets.
final class FullSignUpStart: SignUpStartDelegate {
    let events = Events()
    var details = ""
    func onSignUpStartError(error: SignUpStartError) { events.record("error") }
    func onSignUpCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
                              codeLength: Int) {
        details = "\(sentTo) \(channelTargetType.isEmailType) \(channelTargetType.isSMSType) \(codeLength)"
        events.record("onSignUpCodeRequired")
    }
    func onSignUpAttributesInvalid(attributeNames: [String]) {
        details = attributeNames.joined(separator: ",")
        events.record("onSignUpAttributesInvalid")
    }
}

private func notImplemented(_ method: String) -> String {
    "MSALNativeAuth has called the delegate method \(method) that has not been implemented"
}

@Suite("Delegate dispatch and the missing-method rule of client-behaviour.md §3.1")
@MainActor
struct DelegateDispatchTests {
    @Test("a missing onSignUpCodeRequired becomes onSignUpStartError generalError naming the method")
    func missingCodeRequired() async {
        let h = Harness([R.token("ct1"), R.oob("ct2")])
        let delegate = BareSignUpStart()
        h.app.signUp(parameters: MSALNativeAuthSignUpParameters(username: "user@contoso.com"), delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.errorDescription == notImplemented("onSignUpCodeRequired"))
        #expect(delegate.error?.outcomeName == "SignUpStartError.generalError")
        #expect(h.outcomes.all == [O("onSignUpCodeRequired", nil, "SignUpCodeRequiredState", "ct2")])
        #expect(h.delivered.all == [O("onSignUpStartError", "SignUpStartError.generalError")])
    }

    @Test("a missing onSignUpAttributesInvalid becomes onSignUpStartError")
    func missingAttributesInvalid() async {
        let h = Harness([R.err("invalid_grant", sub: "attribute_validation_failed", extra: R.invalidAttributes)])
        let delegate = BareSignUpStart()
        h.app.signUp(parameters: MSALNativeAuthSignUpParameters(username: "user@contoso.com"), delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.errorDescription == notImplemented("onSignUpAttributesInvalid"))
    }

    @Test("a missing onSignUpCompleted becomes onSignUpVerifyCodeError with no state")
    func missingSignUpCompleted() async {
        let h = Harness([R.token("ct-su")])
        let delegate = BareSignUpVerify()
        SignUpCodeRequiredState(context: h.context(), continuationToken: "ct-old").submitCode(code: "1", delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.errorDescription == notImplemented("onSignUpCompleted"))
        #expect(delegate.newState == nil)
        #expect(h.delivered.all == [O("onSignUpVerifyCodeError", "VerifyCodeError.generalError")])
    }

    @Test("error callbacks are delivered as produced, with their retry state")
    func errorPassesThrough() async {
        let h = Harness([R.err("invalid_grant", sub: "invalid_oob_value")])
        let delegate = BareSignUpVerify()
        SignUpCodeRequiredState(context: h.context(), continuationToken: "ct-old").submitCode(code: "1", delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.isInvalidCode == true)
        #expect(delegate.newState?.continuationToken == "ct-old")
        #expect(h.delivered.all == h.outcomes.all)
    }

    @Test("a missing onSignInCompleted becomes onSignInStartError")
    func missingSignInCompleted() async {
        let h = Harness([R.token("ct1"), R.password("ct2"), R.tokens()])
        let delegate = BareSignInStart()
        let parameters = MSALNativeAuthSignInParameters(username: "user@contoso.com")
        parameters.password = "pw"
        h.app.signIn(parameters: parameters, delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.errorDescription == notImplemented("onSignInCompleted"))
    }

    @Test("a missing onSignInAwaitingMFA becomes onSignInStartError")
    func missingAwaitingMFA() async {
        let h = Harness([R.token("ct1"), R.password("ct2"),
                         R.err("invalid_grant", sub: "mfa_required", token: "ct-m1"), R.methods("ct-m2")])
        let delegate = BareSignInStart()
        let parameters = MSALNativeAuthSignInParameters(username: "user@contoso.com")
        parameters.password = "pw"
        h.app.signIn(parameters: parameters, delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.errorDescription == notImplemented("onSignInAwaitingMFA"))
    }

    @Test("a missing onResetPasswordCompleted becomes onResetPasswordRequiredError with no state")
    func missingResetCompleted() async {
        let h = Harness([R.ok(#"{"continuation_token":"ct4","poll_interval":1}"#), R.ok(#"{"status":"succeeded"}"#)])
        let delegate = BareResetRequired()
        ResetPasswordRequiredState(context: h.context(), continuationToken: "ct-old").submitPassword(password: "p", delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.errorDescription == notImplemented("onResetPasswordCompleted"))
        #expect(delegate.newState == nil)
    }

    @Test("a missing onMFARequestChallengeVerificationRequired becomes the error callback with no state")
    func missingMFAVerification() async {
        let h = Harness([R.oob("ct2")])
        let delegate = BareMFARequest()
        let method = MSALAuthMethod(id: "m1", challengeType: "oob", channelTargetType: .init(value: "sms"), loginHint: nil)
        AwaitingMFAState(context: h.context(), continuationToken: "ct-old").requestChallenge(authMethod: method, delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.errorDescription == notImplemented("onMFARequestChallengeVerificationRequired"))
    }

    @Test("a missing onRegisterStrongAuthVerificationRequired becomes the error callback")
    func missingRegisterVerification() async {
        let h = Harness([R.ok(#"{"continuation_token":"ct-j3","challenge_type":"oob","challenge_target":"a@b.c","challenge_channel":"email","code_length":6}"#)])
        let delegate = BareRegisterChallenge()
        let parameters = MSALNativeAuthChallengeAuthMethodParameters(
            authMethod: MSALAuthMethod(id: "email", challengeType: "oob", channelTargetType: .init(value: "email"), loginHint: nil),
            verificationContact: "a@b.c")
        RegisterStrongAuthState(context: h.context(), continuationToken: "ct-old").challengeAuthMethod(
            parameters: parameters, delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.errorDescription == notImplemented("onRegisterStrongAuthVerificationRequired"))
    }

    @Test("a missing onAccessTokenRetrieveCompleted becomes onAccessTokenRetrieveError")
    func missingTokenCompleted() async {
        let h = Harness()
        let account = seedAccount(h)
        let delegate = BareCredentials()
        account.getAccessToken(parameters: MSALNativeAuthGetAccessTokenParameters(), delegate: delegate)
        #expect(await delegate.events.wait(for: "error"))
        #expect(delegate.error?.errorDescription == notImplemented("onAccessTokenRetrieveCompleted"))
    }

    @Test("implemented callbacks get the server's label, channel and code length")
    func implementedCallbackArguments() async {
        let h = Harness([R.token("ct1"), R.oob("ct2", label: "u***@c.com")])
        let delegate = FullSignUpStart()
        h.app.signUp(parameters: MSALNativeAuthSignUpParameters(username: "user@contoso.com"), delegate: delegate)
        #expect(await delegate.events.wait(for: "onSignUpCodeRequired"))
        #expect(delegate.details == "u***@c.com true false 8")
        #expect(h.delivered.all == h.outcomes.all)
    }

    @Test("error texts fall back to the per-type defaults and is… properties follow the type")
    func errorTexts() {
        let id = UUID()
        #expect(SignUpStartError(type: .userAlreadyExists, correlationId: id).errorDescription == "User already exists")
        #expect(SignInStartError(type: .userNotFound, correlationId: id).isUserNotFound)
        #expect(ResetPasswordStartError(type: .userDoesNotHavePassword, correlationId: id).errorDescription
                == "User does not have password associated with account")
        #expect(VerifyCodeError(type: .generalError, correlationId: id).errorDescription == "General error")
        #expect(ResendCodeError(type: .browserRequired, correlationId: id).isBrowserRequired)
        #expect(SignUpStartError(type: .invalidAttributes, correlationId: id).isInvalidAttributes)
        #expect(!SignUpStartError(type: .generalError, message: "x", correlationId: id).isInvalidPassword)
        #expect(MSAL.SignUpStartError.self == SignUpStartError.self)
    }
}
