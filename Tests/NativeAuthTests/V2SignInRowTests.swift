import Foundation
import Testing
@testable import NativeAuth

/// The sign-in rows of spec native-auth-v2 §3.4 (A–F, K), each through canned answers: the callback,
/// the error flag, the new state and the next request.
@Suite("V2 sign-in rows")
struct V2SignInRowTests {
    static let start = "POST https://login.contoso.com/t/api/v2.0/signin/start {\"username\":\"alex@example.com\",\"continuationToken\":\"CT-0\"}"

    @Test("A/B/C: a password account asks for the password, a wrong one is isInvalidPassword, a retry on the same state completes")
    func passwordJourneyWithWrongPassword() async throws {
        let h = try V2Harness([V2R.entry, V2R.passwordOnly, V2R.verify("CT-2", "password", id: "pw-7f3a", codeLength: nil, resend: false)])
        let first = await h.signIn()
        guard case .passwordRequired(let state) = first else { Issue.record("got \(first.outcome)"); return }
        #expect(first.outcome == O("onPasswordRequired", nil, "MSALNativeAuthPasswordRequiredState", "CT-2"))
        #expect(h.line(0) == "POST https://login.contoso.com/t/oauth2/v2.0/authorize-challenge client_id=client-1&scope=openid+profile+offline_access")
        #expect(h.line(1) == Self.start)
        #expect(h.line(2) == #"POST https://login.contoso.com/t/api/v2.0/auth/methods/password/pw-7f3a/challenge {"continuationToken":"CT-1"}"#)
        #expect(h.requests[1].header("Content-Type") == "application/json")

        h.transport.enqueue([V2R.wrongPassword])
        let wrong = await state.submitPassword(password: "wrong")
        #expect(wrong.error?.isInvalidPassword == true)
        #expect(wrong.outcome == O("onFlowError", "MSALNativeAuthFlowError.invalidPassword"))
        #expect(wrong.error?.errorCodes == [50126])

        h.transport.enqueue([V2R.proceed("CT-3")] + V2R.completion)
        let done = await state.submitPassword(password: "Sunny-Day-42!")
        guard case .completed(let account) = done else { Issue.record("got \(done.outcome)"); return }
        #expect(account.account.username == "user@contoso.com")
        #expect(h.line(4) == #"POST https://login.contoso.com/t/api/v2.0/auth/methods/password/pw-7f3a/verify {"continuationToken":"CT-2","password":"Sunny-Day-42!"}"#)
        #expect(h.line(5) == "POST https://login.contoso.com/t/oauth2/v2.0/authorize-challenge continuation_token=CT-3")
        #expect(h.line(6) == "POST https://login.contoso.com/t/oauth2/v2.0/token grant_type=authorization_code&code=AC-1.AQAB&client_id=client-1&client_info=true&scope=openid+profile+offline_access")
        #expect(h.requests[5].header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(h.outcomes.all.last == O("onFlowCompleted"))
    }

    @Test("B/D/E: an email account gets a code state; a wrong code is isInvalidCode; resend gives a new state that completes")
    func emailCodeJourneyWithWrongCodeAndResend() async throws {
        let h = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em-91c2")])
        let first = await h.signIn()
        guard case .codeRequired(let state) = first else { Issue.record("got \(first.outcome)"); return }
        #expect(state.sentTo == "a***x@e*****e.com")
        #expect(state.channel.isEmailType)
        #expect(state.codeLength == 8)

        h.transport.enqueue([V2R.wrongCode])
        let wrong = await state.submitCode(code: "00000000")
        #expect(wrong.outcome == O("onFlowError", "MSALNativeAuthFlowError.invalidCode"))
        #expect(h.line(3) == #"POST https://login.contoso.com/t/api/v2.0/auth/methods/email/em-91c2/verify {"continuationToken":"CT-2","otp":"00000000"}"#)

        h.transport.enqueue([V2R.verify("CT-2b", "email", id: "em-91c2")])
        let resent = await state.resendCode()
        guard case .codeRequired(let newState) = resent else { Issue.record("got \(resent.outcome)"); return }
        #expect(resent.outcome == O("onCodeRequired", nil, "MSALNativeAuthCodeRequiredState", "CT-2b"))
        #expect(h.line(4) == #"POST https://login.contoso.com/t/api/v2.0/auth/methods/email/em-91c2/challenge {"continuationToken":"CT-2"}"#)

        h.transport.enqueue([V2R.proceed("CT-3")] + V2R.completion)
        let done = await newState.submitCode(code: "48213907")
        #expect(done.outcome == O("onFlowCompleted"))
        #expect(h.line(5).hasSuffix(#"{"continuationToken":"CT-2b","otp":"48213907"}"#))
    }

