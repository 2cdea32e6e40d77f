import Testing

@testable import Oracle

@Suite("V2 table, blocks G-H: sign-up and password reset")
struct V2SignUpAndResetTableTests {
    static let signUp = V2Step(scenario: .signUp, action: .start, sentAttributes: ["displayName"])
    static let afterAttributes = ["email", "displayName"]

    @Test("G: journey 2.3 — start auto-submits the first attributes and ends in CodeRequired")
    func signUpStart() {
        let answers = [
            v2(401, V2Bodies.entry("sign_up")), v2(V2Bodies.collect(["email", "displayName"])),
            v2(V2Bodies.verify("email", token: "CT-2")),
        ]
        let prediction = walkV2(Self.signUp, answers)
        #expect(rowIds(prediction) == ["G12", "G1", "G4"])
        #expect(prediction.hops.map(\.request) == [.authorizeChallenge, .link("sign_up"), .link("submitAttributes")])
        #expect(prediction.expectation == v2State("onCodeRequired", "MSALNativeAuthCodeRequiredState"))
        #expect(prediction.expectedToken == "CT-2")
    }

    @Test("G: after the code, a password request is PasswordRequired in 2.18.1 (uncertain) and a general error in 2.17")
    func passwordAskedLater() {
        let code = V2Step(scenario: .signUp, action: .submitCode, sentAttributes: Self.afterAttributes)
        let body = v2(V2Bodies.collect(["password"], token: "CT-3"))
        let new = walkV2(code, [body])
        #expect(rowIds(new) == ["G2b"])
        #expect(new.expectation == v2State("onPasswordRequired", "MSALNativeAuthPasswordRequiredState"))
        #expect(new.expectedToken == "CT-3")
        #expect(new.uncertain)
        #expect(walkV2(code, [body], profile: .iOS_2_17).expectation == v2Fails("generalError"))
        #expect(rowIds(walkV2(code, [v2(V2Bodies.collect(["displayName"]))])) == ["G2"])
        #expect(rowIds(walkV2(code, [v2(V2Bodies.collect(["city"]))])) == ["G3"])
        #expect(rowIds(walkV2(code, [v2(V2Bodies.collect(["email"]))])) == ["G2"])
    }

    @Test("G: submitPassword goes as O10; policy errors, then continue hands over SignInAfterSignUp")
    func signUpPassword() {
        let submit = V2Step(scenario: .signUp, action: .submitPassword, sentAttributes: Self.afterAttributes)
        let policy = #"{"error":{"code":"invalidRequest","message":"AADSTS1002027: x","innerError":{"code":"attributeValidationError","details":[{"attributeIds":["password"],"code":"passwordPolicyViolation","message":"m"}]}}}"#
        let rejected = walkV2(submit, [v2(400, policy)])
        #expect(rowIds(rejected) == ["G8b"])
        #expect(rejected.hops.map(\.request) == [.link("submitAttributes")])
        let weak = v2(400, V2Bodies.error("invalidRequest", inner: "passwordTooWeak"))
        #expect(walkV2(submit, [weak]).expectation == v2Fails("invalidPassword"))
        let done = walkV2(submit, [v2(V2Bodies.continued("CT-4"))])
        #expect(done.expectation == v2State("onSignInAfterSignUpRequired", "MSALNativeAuthSignInAfterSignUpState"))
        #expect(done.expectedToken == "CT-4")
        let signIn = V2Step(scenario: .signUp, action: .signIn)
        #expect(rowIds(walkV2(signIn, v2Completion)) == ["K10", "K11"])
    }

    @Test("G: attribute, existing-account and username errors follow the profile")
    func signUpErrors() {
        let submit = V2Step(scenario: .signUp, action: .submitAttributes, sentAttributes: Self.afterAttributes)
        let attribute = #"{"error":{"code":"invalidRequest","message":"AADSTS1002027: x","innerError":{"code":"attributeValidationError","details":[{"attributeIds":["email"],"code":"attributeRequired"}]}}}"#
        #expect(walkV2(submit, [v2(400, attribute)]).expectation == v2Fails("invalidAttributes"))
        #expect(walkV2(submit, [v2(400, attribute)], profile: .iOS_2_17).expectation == v2Fails("generalError"))
        let exists = v2(400, V2Bodies.error("invalidRequest", message: "AADSTS1003037: exists"))
        #expect(walkV2(Self.signUp, [v2(401, V2Bodies.entry("sign_up")), exists]).expectation == v2Fails("userAlreadyExists"))
        let username = v2(400, V2Bodies.error("invalidRequest", message: "AADSTS90100: username parameter is empty or not valid"))
        #expect(walkV2(submit, [username]).expectation == v2Fails("invalidUsername"))
        #expect(walkV2(submit, [username], profile: .iOS_2_17).expectation == v2Fails("generalError"))
        let challenge = v2(V2Bodies.challenge([V2Bodies.method("pw-1", "password"), V2Bodies.method("em-1", "email")]))
        #expect(rowIds(walkV2(Self.signUp, [v2(401, V2Bodies.entry("sign_up")), challenge])) == ["G12", "G11"])
        #expect(rowIds(walkV2(submit, [v2(V2Bodies.verify("sms"))])) == ["G5"])
        #expect(rowIds(walkV2(submit, [v2(V2Bodies.webFallback)])) == ["G15"])
    }

