import Foundation
import Testing

@testable import Oracle

@Suite("V2 strict answer reader and block K")
struct V2ReaderTests {
    static let code = V2Step(scenario: .signIn, action: .submitCode)
    static let resend = V2Step(scenario: .signIn, action: .resendCode)

    func read(_ text: String, status: Int = 200) -> V2OracleAnswer { V2OracleAnswer.read(status: status, body: Array(text.utf8)) }

    @Test("the reader takes state, action, token, method, hint, codeLength and links of a verify answer")
    func readsVerify() {
        let answer = read(V2Bodies.verify("email", token: "CT-2"))
        #expect(answer.problem == nil)
        #expect(answer.state == "interactionRequired")
        #expect(answer.action == "verify")
        #expect(answer.continuationToken == "CT-2")
        #expect(answer.type == "email" && answer.hint == "a***x" && answer.codeLength == 8)
        #expect(answer.hasLink("verify") && answer.hasLink("resend") && !answer.hasLink("poll"))
    }

    @Test("the reader takes the nested error envelope with inner code and scraped AADSTS numbers")
    func readsError() {
        let answer = read(V2Bodies.error("invalidGrant", inner: "invalidOneTimeCode", message: "AADSTS50184: x; AADSTS7000"), status: 400)
        #expect(answer.error?.code == "invalidGrant")
        #expect(answer.error?.innerCode == "invalidOneTimeCode")
        #expect(answer.error?.aadsts == [50184, 7000])
        #expect(read(#"{"error":"invalid_grant","error_description":"d"}"#).error == nil)
    }

    @Test("the reader takes embedded methods with their challenge links, flat entry links and attribute ids")
    func readsMethodsAndLinks() {
        let methods = read(V2Bodies.challenge([V2Bodies.method("em-1", "email"), V2Bodies.method("pw-1", "password", href: "")])).methods
        #expect(methods?.map(\.id) == ["em-1", "pw-1"])
        #expect(methods?.map { $0.challengeHref != nil } == [true, false])
        let entry = read(#"{"continuation_token":"CT-0","sign_in":{"href":"/a"},"_links":{"sign_up":[{"href":""},{"href":"/b"}]}}"#)
        #expect(entry.links == ["sign_in": "/a", "sign_up": "/b"])
        #expect(read(V2Bodies.collect(["email", "city"])).attributeIds == ["email", "city"])
    }

    @Test("a UTF-8 BOM, UTF-16 and a trailing comma read normally (R5, R7)")
    func encodings() {
        let body = V2Bodies.verify("email", token: "CT-B")
        let bom = V2OracleAnswer.read(status: 200, body: [0xEF, 0xBB, 0xBF] + Array(body.utf8))
        #expect(bom.continuationToken == "CT-B")
        let utf16 = V2OracleAnswer.read(status: 200, body: [UInt8]((body.data(using: .utf16LittleEndian)) ?? Data()))
        #expect(utf16.continuationToken == "CT-B")
        #expect(read(#"{"state":"continue","continuationToken":"CT-T",}"#).continuationToken == "CT-T")
        #expect(walkV2(Self.code, [RawResponse(status: 200, body: [0xEF, 0xBB, 0xBF] + Array(V2Bodies.continued("CT-3").utf8))])
            .expectation == .proceed(to: .resume))
    }

    @Test("the first of duplicate keys wins; camelCase continuationToken wins over snake_case (R6)")
    func duplicatesAndCasing() {
        #expect(read(#"{"continuationToken":"first","continuationToken":"second"}"#).continuationToken == "first")
        #expect(read(#"{"continuation_token":"snake","continuationToken":"camel"}"#).continuationToken == "camel")
        let snake = #"{"state":"interactionRequired","action":"verify","continuation_token":"CT-S","type":"email","_links":{"verify":{"href":"/v"}}}"#
        let prediction = walkV2(Self.resend, [v2(snake)])
        #expect(rowIds(prediction) == ["E1"])
        #expect(prediction.expectedToken == "CT-S")
        let twice = #"{"action":"verify","action":"poll","continuationToken":"CT-D","_links":{"verify":{"href":"/v"}}}"#
        #expect(rowIds(walkV2(Self.resend, [v2(twice)])) == ["E1"])
    }

    @Test("a read field of the wrong type fails the body; an unread odd number does not (R1)")
    func wrongTypes() {
        #expect(read(#"{"codeLength":"8"}"#).problem == .wrongType("codeLength"))
        #expect(read(#"{"codeLength":1e400}"#).problem == .wrongType("codeLength"))
        #expect(read(#"{"codeLength":8.0}"#).codeLength == 8)
        #expect(read(#"{"extra":1e400,"continuationToken":"CT"}"#).problem == nil)
        #expect(read(#"{"state":5}"#).problem == .wrongType("state"))
        #expect(read(#"{"hint":"\ud800"}"#).problem == .wrongType("hint"))
        #expect(read(#"{"unread":"\ud800"}"#).problem == nil)
        #expect(rowIds(walkV2(Self.resend, [v2(#"{"action":"verify","continuationToken":"CT","codeLength":"8","_links":{"verify":{"href":"/v"}}}"#)])) == ["K1"])
    }

    @Test("K: non-JSON, non-object, transport failure, missing link and missing token all end in generalError")
    func genericFailures() {
        func last(_ response: RawResponse, _ step: V2Step = Self.resend) -> String { rowIds(walkV2(step, [response])).last ?? "" }
        #expect(last(v2(500, "<html>oops</html>")) == "K1")
        #expect(last(v2("[1,2]")) == "K1")
        #expect(last(RawResponse(status: 0, body: [])) == "K8")
        #expect(last(v2(V2Bodies.action("verify", link: "resend"))) == "K2")
        #expect(last(v2(204, "")) == "K3")
        #expect(last(v2(#"{"state":"interactionRequired","action":"dance","continuationToken":"CT"}"#)) == "K9")
        #expect(walkV2(Self.resend, [RawResponse(status: 0, body: [])]).expectation == v2Fails("generalError"))
    }

    @Test("K: O2 without a code or with an error, and O17 with an error or without tokens, end in generalError")
    func completionFailures() {
        let signIn = V2Step(scenario: .passwordReset, action: .signIn)
        #expect(rowIds(walkV2(signIn, [v2(#"{"continuationToken":"CT"}"#)])) == ["K4"])
        #expect(rowIds(walkV2(signIn, [v2(400, #"{"code":"AC","error":{"code":"redirect_to_web"}}"#)])) == ["K4"])
        #expect(rowIds(walkV2(signIn, [v2(V2Bodies.authorizationCode), v2(400, #"{"error":"invalid_grant"}"#)])) == ["K10", "K5"])
        #expect(rowIds(walkV2(signIn, [v2(V2Bodies.authorizationCode), v2(#"{"token_type":"Bearer"}"#)])) == ["K10", "K6"])
        #expect(rowIds(walkV2(signIn, [v2(V2Bodies.authorizationCode), RawResponse(status: 0, body: [])])) == ["K10", "K8"])
        #expect(rowIds(walkV2(signIn, [v2(V2Bodies.authorizationCode), v2(503, "")])) == ["K10", "K1"])
    }
}
