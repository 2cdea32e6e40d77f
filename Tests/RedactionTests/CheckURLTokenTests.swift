import Foundation
import HAR
import Testing

@testable import Redaction

/// Where a long token counts (docs/redaction.md): in URLs and form bodies only the values of
/// credential-named parameters; script hashes in paths and ad or tracking parameters are not
/// findings, while the same places holding a credential are, and `redact` replaces those.
@Suite("check: long tokens in URLs and forms")
struct CheckURLTokenTests {
    /// A script URL whose path segments hold content hashes (`k=…`, `am=…`), and ad
    /// parameters whose values are long base64 (`xai=…`, `vcode=…`).
    static let scriptPath = "/_/js/k=site.app.en.7Hq_ZpL2wQx.O/am=AAQCXE8QbHygC_jwDcBDAAAAAAAAJACAIUl2iHMRVCQF/d=1/rs=x"
    static let adQuery = "?xai=AKAOjsu4pqRDpiQwApBJb5krxnj6Mh56Li9hZVmL0QmqNphRHFs&vcode=bz0yJnR5cGU9MSZjb2RlPTMzMzkmdGw9MTI5NjAw"
    /// A 43-byte PKCE value (the shape of `code_challenge` and `code_verifier`).
    static let pkce = "Qm4Xw9aeY0-mE9xi_akpQ-AgamX5QQ1e8bKhFtRrwN2"
    static let token = "tK7mQ2pLx9Wq4Zt8YbN1cD5eFgH3jR6sV0uA"

    static func entry(url: String, form: [(String, String)] = [], referer: String? = nil, body: String = "{}") -> HAREntry {
        var entry = NativeAuthSamples.entry(url, form: form, status: 200, json: body, index: 0)
        entry.request.queryString = FormBody(Substring(url.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""))
            .fields.map { HARQueryParameter(name: $0.name, value: $0.value) }
        entry.request.postData?.params = form.map { HARPostParameter(name: $0.0, value: $0.1) }
        if let referer { entry.request.headers.append(HARHeader(name: "Referer", value: referer)) }
        return entry
    }

    static func findings(_ entry: HAREntry) throws -> [LeakFinding] {
        try LeakScanner().scan(bytes: HARWriter.bytes(NativeAuthSamples.document([entry])), file: "f.har")
    }

