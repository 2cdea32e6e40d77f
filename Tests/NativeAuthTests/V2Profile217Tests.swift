import Foundation
import Testing
@testable import NativeAuth

/// The settings where the V2 oracle's MSAL iOS 2.17 profile differs from 2.18.1 (spec native-auth-v2 §3.0,
/// §3.4, §3.5; `V2OracleProfile.iOS_2_17`): each test drives the engine under both profiles.
@Suite("V2 engine under the 2.17 profile")
struct V2Profile217Tests {
    static let older = MSALNativeAuthV2Options(profile: .iOS_2_17)
    static let verifyPassword = V2R.verify("CT-2", "password", id: "pw-7f3a", codeLength: nil)
    static let mfa = V2R.challenge("CT-3", factor: "multiFactor", [
        V2R.method("em-mfa", "email", hint: "a***x@e*****e.com", href: "/t/api/v2.0/mfa/email/em-mfa/challenge"),
    ])

    /// Password, MFA selection, then the email MFA verification state.
    static func mfaVerification(_ options: MSALNativeAuthV2Options) async throws
        -> (V2Harness, MSALNativeAuthMFAVerificationRequiredState)?
    {
        let h = try V2Harness([V2R.entry, V2R.passwordOnly, verifyPassword], options: options)
        guard case .passwordRequired(let password) = await h.signIn() else { return nil }
        h.transport.enqueue([mfa])
        guard case .authMethodSelectionRequired(let select) = await password.submitPassword(password: "Sunny-Day-42!") else {
            return nil
        }
        h.transport.enqueue([V2R.verify("CT-4", "email", id: "em-mfa")])
        guard case .mfaVerificationRequired(let verify) = await select.selectAuthMethod(select.authMethods[0]) else { return nil }
        return (h, verify)
    }

    @Test("E6: resendChallenge sends O7 under 2.18.1; under 2.17 it does not exist: a general error, nothing sent")
    func resendChallengeByProfile() async throws {
        let (h18, verify18) = try #require(try await Self.mfaVerification(MSALNativeAuthV2Options()))
        h18.transport.enqueue([V2R.verify("CT-5", "email", id: "em-mfa")])
        #expect(await verify18.resendChallenge().outcome
            == O("onMFAVerificationRequired", nil, "MSALNativeAuthMFAVerificationRequiredState", "CT-5"))
        #expect(h18.requests.count == 6)

        let (h17, verify17) = try #require(try await Self.mfaVerification(Self.older))
        h17.transport.enqueue([V2R.verify("CT-5", "email", id: "em-mfa")])
        #expect(await verify17.resendChallenge().error?.isGeneralError == true)
        #expect(h17.requests.count == 5)
    }
}

extension V2Profile217Tests {
    @Test("D8: an MFA demand answering a first-factor code is a method selection under 2.18.1, a general error under 2.17")
    func mfaAfterCodeByProfile() async throws {
        for (options, selection) in [(MSALNativeAuthV2Options(), true), (Self.older, false)] {
            let h = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em-91c2")], options: options)
            guard case .codeRequired(let code) = await h.signIn() else { Issue.record("no code state"); return }
            h.transport.enqueue([Self.mfa])
            let result = await code.submitCode(code: "11112222")
            if selection {
                #expect(result.outcome == O("onAuthMethodSelectionRequired", nil, "MSALNativeAuthAuthMethodSelectionRequiredState", "CT-3"))
            } else {
                #expect(result.error?.isGeneralError == true)
            }
            #expect(h.requests.count == 4)
        }
    }
}

extension V2Profile217Tests {
    @Test("G2b: a later ask for the password alone is a PasswordRequired state under 2.18.1, a general error under 2.17")
    func signUpPasswordAskedLaterByProfile() async throws {
        let parameters = MSALNativeAuthSignUpParametersV2(username: "sam@example.com")
        let answers = [V2SignUpRowTests.entry, V2SignUpRowTests.collect("CT-1", ["email"]),
                       V2SignUpRowTests.collect("CT-2", ["password"])]
        let latest = try V2Harness(answers)
        #expect(await latest.app.signUpV2(parameters: parameters).outcome
            == O("onPasswordRequired", nil, "MSALNativeAuthPasswordRequiredState", "CT-2"))
        let older = try V2Harness(answers, options: Self.older)
        let result = await older.app.signUpV2(parameters: parameters)
        #expect(result.error?.isGeneralError == true)
        #expect(result.error?.errorDescription == "Attributes already submitted or cannot be collected: password")
        #expect(older.requests.count == 3)
    }
}

