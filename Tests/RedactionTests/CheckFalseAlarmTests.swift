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

    @Test("A mixed-case GUID, image data in base64 and a Digest nonce are not tokens; a key of the same length is")
    func guidsImagesAndNoncesAreNotFindings() throws {
        let findings = try Self.findings(
            response: [HARHeader(name: "WWW-Authenticate", value: #"Digest realm="Users", nonce="hWVYO1ts29HPxCpHoUhGVRzzsggQ3uCg", qop="auth""#)],
            body: #"{"html":"<object classid=\"clsid:D27CDB6E-AE6D-11cf-96B8-444553540000\">","png":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="}"#)
        #expect(findings.isEmpty, "\(findings)")
        let key = try Self.findings(body: #"{"note":"D27CDB6E-AE6D-11cf-96B8-44455354000g1Qz"}"#)
        #expect(key.contains { $0.detector == "token" }, "\(key)")
        let nonce = try Self.findings(response: [HARHeader(name: "X-Nonce", value: "hWVYO1ts29HPxCpHoUhGVRzzsggQ3uCg")])
        #expect(nonce.contains { $0.detector == "token" }, "\(nonce)")
    }

    @Test("A protocol-relative URL's ad parameter is not a token; its credential parameter is")
    func protocolRelativeURLs() throws {
        let clean = try Self.findings(request: [HARHeader(name: "GET /1.gif?q=dmp&redir=https", value: "//ads.example/Pug?vcode=bz0yJnR5cGU9MSZjb2RlPTMzMzkmdGw9MTI5NjAw")])
        #expect(clean.isEmpty, "\(clean)")
        let leaky = try Self.findings(request: [HARHeader(name: "GET /1.gif?q=dmp&redir=https", value: "//ads.example/Pug?token=bz0yJnR5cGU9MSZjb2RlPTMzMzkmdGw9MTI5NjAw")])
        #expect(leaky.contains { $0.detector == "token" }, "\(leaky)")
    }

    @Test("An API key echoed under a JSON api_key key is replaced by redact, and found in the raw body")
    func apiKeyInJSONIsReplaced() throws {
        let body = #"{"method":"HTTP/GET","api_key":"3_gtUbleJNtrRITgx-1mM_ci7GcIrH8xL9W_VfAbzSa4zp"}"#
        let raw = try Self.findings(body: body)
        #expect(raw.contains { $0.detector == "token" }, "\(raw)")
        let entry = NativeAuthSamples.entry("/x", form: [], status: 200, json: body, index: 0)
        let redacted = try Redactor().redact(entry).entry
        let findings = try LeakScanner().scan(bytes: HARWriter.bytes(NativeAuthSamples.document([redacted])), file: "f.har")
        #expect(findings.isEmpty, "\(findings)")
        #expect(redacted.response.content.text?.contains("REDACTED-credential-") == true)
    }

    @Test("A base64 alphabet written in a script is not a token; a key holding a short run of letters is")
    func alphabetsAreNotFindings() throws {
        let clean = try Self.findings(body: #"{"js":"var b=\"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-\".charAt(d)"}"#)
        #expect(clean.isEmpty, "\(clean)")
        let key = try Self.findings(body: #"{"note":"Xq7ABCDEFGHIzz81mQ2pLx9Wq4Zt8YbN1cD5"}"#)
        #expect(key.contains { $0.detector == "token" }, "\(key)")
    }
}
