import Foundation
import Testing
@testable import NativeAuth

// App code shaped like the tutorials in seeds/003 (English) and seeds/002, 004, with UIKit removed:
// a plain view-controller class whose extensions adopt the delegates. It must compile under Swift 6
// strict concurrency and run against canned responses.

final class TextView { var text: String? }
final class TextField {
    var text: String?
    init(_ text: String?) { self.text = text }
}

class ViewController {
    var nativeAuth: MSALNativeAuthPublicClientApplication!
    let resultTextView = TextView()
    let emailTextField = TextField("user@contoso.com")
    let passwordTextField = TextField("Passw0rd!")
    let usernameTextField = TextField("johndoe")
    let events: Events
    var userSuppliedCode = "12345678"
    var newPassword = "N3w-Passw0rd!"

    init(events: Events) { self.events = events }

    func signUpPressed(_: Any) {
        guard let email = emailTextField.text, let password = passwordTextField.text else {
            resultTextView.text = "Email or password not set"
            return
        }
        let parameters = MSALNativeAuthSignUpParameters(username: email)
        parameters.password = password
        nativeAuth.signUp(parameters: parameters, delegate: self)
    }

    func signUpWithAliasPressed(_: Any) {
        guard let email = emailTextField.text, !email.isEmpty,
            let password = passwordTextField.text, !password.isEmpty,
            let username = usernameTextField.text, !username.isEmpty
        else {
            resultTextView.text = "Please fill in all fields"
            return
        }
        let attributes: [String: Any] = ["flatusername": username]
        let parameters = MSALNativeAuthSignUpParameters(username: email)
        parameters.password = password
        parameters.attributes = attributes
        nativeAuth.signUp(parameters: parameters, delegate: self)
    }

    func signInPressed(_: Any) {
        guard let email = emailTextField.text, let password = passwordTextField.text else { return }
        let parameters = MSALNativeAuthSignInParameters(username: email)
        parameters.password = password
        nativeAuth.signIn(parameters: parameters, delegate: self)
    }

    func resetPasswordPressed(_: Any) {
        guard let email = emailTextField.text else { return }
        let parameters = MSALNativeAuthResetPasswordParameters(username: email)
        nativeAuth.resetPassword(parameters: parameters, delegate: self)
    }

    func retrieveNewCode(_ state: MSAL.ResetPasswordCodeRequiredState?) -> String { userSuppliedCode }
    func retrieveNewPassword() -> String { newPassword }
}

extension ViewController: SignUpStartDelegate {
    func onSignUpStartError(error: MSAL.SignUpStartError) {
        if error.isUserAlreadyExists {
            resultTextView.text = "Unable to sign up: User already exists"
        } else if error.isInvalidPassword {
            resultTextView.text = "Unable to sign up: The password is invalid"
        } else if error.isInvalidUsername {
            resultTextView.text = "Unable to sign up: The username is invalid"
        } else if error.isInvalidAttributes || error.isBrowserRequired {
            resultTextView.text = "Unable to sign up: attributes or browser"
        } else {
            resultTextView.text = "Unexpected error signing up: \(error.errorDescription ?? "no description")"
        }
        events.record("onSignUpStartError")
    }

    func onSignUpCodeRequired(
        newState: MSAL.SignUpCodeRequiredState,
        sentTo: String,
        channelTargetType: MSAL.MSALNativeAuthChannelType,
        codeLength: Int
    ) {
        resultTextView.text = "Verification code sent to \(sentTo)"
        events.record("onSignUpCodeRequired")
        newState.submitCode(code: userSuppliedCode, delegate: self)
    }

    func onSignUpAttributesInvalid(attributeNames: [String]) {
        resultTextView.text = "Invalid attributes \(attributeNames)"
        events.record("onSignUpAttributesInvalid")
    }
}

extension ViewController: SignUpVerifyCodeDelegate {
    func onSignUpAttributesRequired(newState: SignUpAttributesRequiredState) {
        resultTextView.text = "Attributes required"
    }

    func onSignUpVerifyCodeError(error: MSAL.VerifyCodeError, newState: MSAL.SignUpCodeRequiredState?) {
        resultTextView.text = "Error verifying code: \(error.errorDescription ?? "no description")"
        events.record("onSignUpVerifyCodeError")
    }

    func onSignUpCompleted(newState: SignInAfterSignUpState) {
        resultTextView.text = "Signed up successfully!"
        events.record("onSignUpCompleted")
        let parameters = MSALNativeAuthSignInAfterSignUpParameters()
        newState.signIn(parameters: parameters, delegate: self)
    }
}

extension ViewController: SignUpAttributesRequiredDelegate {
    func onSignUpAttributesRequiredError(error: AttributesRequiredError) {
        resultTextView.text = "Error submitting attributes: \(error.errorDescription ?? "no description")"
    }