extension V2Profile217Tests {
    static let emailAndSMS = V2R.challenge("CT-1", [V2R.method("em-91c2", "email"), V2R.method("sms-1", "sms")])

    @Test("A5b/A9: an SMS first factor is a choice under 2.18.1; under 2.17 it is skipped, and alone it is a general error")
    func smsFirstFactorAtSignInStartByProfile() async throws {
        let latest = try V2Harness([V2R.entry, Self.emailAndSMS])
        let both = await latest.signIn()
        #expect(both.outcome == O("onAuthMethodSelectionRequired", nil, "MSALNativeAuthAuthMethodSelectionRequiredState", "CT-1"))
        #expect(latest.requests.count == 2)

        let older = try V2Harness([V2R.entry, Self.emailAndSMS, V2R.verify("CT-2", "email", id: "em-91c2")], options: Self.older)
        #expect(await older.signIn().outcome.callback == "onCodeRequired")
        #expect(older.line(2) == #"POST https://login.contoso.com/t/api/v2.0/auth/methods/email/em-91c2/challenge {"continuationToken":"CT-1"}"#)

        let smsOnly = try V2Harness([V2R.entry, V2R.challenge("CT-1", [V2R.method("sms-1", "sms")])], options: Self.older)
        #expect(await smsOnly.signIn().error?.isGeneralError == true)
        #expect(smsOnly.requests.count == 2)
    }

    @Test("B4/E2: an SMS code answer to a first-factor challenge or a resend is a code state under 2.18.1, a general error under 2.17")
    func smsCodeAnswersByProfile() async throws {
        for (options, sms) in [(MSALNativeAuthV2Options(), true), (Self.older, false)] {
            let challenge = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "sms", id: "em-91c2")], options: options)
            let first = await challenge.signIn()
            #expect(sms ? first.outcome.callback == "onCodeRequired" : first.error?.isGeneralError == true)

            let resend = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em-91c2")], options: options)
            guard case .codeRequired(let code) = await resend.signIn() else { Issue.record("no code state"); return }
            resend.transport.enqueue([V2R.verify("CT-3", "sms", id: "em-91c2")])
            let again = await code.resendCode()
            #expect(sms ? again.outcome.callback == "onCodeRequired" : again.error?.isGeneralError == true)
            #expect(resend.requests.count == 4)
        }
    }
}

extension V2Profile217Tests {
    @Test("H4/E2: a password reset's SMS selection gives a code state under both profiles; its SMS resend fails under 2.17 only")
    func resetSMSByProfile() async throws {
        for (options, resendable) in [(MSALNativeAuthV2Options(), true), (Self.older, false)] {
            let h = try V2Harness([V2ResetPasswordRowTests.entry, Self.emailAndSMS], options: options)
            let start = await h.app.resetPasswordV2(parameters: MSALNativeAuthResetPasswordParametersV2(username: "user@contoso.com"))
            guard case .authMethodSelectionRequired(let selection) = start else { Issue.record("got \(start.outcome)"); return }
            h.transport.enqueue([V2R.verify("CT-2", "sms", id: "sms-1", codeLength: 6)])
            let chosen = await selection.selectAuthMethod(selection.authMethods[1])
            guard case .codeRequired(let code) = chosen else { Issue.record("got \(chosen.outcome)"); return }
            h.transport.enqueue([V2R.verify("CT-3", "sms", id: "sms-1", codeLength: 6)])
            let again = await code.resendCode()
            #expect(resendable ? again.outcome.callback == "onCodeRequired" : again.error?.isGeneralError == true)
            #expect(h.requests.count == 4)
        }
    }
}

extension V2Profile217Tests {
    @Test("G9a/G9b: sign-up's AADSTS1003037 and AADSTS90100 on the username are specific errors under 2.18.1, general under 2.17")
    func signUpSpecificErrorsByProfile() async throws {
        let exists = V2R.error("invalidRequest", message: "AADSTS1003037: The user already exists.")
        let username = V2R.error("invalidRequest", message: "AADSTS90100: username parameter is empty or not valid.")
        for (options, specific) in [(MSALNativeAuthV2Options(), true), (Self.older, false)] {
            for (answer, flag) in [(exists, \MSALNativeAuthFlowError.isUserAlreadyExists), (username, \.isInvalidUsername)] {
                let h = try V2Harness([V2SignUpRowTests.entry, V2SignUpRowTests.collect("CT-1", ["email"]), answer], options: options)
                let result = await h.app.signUpV2(parameters: MSALNativeAuthSignUpParametersV2(username: "sam@example.com"))
                let error = try #require(result.error)
                #expect(error[keyPath: flag] == specific)
                #expect(error.isGeneralError == !specific)
            }
        }
    }
}
