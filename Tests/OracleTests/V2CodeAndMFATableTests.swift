import Testing

@testable import Oracle

@Suite("V2 table, blocks D-F: submitCode, resend, MFA")
struct V2CodeAndMFATableTests {
    static let signInCode = V2Step(scenario: .signIn, action: .submitCode)
    static let resetCode = V2Step(scenario: .passwordReset, action: .submitCode)
    static let mfaMethods = V2Bodies.challenge(
        [V2Bodies.method("em-mfa", "email"), V2Bodies.method("sms-1", "sms")], factor: "multiFactor", token: "CT-3")

    @Test("D: a wrong code is invalidCode, another invalidGrant is generalError, a good code completes sign-in")
    func signInCodes() {
        let wrong = v2(400, V2Bodies.error("invalidGrant", inner: "invalidOneTimeCode", message: "AADSTS50184: OTP is incorrect"))
        #expect(rowIds(walkV2(Self.signInCode, [wrong])) == ["D4"])
        #expect(walkV2(Self.signInCode, [wrong]).expectation == v2Fails("invalidCode"))
        let other = v2(400, V2Bodies.error("invalidGrant", inner: "invalidContinuationToken"))
        #expect(walkV2(Self.signInCode, [other]).expectation == v2Fails("generalError"))
        #expect(rowIds(walkV2(Self.signInCode, [other])) == ["D5"])
        let done = walkV2(Self.signInCode, [v2(V2Bodies.continued("CT-3"))] + v2Completion)
        #expect(rowIds(done) == ["D1", "K10", "K11"])
        #expect(done.expectation == v2Completed)
        #expect(rowIds(walkV2(Self.signInCode, [v2(V2Bodies.action("update"))])) == ["D9"])
        #expect(rowIds(walkV2(Self.signInCode, [v2(V2Bodies.webFallback)])) == ["D6"])
        #expect(rowIds(walkV2(Self.signInCode, [v2(400, V2Bodies.error("invalidRequest", message: "AADSTS50034: x"))])) == ["D7d"])
    }

    @Test("D: password reset codes lead to NewPasswordRequired (update or self link) or SignInAfterResetPassword")
    func resetCodes() {
        let update = walkV2(Self.resetCode, [v2(V2Bodies.action("update", token: "CT-3"))])
        #expect(rowIds(update) == ["D2"])
        #expect(update.expectation == v2State("onNewPasswordRequired", "MSALNativeAuthNewPasswordRequiredState"))
        #expect(update.expectedToken == "CT-3")
        #expect(rowIds(walkV2(Self.resetCode, [v2(V2Bodies.action("update", link: "self"))])) == ["D2"])
        #expect(rowIds(walkV2(Self.resetCode, [v2(V2Bodies.action("update", link: "poll"))])) == ["K2"])
        let after = walkV2(Self.resetCode, [v2(V2Bodies.continued("CT-5"))])
        #expect(after.expectation == v2State("onSignInAfterResetPasswordRequired", "MSALNativeAuthSignInAfterResetPasswordState"))
        #expect(after.expectedToken == "CT-5")
    }

    @Test("D: an MFA demand after a code is a selection in 2.18.1 and a general error in 2.17")
    func mfaAfterCode() {
        #expect(walkV2(Self.signInCode, [v2(Self.mfaMethods)]).expectation.outcome?.callback == "onAuthMethodSelectionRequired")
        #expect(walkV2(Self.resetCode, [v2(Self.mfaMethods)]).expectation.outcome?.callback == "onAuthMethodSelectionRequired")
        #expect(walkV2(Self.signInCode, [v2(Self.mfaMethods)], profile: .iOS_2_17).expectation == v2Fails("generalError"))
        let noMethods = V2Bodies.challenge([], factor: "multiFactor")
        #expect(rowIds(walkV2(Self.signInCode, [v2(noMethods)])) == ["D8b"])
    }

    @Test("E: a resent email code gives a CodeRequired state with the new token; SMS per profile; password fails")
    func resendCode() {
        let resend = V2Step(scenario: .signIn, action: .resendCode)
        let email = walkV2(resend, [v2(V2Bodies.verify("email", token: "CT-2b"))])
        #expect(rowIds(email) == ["E1"])
        #expect(email.expectedToken == "CT-2b")
        #expect(walkV2(resend, [v2(V2Bodies.verify("sms"))]).expectation.outcome?.callback == "onCodeRequired")
        #expect(walkV2(resend, [v2(V2Bodies.verify("sms"))], profile: .iOS_2_17).expectation == v2Fails("generalError"))
        #expect(rowIds(walkV2(resend, [v2(V2Bodies.verify("password"))])) == ["E3"])
        #expect(rowIds(walkV2(resend, [v2(400, V2Bodies.error("invalidRequest"))])) == ["E4e"])
        #expect(rowIds(walkV2(resend, [v2(#"{"error":{"code":"redirect_to_web"}}"#)])) == ["E7"])
    }

