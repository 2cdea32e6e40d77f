import Foundation
import Testing
@testable import NativeAuth

/// The error rows of spec native-auth-v2 §3.4 A, B and K for sign-in.
@Suite("V2 sign-in error rows")
struct V2SignInErrorRowTests {
    private func expectGeneral(_ replies: [Reply], message: String? = nil, requests: Int) async throws {
        let h = try V2Harness(replies)
        let result = await h.signIn()
        #expect(result.outcome == O("onFlowError", "MSALNativeAuthFlowError.generalError"))
        if let message { #expect(result.error?.errorDescription == message) }
        #expect(h.requests.count == requests)
    }

    @Test("A: O1 with a token but no sign_in link is a general error naming the link")
    func entryWithoutSignInLink() async throws {
        try await expectGeneral([V2R.hal(401, #"{"continuation_token":"CT-0","sign_up":"/t/api/v2.0/signup/start"}"#)],
                                message: "Invalid interaction response: missing 'sign_in' link", requests: 1)
    }

    @Test("A: O1 with neither token nor link is a general error")
    func entryWithoutToken() async throws {
        try await expectGeneral([V2R.hal(401, "{}")], message: "Missing continuation token", requests: 1)
    }

    @Test("A: an unknown user at O3 is isUserNotFound")
    func unknownUser() async throws {
        let h = try V2Harness([V2R.entry, V2R.error("invalidRequest", message: "AADSTS50034: The user account does not exist.")])
        let result = await h.signIn()
        #expect(result.outcome == O("onFlowError", "MSALNativeAuthFlowError.userNotFound"))
        #expect(result.error?.errorCodes == [50034])
    }

    @Test("A: a web fallback at O3 is a general error (not mapped at this step)")
    func webFallbackAtSignInStart() async throws {
        try await expectGeneral([V2R.entry, V2R.hal(#"{"state":"webFallbackRequired","continuationToken":"CT-9"}"#)], requests: 2)
    }

    @Test("B: a web fallback after the method challenge is isBrowserRequired, by state or by redirect_to_web")
    func webFallbackAfterChallenge() async throws {
        for fallback in [
            V2R.hal(#"{"state":"webFallbackRequired","continuationToken":"CT-9","_links":{"webFallback":{"href":"https://login.contoso.com/t/oauth2/v2.0/authorize"}}}"#),
            V2R.error("redirect_to_web", message: "use the browser"),
        ] {
            let h = try V2Harness([V2R.entry, V2R.emailOnly, fallback])
            let result = await h.signIn()
            #expect(result.outcome == O("onFlowError", "MSALNativeAuthFlowError.browserRequired"))
            #expect(result.error?.isBrowserRequired == true)
            #expect(h.requests.count == 3)
        }
    }

    @Test("A/K: an unknown action, an unknown state and an MFA challenge at O3 are general errors")
    func unknownStateAndAction() async throws {
        try await expectGeneral([V2R.entry, V2R.hal(#"{"state":"interactionRequired","action":"dance","continuationToken":"CT-1"}"#)], requests: 2)
        try await expectGeneral([V2R.entry, V2R.hal(#"{"state":"somethingNew","continuationToken":"CT-1"}"#)], requests: 2)
        try await expectGeneral([V2R.entry, V2R.challenge("CT-1", factor: "multiFactor", [V2R.method("em", "email")])], requests: 2)
    }

    @Test("A/K: an empty method list, a method without a challenge link, a missing factor send nothing more")
    func malformedChallenges() async throws {
        try await expectGeneral([V2R.entry, V2R.challenge("CT-1", [])], requests: 2)
        try await expectGeneral([V2R.entry, V2R.challenge("CT-1", [#"{"id":"em","type":"email","_links":{}}"#])], requests: 2)
        try await expectGeneral([V2R.entry, V2R.hal(#"{"state":"interactionRequired","action":"challenge","continuationToken":"CT-1","_embedded":{"methods":[\#(V2R.method("em", "email"))]}}"#)], requests: 2)
    }

    @Test("K: a verify answer without its verify link is a general error naming the link")
    func verifyWithoutLink() async throws {
        try await expectGeneral([V2R.entry, V2R.emailOnly,
                                 V2R.hal(#"{"state":"interactionRequired","action":"verify","continuationToken":"CT-2","type":"email","_links":{}}"#)],
                                message: "Invalid interaction response: missing 'verify' link", requests: 3)
    }

    @Test("K: a missing token, a non-JSON body, a wrong member type and a transport failure are general errors, not retried")
    func malformedAnswers() async throws {
        try await expectGeneral([V2R.entry, V2R.hal(#"{"state":"interactionRequired","action":"verify"}"#)], message: "Missing continuation token", requests: 2)
        try await expectGeneral([V2R.entry, .response(NativeAuthHTTPResponse(statusCode: 200, body: Data("<html>".utf8)))], requests: 2)
        try await expectGeneral([V2R.entry, V2R.hal(#"{"state":"continue","continuationToken":7}"#)], requests: 2)
        try await expectGeneral([V2R.entry, R.server500], requests: 2)
        try await expectGeneral([V2R.entry, R.network], requests: 2)
    }

    @Test("E: resend without a resend link sends nothing; a password answer to resend is a general error")
    func resendRows() async throws {
        let h = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em", resend: false)])
        guard case .codeRequired(let state) = await h.signIn() else { Issue.record("no code state"); return }
        let missing = await state.resendCode()
        #expect(missing.error?.errorDescription == "Missing resend link")
        #expect(h.requests.count == 3)

        let h2 = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em")])
        guard case .codeRequired(let state2) = await h2.signIn() else { Issue.record("no code state"); return }
        h2.transport.enqueue([V2R.verify("CT-3", "password", id: "pw")])
        #expect(await state2.resendCode().error?.isGeneralError == true)
    }

    @Test("D: invalidGrant without invalidOneTimeCode is a general error; C: a policy error keeps its message")
    func inexactErrorPairs() async throws {
        let h = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em")])
        guard case .codeRequired(let state) = await h.signIn() else { Issue.record("no code state"); return }
        h.transport.enqueue([V2R.error("invalidGrant", inner: "invalidContinuationToken", message: "expired")])
        let result = await state.submitCode(code: "1")
        #expect(result.outcome == O("onFlowError", "MSALNativeAuthFlowError.generalError"))
        #expect(result.error?.errorDescription == "expired")
    }

    @Test("K: O2 without a code and O17 with an error are general errors with the server's text and codes")
    func completionFailures() async throws {
        let h = try V2Harness([V2R.entry, V2R.emailOnly, V2R.verify("CT-2", "email", id: "em")])
        guard case .codeRequired(let state) = await h.signIn() else { Issue.record("no code state"); return }
        h.transport.enqueue([V2R.proceed("CT-3"), V2R.hal("{}")])
        #expect(await state.submitCode(code: "1").error?.errorDescription == "Missing authorization code")
        h.transport.enqueue([V2R.proceed("CT-3"), V2R.code,
                             V2R.hal(400, #"{"error":"invalid_grant","error_description":"AADSTS70000: code used","error_codes":[70000]}"#)])
        let failed = await state.submitCode(code: "1")
        #expect(failed.error?.errorDescription == "AADSTS70000: code used")
        #expect(failed.error?.errorCodes == [70000])
        h.transport.enqueue([V2R.proceed("CT-3"), V2R.code, V2R.hal(#"{"access_token":"at"}"#)])
        #expect(await state.submitCode(code: "1").error?.isGeneralError == true)
    }
}
