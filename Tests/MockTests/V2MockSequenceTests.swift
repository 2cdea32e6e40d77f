import Foundation
import HAR
import Mock
import Replay
import Testing

/// How the mock matches V2 requests (spec native-auth-v2 §1): method, path or advertised href, JSON members.
@Suite("The mock's V2 matching")
struct V2MockSequenceTests {
    static let tenant = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
    static let methods = "/contoso.onmicrosoft.com/api/v2.0/auth/methods"

    /// A redacted V2 capture: O1 (401), a password challenge at a method href, a wrong then a right
    /// password, a PUT of a new password, and a V1 token call.
    static func document() -> HARDocument {
        var entries: [HAREntry] = []
        func add(_ method: String, _ url: String, form: String? = nil, json: String? = nil, status: Int, answer: String) {
            let postData = form.map { HARPostData(mimeType: "application/x-www-form-urlencoded", text: $0) }
                ?? json.map { HARPostData(mimeType: "application/json", text: $0) }
            let request = HARRequest(method: method, url: url, headers: [], postData: postData)
            let response = HARResponse(
                status: status, headers: [HARHeader(name: "Content-Type", value: "application/json")],
                content: HARContent(body: Array(answer.utf8), mimeType: "application/json"))
            entries.append(HAREntry(startedDateTime: "2026-11-28T10:00:0\(entries.count).000Z", time: 1, request: request, response: response))
        }
        add("POST", tenant + "/oauth2/v2.0/authorize-challenge", form: "client_id=app-1&scope=openid+offline_access",
            status: 401, answer: #"{"continuation_token":"REDACTED-continuation_token-1","sign_in":"/contoso.onmicrosoft.com/api/v2.0/signin/start"}"#)
        add("POST", "https://contoso.ciamlogin.com\(methods)/password/REDACTED-method_id-1/challenge",
            json: #"{"continuationToken":"REDACTED-continuation_token-2"}"#, status: 200, answer: #"{"action":"verify"}"#)
        add("POST", "https://contoso.ciamlogin.com\(methods)/password/REDACTED-method_id-1/verify",
            json: #"{"password":"REDACTED-password-1","continuationToken":"REDACTED-continuation_token-3"}"#, status: 400,
            answer: #"{"error":{"code":"invalidGrant"}}"#)
        add("POST", "https://contoso.ciamlogin.com\(methods)/password/REDACTED-method_id-1/verify",
            json: #"{"continuationToken":"REDACTED-continuation_token-3","password":"REDACTED-password-2"}"#, status: 200,
            answer: #"{"state":"continue"}"#)
        add("PUT", "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/resetpassword/update",
            json: #"{"continuationToken":"REDACTED-continuation_token-4","newPassword":"REDACTED-password-3","attributes":{"city":"Oslo"}}"#,
            status: 200, answer: #"{"action":"poll"}"#)
        add("POST", tenant + "/oauth2/v2.0/token", form: "grant_type=authorization_code&code=REDACTED-code-1&client_id=app-1",
            status: 200, answer: #"{"token_type":"Bearer"}"#)
        return HARDocument(log: HARLog(creator: HARCreator(name: "mock-tests", version: "1"), entries: entries))
    }

    static func served(_ answer: MockSequence.Answer) -> Int? {
        if case .serve(let reply) = answer { return reply.entryIndex }
        return nil
    }

    static func refusal(_ answer: MockSequence.Answer) -> MockRefusal? {
        if case .refuse(let refusal) = answer { return refusal }
        return nil
    }

    @Test("V1 and V2 exchanges of one capture are servable: the authorize-challenge calls and JSON interactions as V2, the code exchange as V1")
    func readsBothKinds() {
        let capture = MockCapture(document: Self.document())
        #expect(capture.v2.map(\.entryIndex) == [0, 1, 2, 3, 4])
        #expect(capture.v1.map(\.entryIndex) == [5])
        #expect(capture.authorityPath == "/contoso.onmicrosoft.com")
    }

    @Test("a placeholder method id in a recorded href matches any id; JSON members match in any order with placeholders matching any value; identical requests are answered in recorded order")
    func servesInOrder() {
        var sequence = MockSequence(capture: MockCapture(document: Self.document()))
        let o1 = sequence.answer(
            method: "POST", path: "/my-tenant/oauth2/v2.0/authorize-challenge",
            body: Array("scope=offline_access+openid&client_id=app-1".utf8))
        #expect(Self.served(o1) == 0)
        let challenge = sequence.answer(
            method: "POST", path: "\(Self.methods)/password/pw-7f3a/challenge", body: Array(#"{"continuationToken":"CT-1"}"#.utf8))
        #expect(Self.served(challenge) == 1)
        let verify = "\(Self.methods)/password/REDACTED-method_id-1/verify"
        let wrong = sequence.answer(method: "POST", path: verify, body: Array(#"{"continuationToken":"x","password":"wrong"}"#.utf8))
        let right = sequence.answer(method: "POST", path: verify, body: Array(#"{"password":"Right-1!","continuationToken":"x"}"#.utf8))
        #expect(Self.served(wrong) == 2)
        #expect(Self.served(right) == 3)
        let put = sequence.answer(
            method: "PUT", path: "/contoso.onmicrosoft.com/api/v2.0/resetpassword/update",
            body: Array(#"{"attributes":{"city":"Oslo"},"newPassword":"N3w!","continuationToken":"t"}"#.utf8))
        #expect(Self.served(put) == 4)
        let token = sequence.answer(
            method: "POST", path: "/contoso.onmicrosoft.com/oauth2/v2.0/token",
            body: Array("grant_type=authorization_code&code=AC-real&client_id=app-1".utf8))
        #expect(Self.served(token) == 5)
        #expect(sequence.remaining == 0)
    }

    @Test("POST is not PUT, another relation is not the recorded one, and a differing recorded value is refused naming the member but never its value")
    func refuses() throws {
        var sequence = MockSequence(capture: MockCapture(document: Self.document()))
        let update = "/contoso.onmicrosoft.com/api/v2.0/resetpassword/update"
        let post = try #require(Self.refusal(sequence.answer(
            method: "POST", path: update, body: Array(#"{"continuationToken":"t","newPassword":"N3w!","attributes":{"city":"Oslo"}}"#.utf8))))
        #expect(post.closestEntry == 4)
        #expect(post.differingFields == ["method"])

        let city = try #require(Self.refusal(sequence.answer(
            method: "PUT", path: update, body: Array(#"{"continuationToken":"t","newPassword":"N3w!","attributes":{"city":"Bergen-Secret"}}"#.utf8))))
        #expect(city.differingFields == ["attributes.city"])
        let text = String(decoding: city.body, as: UTF8.self)
        #expect(text.contains("entries[4] PUT /contoso.onmicrosoft.com/api/v2.0/resetpassword/update"))
        #expect(!text.contains("Bergen-Secret") && !text.contains("Oslo") && !text.contains("N3w!"))
        #expect(text.contains("a 13-character value (hidden)"))

        let resend = try #require(Self.refusal(sequence.answer(
            method: "POST", path: "\(Self.methods)/password/pw-real-id-77/resend", body: Array(#"{"continuationToken":"t"}"#.utf8))))
        #expect(resend.closestEntry == 1)
        #expect(resend.differingFields == ["path"])
        #expect(resend.loggedPath == "/contoso.onmicrosoft.com/api/v2.0/auth/methods/password/…/resend")
        let described = String(decoding: resend.body, as: UTF8.self)
        #expect(!described.contains("pw-real-id-77"))
        #expect(described.contains("authtape_mock_no_match"))
        #expect(sequence.remaining == 6)
    }

    @Test("a JSON member the recording lacks, or one it has that is missing, is a difference")
    func memberSets() throws {
        var sequence = MockSequence(capture: MockCapture(document: Self.document()))
        let challenge = "\(Self.methods)/password/REDACTED-method_id-1/challenge"
        let extra = try #require(Self.refusal(sequence.answer(
            method: "POST", path: challenge, body: Array(#"{"continuationToken":"t","otp":"123"}"#.utf8))))
        #expect(extra.differingFields == ["otp"])
        let missing = try #require(Self.refusal(sequence.answer(method: "POST", path: challenge, body: Array("{}".utf8))))
        #expect(missing.differingFields == ["continuationToken"])
        let form = try #require(Self.refusal(sequence.answer(method: "POST", path: challenge, body: Array("continuationToken=t".utf8))))
        #expect(form.differingFields == ["body"])
    }
}
