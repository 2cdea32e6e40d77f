import Foundation
import HAR
import Testing

@testable import Redaction

/// `check` reports a value only where a secret can be: each shape below, seen in real exports
/// (corpus/real-har), is not a finding once the secrets around it are placeholders, while the
/// same places with a secret still are.
@Suite("check: no false alarms")
struct CheckFalseAlarmTests {
    static func findings(request: [HARHeader] = [], response: [HARHeader] = [], url: String = "/x", body: String = "{}") throws -> [LeakFinding] {
        var entry = NativeAuthSamples.entry(url, form: [], status: 200, json: body, index: 0)
        entry.request.headers += request
        entry.response.headers += response
        return try LeakScanner().scan(bytes: HARWriter.bytes(NativeAuthSamples.document([entry])), file: "f.har")
    }

    @Test("Set-Cookie attributes are not values, even when 16 characters or longer")
    func setCookieAttributesAreNotFindings() throws {
        let findings = try Self.findings(response: [
            HARHeader(
                name: "Set-Cookie",
                value: "esctx=REDACTED-cookie-1; domain=.login.microsoftonline.com; path=/common/oauth2/v2.0/authorize; expires=Wed, 21-Oct-2026 07:28:00 GMT; Max-Age=31536000; SameSite=None; secure; HttpOnly; Priority=High"),
        ])
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("An empty, deleted cookie is not a finding, alone or among others")
    func deletedCookieIsNotAFinding() throws {
        let findings = try Self.findings(
            request: [HARHeader(name: "Cookie", value: "a=REDACTED-cookie-1; b=")],
            response: [
                HARHeader(name: "Set-Cookie", value: "old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"),
                HARHeader(name: "Set-Cookie", value: "x=REDACTED-cookie-2; Path=/\nold=; Path=/\ny=REDACTED-cookie-3; Domain=.very-long-domain-name.example.com"),
            ])
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("Request and trace ids of CDNs and servers are not tokens")
    func requestAndTraceIDsAreNotFindings() throws {
        let id = "Lx8-aBcDeFgH1234IjKlMnOpQrStUvWxYz5678AbCdEfGhIjKlMnOp=="
        let headers = [
            "x-amz-cf-id", "x-amz-id-2", "x-amz-request-id", "x-amz-version-id", "cf-ray", "x-request-id", "x-ms-request-id",
            "traceparent", "x-fb-debug", "ETag", "Public-Key-Pins-Report-Only", "X-Cache",
        ].map { HARHeader(name: $0, value: id) }
        let findings = try Self.findings(response: headers)
        #expect(findings.isEmpty, "\(findings)")
        // The same value in a header that is not an identifier is still a token.
        let elsewhere = try Self.findings(response: [HARHeader(name: "X-Session", value: id)])
        #expect(elsewhere.contains { $0.detector == "token" }, "\(elsewhere)")
    }

    @Test("URL paths, JSONP callback names, image names and +0… are not tokens, addresses or numbers")
    func pathsCallbacksAndImageNamesAreNotFindings() throws {
        let findings = try Self.findings(
            url: "/io/harviewer/issue-62/css/harViewer/Main2Panel/SecondPanelPart8?callback=jQuery111103915298576837295_1424574938474",
            body: #"{"img":"https://cdn.example/logo@2x.png","css":"margin:+0000000px","path":"com/weather/getForecast/json/10001/false/USNY9472"}"#)
        #expect(findings.isEmpty, "\(findings)")
        // A base64 key with slashes in it is still a token.
        let key = try Self.findings(body: #"{"note":"k=AbC1dEf2GhI3/JkL4mNo5PqR6sTu7VwX8yZ9"}"#)
        #expect(key.contains { $0.detector == "token" }, "\(key)")
    }

    @Test("Redacted V2 paths and error codes are not findings; their raw forms are")
    func redactedV2ShapesAreNotFindings() throws {
        let clean = try Self.findings(
            url: "/api/v2.0/auth/methods/email/REDACTED-method_id-1/challenge",
            body: #"{"error":{"code":"invalidGrant","innerError":{"code":"invalidUserNameOrPassword","details":[{"code":"passwordPolicyViolation"}]}},"_links":{"verify":{"href":"/t/api/v2.0/mfa/sms/REDACTED-method_id-2/verify"},"activate":{"href":"/t/api/v2.0/register/sms/activate"}},"hint":"REDACTED-challenge_target_label-3"}"#)
        #expect(clean.isEmpty, "\(clean)")
        let raw = try Self.findings(
            url: "/api/v2.0/auth/methods/email/em-91c2/challenge",
            body: #"{"_links":{"verify":{"href":"/t/api/v2.0/mfa/sms/sms-1/verify"}},"hint":"a***x@e*****e.com","code":"AC1.AQABabcdEFGH1234ijkl"}"#)
        #expect(raw.filter { $0.detector == "method-id" }.count == 2, "\(raw)")
        #expect(raw.contains { $0.detector == "masked-identifier" })
        #expect(raw.contains { $0.detector == "code" && $0.reason.hasPrefix("authorization code") })
    }
}
