import Testing

@testable import Fuzz
@testable import FuzzServers

/// How `fuzz --serve` tells V2 requests from V1 ones and names their steps.
@Suite("Serve dialect")
struct ServeDialectTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("V1 requests stay V1; V2's fixed paths, API paths, PUT and JSON bodies are V2")
    func dialects() {
        let t = "/contoso.onmicrosoft.com"
        #expect(ServeDialect.of(method: "POST", path: t + "/oauth2/v2.0/initiate", body: Self.bytes("client_id=1&username=a")) == .v1)
        #expect(ServeDialect.of(method: "POST", path: t + "/oauth2/v2.0/token", body: Self.bytes("grant_type=password&password=x")) == .v1)
        #expect(ServeDialect.of(method: "POST", path: t + "/signup/v1.0/start", body: Self.bytes("client_id=1")) == .v1)
        #expect(ServeDialect.of(method: "POST", path: t + "/oauth2/v2.0/token", body: Self.bytes("grant_type=authorization_code&code=A")) == .v2)
        #expect(ServeDialect.of(method: "POST", path: t + "/oauth2/v2.0/authorize-challenge", body: Self.bytes("client_id=1")) == .v2)
        #expect(ServeDialect.of(method: "POST", path: t + "/api/v2.0/signin/start", body: []) == .v2)
        #expect(ServeDialect.of(method: "PUT", path: "/x/update", body: []) == .v2)
        #expect(ServeDialect.of(method: "POST", path: "/x/y", body: Self.bytes(#"{"continuationToken":"C"}"#)) == .v2)
    }

    @Test("V2 steps are named from the path's last segments and the body's members")
    func steps() {
        let cases: [(String, String, String, String)] = [
            ("POST", "/t/oauth2/v2.0/authorize-challenge", "client_id=1", "authorizeStart"),
            ("POST", "/t/oauth2/v2.0/authorize-challenge", "continuation_token=C", "authorizeResume"),
            ("POST", "/t/oauth2/v2.0/token", "grant_type=authorization_code", "tokenExchange"),
            ("POST", "/t/api/v2.0/signup/start", "{}", "signUpStart"),
            ("POST", "/t/api/v2.0/resetpassword/start", "{}", "resetPasswordStart"),
            ("POST", "/t/api/v2.0/auth/methods/email/em-1/verify", #"{"otp":"1"}"#, "verifyCode"),
            ("POST", "/t/api/v1.0-internal/risk/phone/verify", "{}", "riskVerify"),
            ("POST", "/t/api/v2.0/signup/submitattributes", "{}", "submitAttributes"),
            ("POST", "/t/api/v2.0/resetpassword/poll", "{}", "poll"),
            ("POST", "/t/api/v2.0/register/sms/activate", "{}", "activate"),
            ("PUT", "/t/api/v2.0/somewhere", "{}", "updatePassword"),
            ("POST", "/t/api/v2.0/somewhere", "{}", "interaction"),
        ]
        for (method, path, body, step) in cases {
            #expect(ServeDialect.v2Step(method: method, path: path, body: Self.bytes(body)) == step, "\(path)")
        }
    }

    @Test("a recorded REDACTED segment matches any value in its place, and only there")
    func placeholderMatching() {
        let pattern = "POST /api/v2.0/auth/methods/email/REDACTED-method_id-2/verify"
        #expect(CaptureAnswers.matches(pattern: pattern, "POST /api/v2.0/auth/methods/email/em-91c2/verify"))
        #expect(!CaptureAnswers.matches(pattern: pattern, "POST /api/v2.0/auth/methods/sms/em-91c2/verify"))
        #expect(!CaptureAnswers.matches(pattern: pattern, "POST /api/v2.0/auth/methods/email/em-91c2/x/verify"))
        #expect(!CaptureAnswers.matches(pattern: pattern, "PUT /api/v2.0/auth/methods/email/em-91c2/verify"))
        #expect(CaptureAnswers.endpointPath("/t/api/v2.0/signup/start") == "/api/v2.0/signup/start")
        #expect(CaptureAnswers.endpointPath("/t/signup/v1.0/start") == "/signup/v1.0/start")
        #expect(CaptureAnswers.key("POST", "/t/oauth2/v2.0/authorize-challenge", form: Self.bytes("continuation_token=C"))
                == "POST /oauth2/v2.0/authorize-challenge resume")
    }
}