    func onSignUpAttributesRequired(attributes: [MSALNativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState) {
        resultTextView.text = "Attributes required"
        let attributes = ["country": "United States", "city": "Redmond"]
        newState.submitAttributes(attributes: attributes, delegate: self)
    }

    func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState) {
        resultTextView.text = "Attributes invalid"
    }
}

extension ViewController: SignInAfterSignUpDelegate {
    func onSignInAfterSignUpError(error: SignInAfterSignUpError) {
        resultTextView.text = "Error signing in after sign up"
        events.record("onSignInAfterSignUpError")
    }

    func onSignInCompleted(result: MSAL.MSALNativeAuthUserAccountResult) {
        events.record("onSignInCompleted")
        let parameters = MSALNativeAuthGetAccessTokenParameters()
        result.getAccessToken(parameters: parameters, delegate: self)
    }
}

extension ViewController: SignInStartDelegate {
    func onSignInStartError(error: MSAL.SignInStartError) {
        resultTextView.text = error.isUserNotFound || error.isInvalidCredentials ? "Wrong credentials" : "Error"
        events.record("onSignInStartError")
    }
}

extension ViewController: CredentialsDelegate {
    func onAccessTokenRetrieveError(error: MSAL.RetrieveAccessTokenError) {
        resultTextView.text = "Error retrieving access token"
        events.record("onAccessTokenRetrieveError")
    }

    func onAccessTokenRetrieveCompleted(result: MSALNativeAuthTokenResult) {
        resultTextView.text = "Signed in. Access Token: \(result.accessToken)"
        events.record("onAccessTokenRetrieveCompleted")
    }
}

extension ViewController: ResetPasswordStartDelegate {
    func onResetPasswordCodeRequired(
        newState: MSAL.ResetPasswordCodeRequiredState,
        sentTo: String,
        channelTargetType: MSALNativeAuthChannelType,
        codeLength: Int
    ) {
        resultTextView.text = "Verification code sent to \(sentTo)"
        events.record("onResetPasswordCodeRequired")
        newState.submitCode(code: userSuppliedCode, delegate: self)
    }

    func onResetPasswordStartError(error: MSAL.ResetPasswordStartError) {
        if error.isInvalidUsername {
            resultTextView.text = "Invalid username"
        } else if error.isUserNotFound {
            resultTextView.text = "User not found"
        } else if error.isUserDoesNotHavePassword {
            resultTextView.text = "User is not registered with a password"
        } else {
            resultTextView.text = "Error during reset password flow in: \(error.errorDescription ?? "no description")"
        }
        events.record("onResetPasswordStartError")
    }
}

extension ViewController: ResetPasswordVerifyCodeDelegate {
    func onResetPasswordVerifyCodeError(error: MSAL.VerifyCodeError, newState: MSAL.ResetPasswordCodeRequiredState?) {
        events.record("onResetPasswordVerifyCodeError")
        if error.isInvalidCode {
            let userSuppliedCode = retrieveNewCode(newState)
            newState?.submitCode(code: userSuppliedCode, delegate: self)
        } else {
            resultTextView.text = "Error verifying code: \(error.errorDescription ?? "no description")"
        }
    }

    func onPasswordRequired(newState: MSAL.ResetPasswordRequiredState) {
        events.record("onPasswordRequired")
        newState.submitPassword(password: newPassword, delegate: self)
    }
}

extension ViewController: ResetPasswordRequiredDelegate {
    func onResetPasswordRequiredError(error: MSAL.PasswordRequiredError, newState: MSAL.ResetPasswordRequiredState?) {
        events.record("onResetPasswordRequiredError")
        if error.isInvalidPassword {
            let newPassword = retrieveNewPassword()
            newState?.submitPassword(password: newPassword, delegate: self)
        } else {
            resultTextView.text = "Error submitting password: \(error.errorDescription ?? "no description")"
        }
    }

    func onResetPasswordCompleted(newState: SignInAfterResetPasswordState) {
        resultTextView.text = "Password reset completed"
        events.record("onResetPasswordCompleted")
        let parameters = MSALNativeAuthSignInAfterResetPasswordParameters()
        newState.signIn(parameters: parameters, delegate: self)
    }
}

extension ViewController: SignInAfterResetPasswordDelegate {
    func onSignInAfterResetPasswordError(error: SignInAfterResetPasswordError) {
        events.record("onSignInAfterResetPasswordError")
    }
}