    @Test("A: several first-factor methods ask for a selection and send nothing; the selection is single-use")
    func severalMethodsAskForASelection() async throws {
        let h = try V2Harness([V2R.entry, V2R.challenge("CT-1", [V2R.method("pw-7f3a", "password"), V2R.method("em-91c2", "email")])])
        let first = await h.signIn()
        guard case .authMethodSelectionRequired(let state) = first else { Issue.record("got \(first.outcome)"); return }
        #expect(state.authMethods.map(\.id) == ["pw-7f3a", "em-91c2"])
        #expect(h.requests.count == 2)

        h.transport.enqueue([V2R.verify("CT-2", "email", id: "em-91c2")])
        let picked = await state.selectAuthMethod(state.authMethods[1])
        #expect(picked.outcome == O("onCodeRequired", nil, "MSALNativeAuthCodeRequiredState", "CT-2"))
        #expect(h.line(2) == #"POST https://login.contoso.com/t/api/v2.0/auth/methods/email/em-91c2/challenge {"continuationToken":"CT-1"}"#)

        let again = await state.selectAuthMethod(state.authMethods[0])
        #expect(again.error?.isGeneralError == true)
        #expect(h.requests.count == 3)
    }

    @Test("A/B: SMS as a first factor gives a code state on the SMS channel after its risk check")
    func smsFirstFactor() async throws {
        let h = try V2Harness([V2R.entry, V2R.challenge("CT-1", [V2R.method("em-1", "email"), V2R.method("sms-1", "sms")])])
        guard case .authMethodSelectionRequired(let state) = await h.signIn() else { Issue.record("no selection"); return }
        h.transport.enqueue([
            V2R.hal(#"{"state":"interactionRequired","action":"riskverify","continuationToken":"CT-R","_links":{"riskverify":{"href":"/t/api/v1.0-internal/risk/phone/verify"}}}"#),
            V2R.verify("CT-2", "sms", id: "sms-1", codeLength: 6),
        ])
        let result = await state.selectAuthMethod(state.authMethods[1])
        guard case .codeRequired(let code) = result else { Issue.record("got \(result.outcome)"); return }
        #expect(code.channel.isSMSType)
        #expect(code.codeLength == 6)
        #expect(h.line(3) == #"POST https://login.contoso.com/t/api/v1.0-internal/risk/phone/verify {"continuationToken":"CT-R"}"#)
    }

    @Test("C/F: MFA by email after the password: selection, verification, a wrong code is isInvalidCode, then completion")
    func mfaByEmail() async throws {
        let h = try V2Harness([V2R.entry, V2R.passwordOnly, V2R.verify("CT-2", "password", id: "pw-7f3a", codeLength: nil)])
        guard case .passwordRequired(let password) = await h.signIn() else { Issue.record("no password state"); return }
        let mfa = V2R.challenge("CT-3", factor: "multiFactor", [
            V2R.method("em-mfa", "email", hint: "a***x@e*****e.com", href: "/t/api/v2.0/mfa/email/em-mfa/challenge"),
            V2R.method("sms-1", "sms", href: "/t/api/v2.0/mfa/sms/sms-1/challenge"),
        ])
        h.transport.enqueue([mfa])
        let selection = await password.submitPassword(password: "Sunny-Day-42!")
        guard case .authMethodSelectionRequired(let select) = selection else { Issue.record("got \(selection.outcome)"); return }
        #expect(selection.outcome == O("onAuthMethodSelectionRequired", nil, "MSALNativeAuthAuthMethodSelectionRequiredState", "CT-3"))
        #expect(select.authMethods[0].loginHint == "a***x@e*****e.com")

        h.transport.enqueue([V2R.verify("CT-4", "email", id: "em-mfa")])
        let verification = await select.selectAuthMethod(select.authMethods[0])
        guard case .mfaVerificationRequired(let verify) = verification else { Issue.record("got \(verification.outcome)"); return }
        #expect(h.line(4) == #"POST https://login.contoso.com/t/api/v2.0/mfa/email/em-mfa/challenge {"continuationToken":"CT-3"}"#)

        h.transport.enqueue([V2R.wrongCode])
        #expect(await verify.submitChallenge(challenge: "000000").error?.isInvalidCode == true)
        h.transport.enqueue([V2R.proceed("CT-6")] + V2R.completion)
        #expect(await verify.submitChallenge(challenge: "204918").outcome == O("onFlowCompleted"))
        #expect(h.line(6).hasSuffix(#"{"continuationToken":"CT-4","otp":"204918"}"#))
    }

    @Test("F: MFA by SMS passes the risk check once, then resendChallenge gives a new verification state")
    func mfaBySMSWithRiskVerification() async throws {
        let risk = V2R.hal(#"{"state":"interactionRequired","action":"riskverify","continuationToken":"CT-4","_links":{"riskverify":{"href":"/t/api/v1.0-internal/risk/phone/verify"}}}"#)
        let sms = V2R.hal(#"{"state":"interactionRequired","action":"verify","scenario":"signin","continuationToken":"CT-5","type":"sms","hint":"+*** *******11","payload":{"codeLength":6},"_links":{"verify":{"href":"/t/api/v1.0-internal/sms/verify"},"resend":{"href":"/t/api/v1.0-internal/sms/challenge"}}}"#)
        let h = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em-91c2")])
        guard case .codeRequired(let code) = await h.signIn() else { Issue.record("no code state"); return }
        h.transport.enqueue([V2R.challenge("CT-3", factor: "multiFactor", [V2R.method("sms-1", "sms")]), risk, sms])
        guard case .authMethodSelectionRequired(let select) = await code.submitCode(code: "11112222") else {
            Issue.record("no MFA selection"); return
        }
        let result = await select.selectAuthMethod(select.authMethods[0])
        guard case .mfaVerificationRequired(let verify) = result else { Issue.record("got \(result.outcome)"); return }
        #expect(verify.channel.isSMSType)
        #expect(verify.codeLength == 0)  // payload.codeLength is ignored by MSAL iOS (§3.3 r6)
        #expect(h.line(5) == #"POST https://login.contoso.com/t/api/v1.0-internal/risk/phone/verify {"continuationToken":"CT-4"}"#)

        h.transport.enqueue([sms])
        let resent = await verify.resendChallenge()
        #expect(resent.outcome == O("onMFAVerificationRequired", nil, "MSALNativeAuthMFAVerificationRequiredState", "CT-5"))
        #expect(h.line(6) == #"POST https://login.contoso.com/t/api/v1.0-internal/sms/challenge {"continuationToken":"CT-5"}"#)

        h.transport.enqueue([risk, risk])
        let twice = await select.selectAuthMethod(select.authMethods[0])
        #expect(twice.error?.isGeneralError == true)
        #expect(h.requests.count == 9)
    }

    @Test("F: an email MFA method answering riskverify is a general error without the risk request")
    func emailRiskVerificationIsAnError() async throws {
        let h = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em-91c2")])
        guard case .codeRequired(let code) = await h.signIn() else { Issue.record("no code state"); return }
        h.transport.enqueue([V2R.challenge("CT-3", factor: "multiFactor", [V2R.method("em-mfa", "email")])])
        guard case .authMethodSelectionRequired(let select) = await code.submitCode(code: "1") else { return }
        h.transport.enqueue([V2R.hal(#"{"state":"interactionRequired","action":"riskverify","continuationToken":"CT-4","_links":{"riskverify":{"href":"/t/risk"}}}"#)])
        #expect(await select.selectAuthMethod(select.authMethods[0]).error?.isGeneralError == true)
        #expect(h.requests.count == 5)
    }
}
