import Foundation
import HAR
import Testing

@testable import Redaction

@Suite("Redactor")
struct RedactorTests {
    let samples = NativeAuthSamples.self

    func redactedSignUp() throws -> [HAREntry] {
        let redactor = try Redactor()
        return try samples.signUpEntries().map { try redactor.redact($0).entry }
    }

    func form(_ entry: HAREntry) -> [String: String] {
        var fields: [String: String] = [:]
        for field in FormBody(Substring(entry.request.postData?.text ?? "")).fields { fields[field.name] = field.value }
        return fields
    }

    func json(_ entry: HAREntry) throws -> JSONValue {
        try JSONParser.parse(entry.response.content.text ?? "")
    }

    @Test("Passwords, codes, usernames and tokens in form requests are replaced and flow fields are kept")
    func formSecretsAreReplaced() throws {
        let entries = try redactedSignUp()
        let start = form(entries[0])
        #expect(start["password"] == "REDACTED-password-1")
        #expect(start["username"] == "REDACTED-username-1")
        #expect(start["client_id"] == samples.clientID)
        #expect(start["challenge_type"] == "oob password redirect")
        let wrong = form(entries[2])
        let right = form(entries[3])
        #expect(wrong["oob"] == "REDACTED-code-1")
        #expect(right["oob"] == "REDACTED-code-2")
        #expect(right["grant_type"] == "oob")
        #expect(form(entries[5])["client_info"] == "true")
    }

    @Test("The same continuation token gets the same placeholder in every entry, distinct tokens distinct ones")
    func placeholdersAreStableAcrossEntries() throws {
        let entries = try redactedSignUp()
        let issued = try json(entries[0])["continuation_token"]?.stringValue
        let sent = form(entries[1])["continuation_token"]
        #expect(issued == "REDACTED-continuation_token-1")
        #expect(sent == issued)
        let second = try json(entries[1])["continuation_token"]?.stringValue
        #expect(second == "REDACTED-continuation_token-2")
        // The error body repeats the token of the request: same placeholder.
        #expect(try json(entries[2])["continuation_token"]?.stringValue == second)
        #expect(form(entries[2])["continuation_token"] == second)
        #expect(form(entries[3])["continuation_token"] == second)
        // The username and the e-mail quoted inside error_description share one placeholder.
        let description = try json(entries[2])["error_description"]?.stringValue ?? ""
        #expect(description == "AADSTS50181: Unable to validate the otp for REDACTED-username-1.")
    }

    @Test("Redacted JSON bodies stay valid JSON and keep error, suberror, codes and lengths")
    func jsonBodiesStayValid() throws {
        for entry in try redactedSignUp() {
            let body = try json(entry)
            #expect(body.objectValue != nil)
        }
        let entries = try redactedSignUp()
        let error = try json(entries[2])
        #expect(error["error"]?.stringValue == "invalid_grant")
        #expect(error["suberror"]?.stringValue == "invalid_oob_value")
        #expect(error["error_codes"] == .array([.number("50181")]))
        #expect(error["correlation_id"]?.stringValue == samples.correlation)
        let challenge = try json(entries[1])
        #expect(challenge["code_length"] == .number("8"))
        #expect(challenge["challenge_target_label"]?.stringValue == "REDACTED-challenge_target_label-1")
        let tokens = try json(entries[5])
        #expect(tokens["access_token"]?.stringValue?.hasPrefix("REDACTED-access_token-") == true)
        #expect(tokens["client_info"]?.stringValue == "REDACTED-client_info-1")
        #expect(tokens["scope"]?.stringValue == "openid profile offline_access")
    }

    @Test("Values inside the attributes JSON are replaced, names kept, and the field stays JSON")
    func attributesAreRedactedInside() throws {
        let entries = try redactedSignUp()
        let attributes = try #require(form(entries[4])["attributes"])
        let parsed = try JSONParser.parse(attributes)
        #expect(parsed.objectValue?.keys == ["displayName", "postalCode"])
        #expect(parsed["displayName"]?.stringValue == "REDACTED-attribute-1")
        #expect(parsed["postalCode"]?.stringValue == "REDACTED-attribute-2")
    }