    @Test("Script hashes in URL paths and long ad parameters are not tokens, in the URL, the query list, a Referer or a body")
    func scriptHashesAndAdParametersAreNotFindings() throws {
        let url = Self.scriptPath + Self.adQuery
        let findings = try Self.findings(
            Self.entry(url: url, referer: NativeAuthSamples.authority + url, body: #"{"stack":[{"url":"https://x.example\#(url)"}]}"#))
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("A token in a credential-named URL parameter is a finding wherever the URL is, and redact replaces it")
    func credentialParametersInURLsAreFindings() throws {
        for name in ["access_token", "apiKey", "X-Amz-Signature", "sig", "JSESSIONID"] {
            let url = Self.scriptPath + Self.adQuery + "&\(name)=\(Self.token)"
            let raw = try Self.findings(Self.entry(url: url, referer: NativeAuthSamples.authority + url))
            #expect(raw.contains { $0.detector == "token" && $0.location.hasSuffix("request.url") }, "\(name): \(raw)")
            #expect(raw.contains { $0.detector == "token" && $0.location.contains("queryString") }, "\(name): \(raw)")
            #expect(raw.contains { $0.detector == "token" && $0.location.contains("headers") }, "\(name): \(raw)")
        }
        // In a body, a URL's credential parameter counts too.
        let body = try Self.findings(Self.entry(url: "/x", body: #"{"u":"https://cdn.example/sdk.js?apiKey=\#(Self.token)"}"#))
        #expect(body.contains { $0.detector == "token" }, "\(body)")
        // Names that only end like a credential word are not credentials: `vcode`, `code_challenge`.
        let names = try Self.findings(Self.entry(url: "/x?vcode=\(Self.token)&code_challenge=\(Self.pkce)"))
        #expect(names.isEmpty, "\(names)")
    }

    @Test("Redact replaces credential-named query parameters and form fields, and check of its output is clean")
    func redactReplacesCredentialParameters() throws {
        let entry = Self.entry(
            url: Self.scriptPath + "?apiKey=\(Self.token)&key=\(Self.token)x&xai=AKAOjsu4pqRDpiQwApBJb5krxnj6Mh56Li9hZVmL0Qm",
            form: [("grant_type", "authorization_code"), ("code_verifier", Self.pkce), ("code_challenge", Self.pkce + "z")])
        #expect(try Self.findings(entry).filter { $0.detector == "token" }.count >= 3)
        let redacted = try Redactor().redact(entry).entry
        let findings = try Self.findings(redacted)
        #expect(findings.isEmpty, "\(findings)")
        #expect(redacted.request.url.contains("apiKey=REDACTED-credential-"))
        #expect(redacted.request.postData?.text?.contains("code_verifier=REDACTED-credential-") == true)
        // Kept: the ad parameter and the public PKCE challenge.
        #expect(redacted.request.url.contains("xai=AKAO"))
        #expect(redacted.request.postData?.text?.contains("code_challenge=" + Self.pkce) == true)
    }

    @Test("Anti-forgery parameters and headers named like a token (csrfToken, Postman-Token, X-CSRF-Token) are replaced")
    func tokenNamedParametersAndHeadersAreReplaced() throws {
        var entry = Self.entry(url: "/voyager/api?csrfToken=ajax:2865512572964537111&count=10")
        entry.request.headers.append(HARHeader(name: "Postman-Token", value: "24ca01aa-6c3f-4a78-a437-33dfa8dadd0f"))
        entry.request.headers.append(HARHeader(name: "X-CSRF-Token", value: "c3VwZXItc2VjcmV0LWNzcmY"))
        let redacted = try Redactor().redact(entry).entry
        let text = String(decoding: HARWriter.bytes(NativeAuthSamples.document([redacted])), as: UTF8.self)
        for secret in ["2865512572964537111", "24ca01aa-6c3f-4a78-a437-33dfa8dadd0f", "c3VwZXItc2VjcmV0LWNzcmY"] {
            #expect(!text.contains(secret), "\(secret) is left")
        }
        #expect(redacted.request.url.contains("csrfToken=REDACTED-credential-"))
        #expect(redacted.request.url.contains("count=10"))
    }

    @Test("Outside URLs and forms a long token still counts, and a JWT counts in any parameter")
    func tokensOutsideURLsAndJWTsAnywhereAreFindings() throws {
        let text = try Self.findings(Self.entry(url: "/x", body: #"{"note":"\#(Self.token)"}"#))
        #expect(text.contains { $0.detector == "token" }, "\(text)")
        let jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXBhcnQtb2YtaXQ"
        let inAd = try Self.findings(Self.entry(url: "/x?meta=\(jwt)"))
        #expect(inAd.contains { $0.detector == "jwt" }, "\(inAd)")
    }

    @Test("Credential names: whole short words or long word endings, case ignored")
    func credentialNamesAreRecognised() {
        func isCredential(_ name: String) -> Bool {
            var copy = name
            return copy.withUTF8 { LeakDetectors.isCredentialName($0) }
        }
        for name in ["code", "auth_code", "authCode", "api-key", "apiKey", "APIKey", "access_token", "X-Amz-Signature", "JSESSIONID", "sid", "ticket"] {
            #expect(isCredential(name), "\(name)")
        }
        for name in ["vcode", "code_challenge", "xai", "am", "k", "monkeys", "side", "credir", ""] {
            #expect(!isCredential(name), "\(name)")
        }
    }

    @Test("A URL a sanitizer put a space in is still judged as a URL")
    func sanitizedURLsWithSpaces() throws {
        let url = "/o/oauth2/auth?client_id=[client_id redacted]&code_challenge=\(Self.pkce)"
        let clean = try Self.findings(Self.entry(url: url, referer: "https://accounts.example" + url))
        #expect(clean.isEmpty, "\(clean)")
        let leaky = try Self.findings(Self.entry(url: "/x", referer: "https://accounts.example\(url)&access_token=\(Self.token)"))
        #expect(leaky.contains { $0.detector == "token" && $0.location.contains("headers") }, "\(leaky)")
    }
}