    @Test("G: a method selected on a sign-up selection (existing account, G11) is judged with block B but uncertain")
    func signUpSelectionIsUncertain() {
        let select = V2Step(scenario: .signUp, action: .selectAuthMethod, role: .firstFactor, methodType: "email")
        let prediction = walkV2(select, [v2(V2Bodies.verify("email"))])
        #expect(rowIds(prediction) == ["B3"])
        #expect(prediction.stateRow?.id == "G11")
        #expect(prediction.uncertain)
        let signIn = V2Step(scenario: .signIn, action: .selectAuthMethod, role: .firstFactor, methodType: "email")
        #expect(!walkV2(signIn, [v2(V2Bodies.verify("email"))]).uncertain)
    }

    @Test("G: a sign-up `challenge` without an authentication factor fails at the parser (§3.3 r5), not a selection")
    func signUpChallengeWithoutFactorFails() {
        let methods = #"[{"id":"pw-1","type":"password","_links":{"challenge":{"href":"/t/c/pw"}}},{"id":"em-1","type":"email","_links":{"challenge":{"href":"/t/c/em"}}}]"#
        let noFactor = #"{"state":"interactionRequired","action":"challenge","continuationToken":"CT-1","_embedded":{"methods":\#(methods)}}"#
        for profile in [V2OracleProfile.iOS_2_18_1, .iOS_2_17] {
            let prediction = walkV2(Self.signUp, [v2(401, V2Bodies.entry("sign_up")), v2(noFactor)], profile: profile)
            #expect(rowIds(prediction) == ["G12", "K9"])
            #expect(prediction.expectation == v2Fails("generalError"))
        }
    }

    @Test("H: journey 2.4 — one email method is challenged by itself and ends in CodeRequired")
    func resetStart() {
        let start = V2Step(scenario: .passwordReset, action: .start)
        let o5 = V2Bodies.challenge([V2Bodies.method("pw-1", "password"), V2Bodies.method("em-5", "email")])
        let prediction = walkV2(start, [v2(401, V2Bodies.entry("reset_password")), v2(o5), v2(V2Bodies.verify("email"))])
        #expect(rowIds(prediction) == ["H11", "H1", "H4"])
        #expect(prediction.expectation.outcome?.callback == "onCodeRequired")
        let two = V2Bodies.challenge([V2Bodies.method("em-5", "email"), V2Bodies.method("sms-5", "sms")])
        #expect(rowIds(walkV2(start, [v2(401, V2Bodies.entry("reset_password")), v2(two)])) == ["H11", "H1b"])
        let passwordOnly = V2Bodies.challenge([V2Bodies.method("pw-1", "password")])
        #expect(rowIds(walkV2(start, [v2(401, V2Bodies.entry("reset_password")), v2(passwordOnly)])) == ["H11", "H2"])
        let unknown = v2(400, V2Bodies.error("invalidRequest", message: "AADSTS50034: x"))
        #expect(walkV2(start, [v2(401, V2Bodies.entry("reset_password")), unknown]).expectation == v2Fails("userNotFound"))
        let sms = V2Bodies.challenge([V2Bodies.method("sms-5", "sms")])
        let risky = [v2(401, V2Bodies.entry("reset_password")), v2(sms), v2(V2Bodies.action("riskverify")), v2(V2Bodies.verify("sms"))]
        #expect(rowIds(walkV2(start, risky)) == ["H11", "H1", "H1c", "H4"])
        let emailRisk = V2Step(scenario: .passwordReset, action: .selectAuthMethod, methodType: "email")
        #expect(rowIds(walkV2(emailRisk, [v2(V2Bodies.action("riskverify"))])) == ["H1d"])
    }

    @Test("H: the new password polls until continue, at most five times")
    func resetPoll() {
        let submit = V2Step(scenario: .passwordReset, action: .submitNewPassword)
        let poll = v2(V2Bodies.action("poll", token: "CT-4"))
        let done = walkV2(submit, [poll, poll, v2(V2Bodies.continued("CT-5"))])
        #expect(rowIds(done) == ["H7", "H7b", "H8"])
        #expect(done.expectation == v2State("onSignInAfterResetPasswordRequired", "MSALNativeAuthSignInAfterResetPasswordState"))
        #expect(done.expectedToken == "CT-5")
        let tooLong = walkV2(submit, Array(repeating: poll, count: 7))
        #expect(rowIds(tooLong) == ["H7", "H7b", "H7b", "H7b", "H7b", "H9"])
        #expect(tooLong.expectation == v2Fails("generalError"))
        #expect(rowIds(walkV2(submit, [v2(V2Bodies.continued())])) == ["H10"])
        #expect(rowIds(walkV2(submit, [v2(400, V2Bodies.error("invalidRequest", inner: "passwordTooWeak"))])) == ["H6"])
        #expect(rowIds(walkV2(submit, [poll, v2(400, V2Bodies.error("invalidRequest", inner: "passwordTooWeak"))])) == ["H7", "H16b"])
        #expect(walkV2(submit, [poll]).expectation == .proceed(to: .link("poll")))
    }
}