    @Test("No canary secret survives anywhere in the written document")
    func noCanarySurvives() throws {
        let redactor = try Redactor()
        let (document, summary) = try redactor.redact(samples.document(samples.signUpEntries()))
        let text = String(decoding: HARWriter.bytes(document), as: UTF8.self)
        for canary in samples.canaries {
            #expect(!text.contains(canary), "a canary survived redaction")
        }
        #expect(summary.total > 10)
    }

    @Test("Field, header and cookie names match case-insensitively")
    func namesMatchCaseInsensitively() throws {
        var entry = samples.entry(
            "/oauth2/v2.0/token", form: [("PassWord", "Upper-Case-Secret-1"), ("Continuation_Token", "tok-abc")],
            status: 200, json: #"{"Refresh_Token":"rt-secret-value"}"#, index: 0,
            requestHeaders: [
                HARHeader(name: "AUTHORIZATION", value: "Bearer opaque-bearer-value"),
                HARHeader(name: "cookie", value: "esctx=session-abc; x-ms-cpim=zzz"),
            ],
            responseHeaders: [HARHeader(name: "SET-COOKIE", value: "esctx=new-session; Path=/; HttpOnly")])
        entry.request.cookies = [HARCookie(name: "esctx", value: "session-abc")]
        let redacted = try Redactor().redact(entry).entry
        let fields = form(redacted)
        #expect(fields["PassWord"] == "REDACTED-password-1")
        #expect(fields["Continuation_Token"] == "REDACTED-continuation_token-1")
        #expect(try json(redacted)["Refresh_Token"]?.stringValue == "REDACTED-refresh_token-1")
        let headers = Dictionary(redacted.request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(headers["AUTHORIZATION"] == "Bearer REDACTED-authorization-1")
        #expect(headers["cookie"] == "esctx=REDACTED-cookie-1; x-ms-cpim=REDACTED-cookie-2")
        #expect(redacted.request.cookies.first?.value == "REDACTED-cookie-1")
        #expect(redacted.response.headers.last?.value == "esctx=REDACTED-cookie-3; Path=/; HttpOnly")
    }

    @Test("A gzip body stored as base64 is decoded, redacted and encoded again the same way")
    func gzipBase64BodiesAreRedacted() throws {
        let json = #"{"continuation_token":"gz-token-123","challenge_target_label":"a@b.example.com"}"#
        var entry = samples.entry("/signup/v1.0/challenge", form: [], status: 200, json: "{}", index: 0,
                                  responseHeaders: [HARHeader(name: "Content-Encoding", value: "gzip")])
        entry.response.content.text = Data(ContentCoding.gzip.encode(Array(json.utf8))).base64EncodedString()
        entry.response.content.encoding = "base64"
        let redacted = try Redactor().redact(entry).entry
        #expect(redacted.response.content.encoding == "base64")
        let bytes = try #require(Data(base64Encoded: redacted.response.content.text ?? ""))
        #expect(ContentCoding.gzip.looksEncoded([UInt8](bytes)))
        let inflated = try #require(ContentCoding.gzip.decode([UInt8](bytes)))
        let body = try JSONParser.parse(inflated)
        #expect(body["continuation_token"]?.stringValue == "REDACTED-continuation_token-1")
        #expect(body["challenge_target_label"]?.stringValue == "REDACTED-challenge_target_label-1")
    }

    @Test("A plain base64 body is redacted and stays base64")
    func base64BodiesAreRedacted() throws {
        let form = "client_id=abc&password=b64-secret-pw&grant_type=password"
        var entry = samples.entry("/oauth2/v2.0/token", form: [], status: 200, json: "{}", index: 0)
        entry.request.postData = HARPostData(
            mimeType: "application/x-www-form-urlencoded", text: Data(form.utf8).base64EncodedString(), encoding: "base64")
        let redacted = try Redactor().redact(entry).entry
        let decoded = try #require(Data(base64Encoded: redacted.request.postData?.text ?? ""))
        #expect(String(decoding: decoded, as: UTF8.self) == "client_id=abc&password=REDACTED-password-1&grant_type=password")
    }

    @Test("JWTs, e-mail addresses and phone numbers are replaced anywhere in a value")
    func patternsApplyAnywhere() throws {
        let token = samples.jwt(claims: #"{"sub":"x"}"#)
        let entry = samples.entry(
            "/custom?next=https%3A%2F%2Fapp&login=\("sam@example.org")", form: [("note", "call +1 425 555 0100 or mail sam@example.org")],
            status: 200, json: #"{"message":"token \#(token) issued"}"#, index: 0,
            requestHeaders: [HARHeader(name: "X-Debug", value: "jwt=\(token)")])
        let redacted = try Redactor().redact(entry).entry
        #expect(form(redacted)["note"] == "call REDACTED-phone-1 or mail REDACTED-email-1")
        #expect(try json(redacted)["message"]?.stringValue == "token REDACTED-jwt-1 issued")
        #expect(redacted.request.headers.last?.value == "jwt=REDACTED-jwt-1")
        #expect(redacted.request.url.hasSuffix("login=REDACTED-email-1"))
    }

    @Test("MFA method ids get one placeholder in the introspect response and the challenge request")
    func methodIDsShareAPlaceholder() throws {
        let id = "0b1c2d3e-aaaa-bbbb-cccc-111122223333"
        let introspect = samples.entry(
            "/oauth2/v2.0/introspect", form: [], status: 200,
            json: #"{"continuation_token":"t1","methods":[{"id":"\#(id)","challenge_type":"oob","challenge_channel":"email","login_hint":"s***@c***.com"}]}"#,
            index: 0)
        let challenge = samples.entry("/oauth2/v2.0/challenge", form: [("id", id), ("continuation_token", "t1")], status: 200, json: "{}", index: 1)
        let redactor = try Redactor()
        let first = try redactor.redact(introspect).entry
        let second = try redactor.redact(challenge).entry
        let method = try json(first)["methods"]?.arrayValue?.first
        #expect(method?["id"]?.stringValue == "REDACTED-method_id-1")
        #expect(method?["challenge_channel"]?.stringValue == "email")
        #expect(method?["login_hint"]?.stringValue == "REDACTED-login_hint-1")
        #expect(form(second)["id"] == "REDACTED-method_id-1")
    }

    @Test("Redacting an already redacted capture changes nothing")
    func redactionIsIdempotent() throws {
        let once = try Redactor().redact(samples.document(samples.signUpEntries())).document
        let twice = try Redactor().redact(once).document
        let same = HARWriter.bytes(once) == HARWriter.bytes(twice)
        #expect(same, "the second redaction changed the capture")
    }

    @Test("The redaction summary is recorded in the entry's _authtape fields")
    func summaryIsRecorded() throws {
        let (entry, summary) = try Redactor().redact(samples.signUpEntries()[0])
        #expect(summary.counts == ["continuation_token": 1, "password": 1, "username": 1])
        #expect(entry.authtape?.redactions == summary.counts)
    }
}

@Suite("URL redaction")
struct URLRedactionTests {
    func redact(_ url: String) throws -> String? {
        let redactor = try Redactor()
        var values = ValueRedactor(rules: redactor.compiled, table: PlaceholderTable())
        return values.redactURL(url)
    }

    @Test("query parameters are redacted and the fragment kept, in ASCII and non-ASCII URLs alike")
    func queryAndFragment() throws {
        #expect(try redact("https://h/t/signup/v1.0/continue?login_hint=alex%40contoso.com&dc=ESTS#top")
            == "https://h/t/signup/v1.0/continue?login_hint=REDACTED-login_hint-1&dc=ESTS#top")
        #expect(try redact("https://h/café/continue?login_hint=alex%40contoso.com&dc=ESTS#dé")
            == "https://h/café/continue?login_hint=REDACTED-login_hint-1&dc=ESTS#dé")
        #expect(try redact("https://h/t/oauth2/v2.0/initiate?dc=ESTS") == nil)
    }

