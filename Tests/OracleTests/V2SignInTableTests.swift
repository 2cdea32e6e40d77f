import Testing

@testable import Oracle

@Suite("V2 table, blocks A-C: sign-in start, first-factor challenge, submitPassword")
struct V2SignInTableTests {
    static let start = V2Step(scenario: .signIn, action: .start)
    static let startWithPassword = V2Step(scenario: .signIn, action: .start, passwordGiven: true)
    static let passwordAndEmail = V2Bodies.challenge([V2Bodies.method("pw-1", "password"), V2Bodies.method("em-1", "email")])
    static let passwordOnly = V2Bodies.challenge([V2Bodies.method("pw-1", "password")])

    @Test("A: a single password method is challenged by itself and ends in PasswordRequired with the verify token")
    func singlePasswordMethod() {
        let prediction = walkV2(
            Self.start, [v2(401, V2Bodies.entry()), v2(Self.passwordOnly), v2(V2Bodies.verify("password"))])
        #expect(rowIds(prediction) == ["A1", "A4", "B2"])
        #expect(prediction.expectation == v2State("onPasswordRequired", "MSALNativeAuthPasswordRequiredState"))
        #expect(prediction.expectedToken == "CT-2")
        #expect(prediction.hops.map(\.request) == [.authorizeChallenge, .link("sign_in"), .link("challenge")])
    }

    @Test("A: two methods give a selection state holding the sign-in start token, nothing more is sent")
    func twoMethodsSelection() {
        let prediction = walkV2(Self.startWithPassword, [v2(401, V2Bodies.entry()), v2(Self.passwordAndEmail), v2("{}")])
        #expect(rowIds(prediction) == ["A1", "A5"])
        #expect(prediction.consumed == 2)
        #expect(prediction.expectedToken == "CT-1")
        #expect(prediction.expectation.outcome?.callback == "onAuthMethodSelectionRequired")
    }

    @Test("A: SMS is a first-factor choice in 2.18.1 but skipped in 2.17")
    func smsFirstFactorPerProfile() {
        let body = V2Bodies.challenge([V2Bodies.method("em-1", "email"), V2Bodies.method("sms-1", "sms")])
        let answers = [v2(401, V2Bodies.entry()), v2(body), v2(V2Bodies.verify("email"))]
        #expect(rowIds(walkV2(Self.start, answers)) == ["A1", "A5b"])
        #expect(rowIds(walkV2(Self.start, answers, profile: .iOS_2_17)) == ["A1", "A4b", "B3"])
    }

    @Test("A: a method list with sms or an unknown type is uncertain at O3 in both profiles (§3.3 r5)")
    func smsOrUnknownTypeAtSignInStartIsUncertain() {
        let certain = [v2(401, V2Bodies.entry()), v2(Self.passwordAndEmail)]
        #expect(!walkV2(Self.start, certain).uncertain)
        let lists = [
            [V2Bodies.method("pw-1", "password"), V2Bodies.method("sms-1", "sms")],
            [V2Bodies.method("pw-1", "password"), V2Bodies.method("t-1", "totp")],
        ]
        for profile in [V2OracleProfile.iOS_2_18_1, .iOS_2_17] {
            for methods in lists {
                let prediction = walkV2(Self.start, [v2(401, V2Bodies.entry()), v2(V2Bodies.challenge(methods))], profile: profile)
                #expect(prediction.uncertain, "\(methods) under \(profile)")
            }
        }
        let smsOnly = V2Bodies.challenge([V2Bodies.method("sms-1", "sms")])
        #expect(rowIds(walkV2(Self.start, [v2(401, V2Bodies.entry()), v2(smsOnly)])) == ["A1", "A4b"])
    }

    @Test("A: unknown user, empty list, missing challenge link, multiFactor and web fallback at O3 all fail")
    func signInStartFailures() {
        func last(_ body: String, status: Int = 200) -> (String, V2Expectation) {
            let prediction = walkV2(Self.start, [v2(401, V2Bodies.entry()), v2(status, body)])
            return (rowIds(prediction).last ?? "", prediction.expectation)
        }
        #expect(last(V2Bodies.error("invalidRequest", message: "AADSTS50034: no user"), status: 400) == ("A6", v2Fails("userNotFound")))
        #expect(last(V2Bodies.challenge([])) == ("A9", v2Fails("generalError")))
        #expect(last(V2Bodies.challenge([V2Bodies.method("pw-1", "password", href: " ")])) == ("A10", v2Fails("generalError")))
        #expect(last(V2Bodies.challenge([V2Bodies.method("pw-1", "password")], factor: "multiFactor")) == ("A8", v2Fails("generalError")))
        #expect(last(V2Bodies.webFallback) == ("A7", v2Fails("generalError")))
        #expect(walkV2(Self.start, [v2(401, V2Bodies.entry()), v2(V2Bodies.webFallback)]).uncertain)
    }

    @Test("A: an O1 error next to a token and entry link proceeds in 2.18.1 (uncertain) and fails in 2.17")
    func entryErrorPerProfile() {
        let body = #"{"error":{"code":"InsufficientAuthorization","message":"m"},"continuation_token":"CT-0","sign_in":"/t/s"}"#
        let new = walkV2(Self.start, [v2(401, body)])
        #expect(new.expectation == .proceed(to: .link("sign_in")))
        #expect(new.uncertain)
        let old = walkV2(Self.start, [v2(401, body)], profile: .iOS_2_17)
        #expect(old.expectation == v2Fails("generalError"))
        #expect(rowIds(old) == ["A2"])
        #expect(rowIds(walkV2(Self.start, [v2(400, V2Bodies.error("invalid_client"))])) == ["A2b"])
    }

