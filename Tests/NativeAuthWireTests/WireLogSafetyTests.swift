import Testing

@testable import NativeAuthWire

@Suite("Log-safe descriptions")
struct WireLogSafetyTests {
    static let canaries = ["CANARY-PASSWORD", "CANARY-CODE", "CANARY-TOKEN", "canary@example.com", "CANARY-METHOD"]

    func expectNoCanary(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for canary in Self.canaries {
            #expect(!text.contains(canary), "leaked \(canary) in \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("requests describe themselves without passwords, codes, tokens or usernames")
    func requestsAreRedacted() {
        let start = SignUpStartRequest(
            clientID: "client-1", username: "canary@example.com", password: "CANARY-PASSWORD",
            attributes: ["displayName": "CANARY-TOKEN"], challengeTypes: [.oob, .password, .redirect])
        let token = TokenRequest(
            clientID: "client-1", grantType: .oob, continuationToken: "CANARY-TOKEN", oob: "CANARY-CODE")
        let challenge = SignInChallengeRequest(
            clientID: "client-1", continuationToken: "CANARY-TOKEN", challengeTypes: [.redirect],
            methodID: "CANARY-METHOD")
        for request in [start, token, challenge] as [any WireRequest] {
            expectNoCanary(request.description)
            expectNoCanary(String(describing: request))
            expectNoCanary("\(request.form)")
            #expect(request.description.contains("client-1"))
        }
        #expect(start.description.hasPrefix("POST /signup/v1.0/start client_id=client-1&username=<redacted>"))
        expectNoCanary("\(start.attributes!)")
    }

    @Test("response views describe themselves with secrets redacted at any depth")
    func responsesAreRedacted() throws {
        let body = try WireBody.parse(
            """
            {"continuation_token":"CANARY-TOKEN","code_length":8,
             "methods":[{"id":"CANARY-METHOD","challenge_type":"oob","challenge_channel":"email","login_hint":"canary@example.com"}]}
            """)
        expectNoCanary(body.description)
        #expect(body.description.contains(#""code_length":8"#))
        let success = try WireSuccess(body: body)
        expectNoCanary(success.description)
        let envelope = WireErrorEnvelope(
            error: .invalidGrant, suberror: .mfaRequired, continuationToken: "CANARY-TOKEN")
        expectNoCanary(envelope.description)
        #expect(envelope.description.contains("mfa_required"))
        expectNoCanary(WireResponse(statusCode: 200, json: body.json).description)
        #expect(body.json.serialized().contains("CANARY-TOKEN"))
    }

    @Test("attributes decode from JSON and report non-string values")
    func attributesHelpers() throws {
        let attributes = try WireAttributes.parse(formValue: #"{"city":"Oslo","age":42,"ok":true}"#)
        #expect(attributes.names == ["city", "age", "ok"])
        #expect(attributes.stringValues == ["city": "Oslo", "age": "42", "ok": "true"])
        #expect(attributes.nonStringNames == ["age", "ok"])
        #expect(attributes["age"] == .number("42"))
        #expect(WireAttributes(["b": "2", "a": "1"]).formValue == #"{"a":"1","b":"2"}"#)
    }
}