    @Test("a # or ? followed by a combining mark is not a separator, as Characters see it")
    func combiningMarks() throws {
        // "#\u{301}" is one Character, so there is no fragment and the query starts at the "?".
        #expect(try redact("https://h/p#\u{301}x?login_hint=a%40b.c")
            == "https://h/p#\u{301}x?login_hint=REDACTED-login_hint-1")
        // "?\u{301}" is not a "?": no query at all.
        #expect(try redact("https://h/p?\u{301}login_hint=a%40b.c") == nil)
    }
}

@Suite("Bounded placeholder table")
struct BoundedPlaceholderTableTests {
    @Test("keeps the same placeholder for recent secrets, forgets the oldest beyond its capacity, never reuses a number")
    func bounded() {
        let table = PlaceholderTable(capacity: 3)
        let first = (1...3).map { table.placeholder(for: "secret-\($0)", kind: "token") }
        #expect(first == ["REDACTED-token-1", "REDACTED-token-2", "REDACTED-token-3"])
        #expect(table.placeholder(for: "secret-3", kind: "token") == "REDACTED-token-3")
        #expect(table.placeholder(for: "secret-4", kind: "token") == "REDACTED-token-4")
        #expect(table.count == 3)
        // secret-1 was the oldest: it was forgotten and now gets a new number; secret-4 is still known.
        #expect(table.placeholder(for: "secret-1", kind: "token") == "REDACTED-token-5")
        #expect(table.placeholder(for: "secret-4", kind: "token") == "REDACTED-token-4")
        for index in 6...1_000 { _ = table.placeholder(for: "secret-\(index)", kind: "token") }
        #expect(table.count == 3)
        #expect(table.placeholder(for: "secret-1000", kind: "token") == "REDACTED-token-1000")
    }

