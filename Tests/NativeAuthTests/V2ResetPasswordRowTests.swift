import Foundation
import Testing
@testable import NativeAuth

/// The password-reset rows of spec native-auth-v2 §3.4 H, through canned answers shaped like §2.4.
@Suite("V2 password-reset rows")
struct V2ResetPasswordRowTests {
    static let entry = V2R.hal(401, #"{"continuation_token":"CT-0","sign_in":"/t/api/v2.0/signin/start","reset_password":"/t/api/v2.0/resetpassword/start"}"#)
    static let update = V2R.hal(#"{"state":"interactionRequired","action":"update","continuationToken":"CT-3","_links":{"update":{"href":"/t/api/v2.0/resetpassword/update"}}}"#)
    static let poll = V2R.hal(#"{"state":"interactionRequired","action":"poll","continuationToken":"CT-4","_links":{"poll":{"href":"/t/api/v2.0/resetpassword/poll"}}}"#)

    private func reset(_ h: V2Harness) async -> MSALNativeAuthV2Result {
        await h.app.resetPasswordV2(parameters: MSALNativeAuthResetPasswordParametersV2(username: "user@contoso.com"))
    }

    @Test("H: email code, new password by PUT (too weak first), two polls, then sign-in after reset completes")
    func resetWithPoll() async throws {
        let h = try V2Harness([Self.entry, V2R.challenge("CT-1", [V2R.method("pw", "password"), V2R.method("em-5", "email")]),
                               V2R.verify("CT-2", "email", id: "em-5")])
        let first = await reset(h)
        guard case .codeRequired(let code) = first else { Issue.record("got \(first.outcome)"); return }
        #expect(code.scenario == .passwordReset)
        #expect(h.line(1) == #"POST https://login.contoso.com/t/api/v2.0/resetpassword/start {"username":"user@contoso.com","continuationToken":"CT-0"}"#)
        #expect(h.line(2) == #"POST https://login.contoso.com/t/api/v2.0/auth/methods/email/em-5/challenge {"continuationToken":"CT-1"}"#)

        h.transport.enqueue([Self.update])
        let asked = await code.submitCode(code: "39104411")
        guard case .newPasswordRequired(let newPassword) = asked else { Issue.record("got \(asked.outcome)"); return }
        #expect(asked.outcome == O("onNewPasswordRequired", nil, "MSALNativeAuthNewPasswordRequiredState", "CT-3"))

        h.transport.enqueue([V2R.error("invalidRequest", inner: "passwordTooWeak", message: "AADSTS120002: weak")])
        #expect(await newPassword.submitNewPassword(password: "abc").error?.isInvalidPassword == true)
        #expect(h.line(4) == #"PUT https://login.contoso.com/t/api/v2.0/resetpassword/update {"continuationToken":"CT-3","newPassword":"abc"}"#)

        h.transport.enqueue([Self.poll, Self.poll, V2R.proceed("CT-5")])
        let done = await newPassword.submitNewPassword(password: "N3w-Passw0rd!")
        guard case .signInAfterResetPasswordRequired(let after) = done else { Issue.record("got \(done.outcome)"); return }
        #expect(h.line(6) == #"POST https://login.contoso.com/t/api/v2.0/resetpassword/poll {"continuationToken":"CT-4"}"#)
        #expect(h.requests.count == 8)
        h.transport.enqueue(V2R.completion)
        #expect(await after.signIn().outcome == O("onFlowCompleted"))
        #expect(h.line(8) == "POST https://login.contoso.com/t/oauth2/v2.0/authorize-challenge continuation_token=CT-5")
    }

    @Test("H: still polling after five attempts is a general error; update answering continue at once is one too")
    func pollLimits() async throws {
        let h = try V2Harness([Self.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em"), Self.update])
        guard case .codeRequired(let code) = await reset(h),
            case .newPasswordRequired(let state) = await code.submitCode(code: "1")
        else { Issue.record("no new-password state"); return }
        h.transport.enqueue(Array(repeating: Self.poll, count: 6))
        let slow = await state.submitNewPassword(password: "N3w-Passw0rd!")
        #expect(slow.error?.errorDescription == "Password reset did not complete in time")
        #expect(h.requests.count == 4 + 6)
        h.transport.enqueue([V2R.proceed("CT-5")])
        #expect(await state.submitNewPassword(password: "N3w-Passw0rd!").error?.isGeneralError == true)
    }

    @Test("H: email and SMS together ask for a selection; only a password method is an error; an unknown user is isUserNotFound")
    func startRows() async throws {
        let both = try V2Harness([Self.entry, V2R.challenge("CT-1", [V2R.method("em", "email"), V2R.method("sms", "sms")])])
        guard case .authMethodSelectionRequired(let selection) = await reset(both) else { Issue.record("no selection"); return }
        both.transport.enqueue([V2R.verify("CT-2", "sms", id: "sms", codeLength: 6), Self.update])
        guard case .codeRequired(let code) = await selection.selectAuthMethod(selection.authMethods[1]) else { return }
        #expect(code.channel.isSMSType)
        #expect(both.requests.count == 3)
        #expect(await code.submitCode(code: "1").outcome.callback == "onNewPasswordRequired")

        let passwordOnly = try V2Harness([Self.entry, V2R.passwordOnly])
        #expect(await reset(passwordOnly).error?.errorDescription == "noSupportedAuthMethodAvailable")
        #expect(passwordOnly.requests.count == 2)

        let unknown = try V2Harness([Self.entry, V2R.error("invalidRequest", message: "AADSTS50034: no such user")])
        #expect(await reset(unknown).error?.isUserNotFound == true)
    }
}