    @Test("E: resendChallenge gives MFAVerificationRequired in 2.18.1 (uncertain) and sends nothing in 2.17")
    func resendChallenge() {
        let step = V2Step(scenario: .signIn, action: .resendChallenge, role: .secondFactor)
        let new = walkV2(step, [v2(V2Bodies.verify("sms", token: "CT-6"))])
        #expect(rowIds(new) == ["E6"])
        #expect(new.expectation == v2State("onMFAVerificationRequired", "MSALNativeAuthMFAVerificationRequiredState"))
        #expect(new.uncertain)
        let old = walkV2(step, [v2(V2Bodies.verify("sms"))], profile: .iOS_2_17)
        #expect(old.consumed == 0)
        #expect(old.expectation == v2Fails("generalError"))
    }

    @Test("F: an SMS second factor goes through one risk verification to MFAVerificationRequired with the O13 answer's token")
    func smsRiskVerification() {
        let select = V2Step(scenario: .signIn, action: .selectAuthMethod, role: .secondFactor, methodType: "sms")
        let risk = v2(V2Bodies.action("riskverify", token: "CT-4"))
        let prediction = walkV2(select, [risk, v2(V2Bodies.verify("sms", token: "CT-5"))])
        #expect(rowIds(prediction) == ["F2", "F1"])
        #expect(prediction.hops.map(\.request) == [.link("challenge"), .link("riskverify")])
        #expect(prediction.expectedToken == "CT-5")
        #expect(prediction.expectation.outcome?.newState == "MSALNativeAuthMFAVerificationRequiredState")
        #expect(rowIds(walkV2(select, [risk, risk])) == ["F2", "F2b"])
        let email = V2Step(scenario: .signIn, action: .selectAuthMethod, role: .secondFactor, methodType: "email")
        #expect(rowIds(walkV2(email, [risk])) == ["F2c"])
        #expect(walkV2(select, [risk]).expectation == .proceed(to: .link("riskverify")))
    }

    @Test("F: submitChallenge completes sign-in, reports a wrong code, and is per profile in password reset")
    func submitChallenge() {
        let submit = V2Step(scenario: .signIn, action: .submitChallenge, role: .secondFactor)
        #expect(walkV2(submit, [v2(V2Bodies.continued())] + v2Completion).expectation == v2Completed)
        let wrong = v2(400, V2Bodies.error("invalidGrant", inner: "invalidOneTimeCode"))
        #expect(rowIds(walkV2(submit, [wrong])) == ["F5"])
        #expect(rowIds(walkV2(submit, [v2(V2Bodies.webFallback)])) == ["F7"])
        let reset = V2Step(scenario: .passwordReset, action: .submitChallenge, role: .secondFactor)
        let new = walkV2(reset, [v2(V2Bodies.continued("CT-7"))])
        #expect(rowIds(new) == ["F4b"])
        #expect(new.expectedToken == "CT-7")
        let old = walkV2(reset, [v2(V2Bodies.continued())], profile: .iOS_2_17)
        #expect(old.consumed == 0)
        #expect(old.expectation == v2Fails("generalError"))
        #expect(old.unsentRow?.id == "F6")
        let signUp = walkV2(V2Step(scenario: .signUp, action: .selectAuthMethod, role: .secondFactor), [v2(V2Bodies.verify("email"))])
        #expect(signUp.consumed == 0)
        #expect(signUp.unsentRow?.id == "F6")
        #expect(signUp.uncertain)
    }

    @Test("F: selectAuthMethod on a password-reset MFA selection sends O6 in both profiles; only submitChallenge differs")
    func passwordResetMFASelectionInBothProfiles() {
        let select = V2Step(scenario: .passwordReset, action: .selectAuthMethod, role: .secondFactor, methodType: "email")
        for profile in [V2OracleProfile.iOS_2_18_1, .iOS_2_17] {
            let prediction = walkV2(select, [v2(V2Bodies.verify("email"))], profile: profile)
            #expect(prediction.unsentRow == nil, "\(profile)")
            #expect(rowIds(prediction) == ["F1"], "\(profile)")
            #expect(prediction.expectation == v2State("onMFAVerificationRequired", "MSALNativeAuthMFAVerificationRequiredState"))
        }
    }
}