    @Test("an unbounded table remembers every secret")
    func unbounded() {
        let table = PlaceholderTable()
        for index in 1...1_000 { _ = table.placeholder(for: "secret-\(index)", kind: "token") }
        #expect(table.count == 1_000)
        #expect(table.placeholder(for: "secret-1", kind: "token") == "REDACTED-token-1")
    }
}

@Suite("Header redaction on bytes")
struct HeaderBytesTests {
    @Test("ASCII Cookie headers redacted on bytes give what the character-based reading gives")
    func asciiCookieHeadersMatchCharacters() throws {
        let redactor = try Redactor()
        let pieces = [
            "a=1", " b = 2", "\tx-ms-cpim-sso=abc.def", "noequals", "", " ", "k==v=", "REDACTED-cookie-1",
            "s=REDACTED-cookie-7", "e=", "=v", "ESCTX=AQAB&x", "Name\t=\tvalue ",
        ]
        var generator = CorpusGenerator(seed: 7)
        func next(_ bound: Int) -> Int { generator.next(bound) }
        for _ in 0..<3_000 {
            let header = (0..<(1 + next(4))).map { _ in pieces[next(pieces.count)] }.joined(separator: ";")
            var bytes = ValueRedactor(rules: redactor.compiled, table: PlaceholderTable())
            var characters = ValueRedactor(rules: redactor.compiled, table: PlaceholderTable())
            let viaBytes = bytes.redactCookieHeader(header)
            #expect(viaBytes == characters.redactCookieHeaderByCharacters(header), "\(header)")
            #expect(bytes.counts == characters.counts)
        }
    }

    @Test("Authorization schemes are recognised in any case and the credential alone is replaced")
    func authorizationSchemes() throws {
        let redactor = try Redactor()
        var values = ValueRedactor(rules: redactor.compiled, table: PlaceholderTable())
        #expect(values.redactHeaderValue(name: "Authorization", value: "bEaReR eyJabc") == "bEaReR REDACTED-authorization-1")
        #expect(values.redactHeaderValue(name: "authorization", value: "PoP xyz") == "PoP REDACTED-authorization-2")
        #expect(values.redactHeaderValue(name: "Authorization", value: "Token xyz") == "REDACTED-authorization-3")
        #expect(values.redactHeaderValue(name: "Authorization", value: "Bearerx y") == "REDACTED-authorization-4")
    }
}