    @Test("A: an O1 token without the sign_in link fails; a link without a token fails on the token")
    func entryMissingPieces() {
        #expect(rowIds(walkV2(Self.start, [v2(401, V2Bodies.entry("sign_up"))])) == ["A3"])
        #expect(rowIds(walkV2(Self.start, [v2(401, #"{"sign_in":"/t/s"}"#)])) == ["K3"])
        #expect(rowIds(walkV2(Self.start, [v2(401, #"{"continuation_token":"CT-0","_links":{"signIn":{"href":"/t/s"}}}"#)])) == ["A3"])
        #expect(rowIds(walkV2(Self.start, [v2(401, #"{"continuationToken":"CT-0","_links":{"sign_in":{"href":"/t/s"}}}"#)])) == ["A1"])
    }

    @Test("B: an up-front password is sent in 2.17 and the flow completes through O9, O2 and O17")
    func upfrontPasswordCompletes() {
        let answers = [v2(401, V2Bodies.entry()), v2(Self.passwordOnly), v2(V2Bodies.verify("password")), v2(V2Bodies.continued())]
            + v2Completion
        let old = walkV2(Self.startWithPassword, answers, profile: .iOS_2_17)
        #expect(rowIds(old) == ["A1", "A4", "B1", "C1", "K10", "K11"])
        #expect(old.expectation == v2Completed)
        #expect(old.expectedToken == nil)
        #expect(old.hops.map(\.request).suffix(3) == [.link("verify"), .resume, .token])
        let new = walkV2(Self.startWithPassword, answers)
        #expect(rowIds(new) == ["A1", "A4", "B1"])
        #expect(new.expectation.outcome?.callback == "onPasswordRequired")
        #expect(new.uncertain)
    }

    @Test("B: selecting email gives CodeRequired; a web fallback gives browserRequired; an error is mapped")
    func firstFactorChallengeAnswers() {
        let select = V2Step(scenario: .signIn, action: .selectAuthMethod, role: .firstFactor, methodType: "email")
        let code = walkV2(select, [v2(V2Bodies.verify("email"))])
        #expect(rowIds(code) == ["B3"])
        #expect(code.expectation == v2State("onCodeRequired", "MSALNativeAuthCodeRequiredState"))
        #expect(walkV2(select, [v2(V2Bodies.webFallback)]).expectation == v2Fails("browserRequired"))
        #expect(rowIds(walkV2(select, [v2(400, #"{"error":{"code":"redirect_to_web"}}"#)])) == ["B6"])
        #expect(rowIds(walkV2(select, [v2(400, V2Bodies.error("invalidRequest", inner: "other"))])) == ["B7e"])
        #expect(rowIds(walkV2(select, [v2(V2Bodies.action("riskverify"))])) == ["B8"])
        #expect(rowIds(walkV2(select, [v2(V2Bodies.continued())])) == ["B5"])
        let passwordSelected = V2Step(scenario: .signIn, action: .selectAuthMethod, passwordGiven: true, methodType: "password")
        #expect(rowIds(walkV2(passwordSelected, [v2(V2Bodies.verify("password"))], profile: .iOS_2_17)) == ["B2"])
    }

    @Test("C: a wrong password is invalidPassword in both profiles; MFA gives a selection; a blank MFA link fails")
    func submitPasswordAnswers() {
        let submit = V2Step(scenario: .signIn, action: .submitPassword)
        let wrong = v2(400, V2Bodies.error("invalidGrant", inner: "invalidUserNameOrPassword", message: "AADSTS50126: bad"))
        #expect(walkV2(submit, [wrong]).expectation == v2Fails("invalidPassword"))
        #expect(walkV2(submit, [wrong], profile: .iOS_2_17).expectation == v2Fails("invalidPassword"))
        let mfa = V2Bodies.challenge(
            [V2Bodies.method("em-mfa", "email"), V2Bodies.method("sms-1", "sms")], factor: "multiFactor", token: "CT-3")
        let selection = walkV2(submit, [v2(mfa)])
        #expect(rowIds(selection) == ["C2"])
        #expect(selection.expectedToken == "CT-3")
        let blank = V2Bodies.challenge([V2Bodies.method("em-mfa", "email", href: "")], factor: "multiFactor")
        #expect(rowIds(walkV2(submit, [v2(blank)])) == ["C2b"])
        #expect(rowIds(walkV2(submit, [v2(V2Bodies.continued())] + v2Completion)) == ["C1", "K10", "K11"])
        #expect(rowIds(walkV2(submit, [v2(V2Bodies.action("enroll"))])) == ["C6"])
        #expect(rowIds(walkV2(submit, [v2(400, V2Bodies.error("invalidRequest", inner: "passwordTooWeak"))])) == ["C4b"])
    }

    @Test("answers running out before the action ends name the next request")
    func answersRunOut() {
        #expect(walkV2(Self.start, []).expectation == .proceed(to: .authorizeChallenge))
        #expect(walkV2(Self.start, [v2(401, V2Bodies.entry()), v2(Self.passwordOnly)]).expectation == .proceed(to: .link("challenge")))
        let submit = V2Step(scenario: .signIn, action: .submitPassword)
        #expect(walkV2(submit, [v2(V2Bodies.continued())]).expectation == .proceed(to: .resume))
        #expect(walkV2(submit, [v2(V2Bodies.continued()), v2(V2Bodies.authorizationCode)]).expectation == .proceed(to: .token))
    }
}
