import Foundation
import Testing
@testable import NativeAuth

/// The sign-up rows of spec native-auth-v2 §3.4 G, through canned answers shaped like §2.3.
@Suite("V2 sign-up rows")
struct V2SignUpRowTests {
    static let entry = V2R.hal(401, #"{"continuation_token":"CT-0","sign_in":"/t/api/v2.0/signin/start","sign_up":"/t/api/v2.0/signup/start"}"#)

    static func collect(_ token: String, _ ids: [String]) -> Reply {
        let items = ids.map { #"{"attributeId":"\#($0)","inputType":"text","required":true}"# }.joined(separator: ",")
        return V2R.hal(#"{"state":"interactionRequired","action":"collectAttributes","continuationToken":"\#(token)","attributes":[\#(items)],"_links":{"submitAttributes":{"href":"/t/api/v2.0/signup/submitattributes"}}}"#)
    }

    static let verify = V2R.hal(#"{"state":"interactionRequired","action":"verify","continuationToken":"CT-2","id":"em-1","type":"email","hint":"s**@e*****e.com","codeLength":8,"_links":{"verify":{"href":"/t/api/v2.0/signup/verify"},"resend":{"href":"/t/api/v2.0/signup/resend"}}}"#)

    static func attributeError(_ ids: [String], _ code: String) -> Reply {
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        return V2R.hal(400, #"{"error":{"code":"invalidRequest","message":"AADSTS1002027: attribute validation failed","innerError":{"code":"attributeValidationError","details":[{"attributeIds":[\#(list)],"code":"\#(code)","message":"no"}]}}}"#)
    }

    private func signUp(_ h: V2Harness, password: String? = nil, attributes: [String: String]? = ["displayName": "Sam"]) async
        -> MSALNativeAuthV2Result
    {
        let parameters = MSALNativeAuthSignUpParametersV2(username: "sam@example.com")
        parameters.password = password
        parameters.attributes = attributes
        return await h.app.signUpV2(parameters: parameters)
    }

    @Test("G: attributes, email code, password as an attribute (a policy failure first), then sign-in after sign-up completes")
    func emailCodeAttributesAndPassword() async throws {
        let h = try V2Harness([Self.entry, Self.collect("CT-1", ["email", "displayName"]), Self.verify])
        let first = await signUp(h, password: "ignored-in-2.18.1")
        guard case .codeRequired(let code) = first else { Issue.record("got \(first.outcome)"); return }
        #expect(code.scenario == .signUp)
        #expect(h.line(1) == #"POST https://login.contoso.com/t/api/v2.0/signup/start {"continuationToken":"CT-0","username":"sam@example.com"}"#)
        #expect(h.line(2) == #"POST https://login.contoso.com/t/api/v2.0/signup/submitattributes {"continuationToken":"CT-1","attributes":{"email":"sam@example.com","displayName":"Sam"}}"#)

        h.transport.enqueue([Self.collect("CT-3", ["password"])])
        let asked = await code.submitCode(code: "11112222")
        guard case .passwordRequired(let password) = asked else { Issue.record("got \(asked.outcome)"); return }
        #expect(h.line(3) == #"POST https://login.contoso.com/t/api/v2.0/signup/verify {"continuationToken":"CT-2","otp":"11112222"}"#)

        h.transport.enqueue([Self.attributeError(["password"], "passwordPolicyViolation")])
        #expect(await password.submitPassword(password: "abc").outcome == O("onFlowError", "MSALNativeAuthFlowError.generalError"))
        #expect(h.line(4) == #"POST https://login.contoso.com/t/api/v2.0/signup/submitattributes {"continuationToken":"CT-3","attributes":{"password":"abc"}}"#)

        h.transport.enqueue([V2R.hal(#"{"state":"continue","continuationToken":"CT-4"}"#)])
        let created = await password.submitPassword(password: "Sunny-Day-42!")
        guard case .signInAfterSignUpRequired(let after) = created else { Issue.record("got \(created.outcome)"); return }
        #expect(created.outcome == O("onSignInAfterSignUpRequired", nil, "MSALNativeAuthSignInAfterSignUpState", "CT-4"))

        h.transport.enqueue(V2R.completion)
        #expect(await after.signIn().outcome == O("onFlowCompleted"))
        #expect(h.line(6) == "POST https://login.contoso.com/t/oauth2/v2.0/authorize-challenge continuation_token=CT-4")
    }

    @Test("G: the 2.17 profile sends the up-front password with the first attributes")
    func upfrontPasswordIn217() async throws {
        let h = try V2Harness([Self.entry, Self.collect("CT-1", ["email"]), Self.verify],
                              options: MSALNativeAuthV2Options(profile: .iOS_2_17))
        #expect(await signUp(h, password: "Sunny-Day-42!", attributes: nil).outcome.callback == "onCodeRequired")
        #expect(h.line(2).hasSuffix(#""attributes":{"email":"sam@example.com","password":"Sunny-Day-42!"}}"#))
    }

    @Test("G: new attributes ask the app; already-sent ones are a general error; resend gives a new code state")
    func laterAttributes() async throws {
        let h = try V2Harness([Self.entry, Self.collect("CT-1", ["email"]), Self.collect("CT-2", ["city"])])
        let first = await signUp(h, attributes: nil)
        guard case .attributesRequired(let state) = first else { Issue.record("got \(first.outcome)"); return }
        #expect(state.attributes.map(\.name) == ["city"])
        h.transport.enqueue([Self.collect("CT-3", ["city"])])
        let repeated = await state.submitAttributes(attributes: ["city": "Oslo"])
        #expect(repeated.error?.errorDescription == "Attributes already submitted or cannot be collected: city")
        #expect(h.line(3).hasSuffix(#"{"continuationToken":"CT-2","attributes":{"city":"Oslo"}}"#))

        h.transport.enqueue([Self.verify, Self.verify])
        guard case .codeRequired(let code) = await state.submitAttributes(attributes: ["city": "Oslo"]) else { return }
        #expect(await code.resendCode().outcome == O("onCodeRequired", nil, "MSALNativeAuthCodeRequiredState", "CT-2"))
        #expect(h.line(5) == #"POST https://login.contoso.com/t/api/v2.0/signup/resend {"continuationToken":"CT-2"}"#)
    }

    @Test("G: a non-password attribute failure is isInvalidAttributes naming it in 2.18.1, a general error in 2.17")
    func attributeValidation() async throws {
        let latest = try V2Harness([Self.entry, Self.collect("CT-1", ["email"]), Self.attributeError(["email"], "attributeRequired")])
        let result = await signUp(latest, attributes: nil)
        #expect(result.error?.isInvalidAttributes == true)
        #expect(result.error?.errorDescription == "Invalid attributes: email")
        #expect(result.error?.errorCodes == [1_002_027])
        let older = try V2Harness([Self.entry, Self.collect("CT-1", ["email"]), Self.attributeError(["email"], "attributeRequired")],
                                  options: MSALNativeAuthV2Options(profile: .iOS_2_17))
        #expect(await signUp(older, attributes: nil).error?.isGeneralError == true)
    }

    @Test("G: O1 without a sign_up link, a method challenge at sign-up start and a non-email verify are general errors")
    func signUpGeneralErrors() async throws {
        let h = try V2Harness([V2R.hal(401, #"{"continuation_token":"CT-0","sign_in":"/t/x"}"#)])
        #expect(await signUp(h).error?.errorDescription == "Invalid interaction response: missing 'sign_up' link")
        let challenge = try V2Harness([Self.entry, V2R.emailOnly])
        #expect(await signUp(challenge).error?.isGeneralError == true)
        let sms = try V2Harness([Self.entry, Self.collect("CT-1", ["email"]), V2R.verify("CT-2", "sms", id: "s")])
        #expect(await signUp(sms, attributes: nil).error?.isGeneralError == true)
    }
}