extension ViewController {
    func acquireTokenOnBrowserRequired(error: MSAL.SignUpStartError) {
        if error.isBrowserRequired {
            let webviewParams = MSALWebviewParameters(authPresentationViewController: self)
            let parameters = MSALInteractiveTokenParameters(scopes: ["User.Read"], webviewParameters: webviewParams)
            nativeAuth.acquireToken(with: parameters) { (result: MSALResult?, error: Error?) in
                self.resultTextView.text = result == nil ? "browser: \(error.map { "\($0)" } ?? "")" : "browser ok"
                self.events.record("acquireTokenCompleted")
            }
        }
    }
}

@Suite("Tutorial-shaped app code")
@MainActor
struct TutorialShapeTests {
    @Test("a view controller written like the tutorials signs up, signs in after sign-up and gets a token")
    func signUpThenSignIn() async {
        let h = Harness([R.token("ct1"), R.oob("ct2"), R.token("ct-su"), R.tokens()])
        let vc = ViewController(events: Events())
        vc.nativeAuth = h.app
        vc.signUpPressed(())
        #expect(await vc.events.wait(for: "onAccessTokenRetrieveCompleted"))
        #expect(vc.events.log == ["onSignUpCodeRequired", "onSignUpCompleted", "onSignInCompleted",
                                  "onAccessTokenRetrieveCompleted"])
        #expect(vc.resultTextView.text == "Signed in. Access Token: at-1")
        #expect(h.fields(2)["oob"] == "12345678")
        #expect(h.fields(3)["grant_type"] == "continuation_token")
        #expect(h.fields(3)["continuation_token"] == "ct-su")
    }

    @Test("the alias is sent as the flatusername attribute and a rejected alias reaches onSignUpAttributesInvalid")
    func aliasAttribute() async {
        let h = Harness([R.err("invalid_grant", sub: "attribute_validation_failed",
                               extra: #""invalid_attributes":[{"name":"flatusername"}]"#)])
        let vc = ViewController(events: Events())
        vc.nativeAuth = h.app
        vc.signUpWithAliasPressed(())
        #expect(await vc.events.wait(for: "onSignUpAttributesInvalid"))
        #expect(h.fields(0)["attributes"] == #"{"flatusername":"johndoe"}"#)
        #expect(vc.resultTextView.text == #"Invalid attributes ["flatusername"]"#)
    }

    @Test("a wrong password at sign-in reaches onSignInStartError with isInvalidCredentials")
    func signInWrongPassword() async {
        let h = Harness([R.token("ct1"), R.password("ct2"), R.err("invalid_grant", codes: [50126])])
        let vc = ViewController(events: Events())
        vc.nativeAuth = h.app
        vc.signInPressed(())
        #expect(await vc.events.wait(for: "onSignInStartError"))
        #expect(vc.resultTextView.text == "Wrong credentials")
    }

    @Test("a password reset retries a wrong code and a weak password, then signs in after reset")
    func resetPassword() async {
        let h = Harness([
            R.token("ct1"), R.oob("ct2"),
            R.err("invalid_grant", sub: "invalid_oob_value"), R.ok(#"{"continuation_token":"ct3","expires_in":600}"#),
            R.err("invalid_grant", sub: "password_too_weak"),
            R.ok(#"{"continuation_token":"ct4","poll_interval":1}"#), R.ok(#"{"status":"in_progress"}"#),
            R.ok(#"{"status":"succeeded","continuation_token":"ct5"}"#), R.tokens(),
        ])
        let vc = ViewController(events: Events())
        vc.nativeAuth = h.app
        vc.resetPasswordPressed(())
        #expect(await vc.events.wait(for: "onAccessTokenRetrieveCompleted"))
        #expect(vc.events.log == [
            "onResetPasswordCodeRequired", "onResetPasswordVerifyCodeError", "onPasswordRequired",
            "onResetPasswordRequiredError", "onResetPasswordCompleted", "onSignInCompleted", "onAccessTokenRetrieveCompleted",
        ])
        #expect(h.fields(3)["continuation_token"] == "ct2", "the retry re-sends the old token")
        #expect(h.fields(5)["continuation_token"] == "ct3")
        #expect(h.fields(8)["continuation_token"] == "ct5")
    }

    @Test("browser required falls back to acquireToken, which fails on Linux saying no browser is available")
    func browserFallback() async {
        let h = Harness([R.redirect])
        let vc = ViewController(events: Events())
        vc.nativeAuth = h.app
        guard case .error(let error) = await h.app.signUp(username: "user@contoso.com") else {
            Issue.record("expected an error")
            return
        }
        #expect(error.isBrowserRequired)
        #expect(error.errorDescription == "needs browser")
        vc.acquireTokenOnBrowserRequired(error: error)
        #expect(await vc.events.wait(for: "acquireTokenCompleted"))
        #expect(vc.resultTextView.text?.contains("no browser is available") == true)
    }
}
