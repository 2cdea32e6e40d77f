import Foundation
import HAR
import Testing

@testable import Redaction

/// Shapes of the real exports `tools/check-real-har` runs over (docs/real-har.md) where
/// `check` of `redact`'s output was not clean, each written small by hand: the raw shape is a
/// finding, `redact`'s output of it is not, and what made it a finding is gone from the output.
@Suite("Real HAR shapes: redact and check agree")
struct RealHARShapeTests {
    /// A HAR document of one entry; `request` and `response` are the members after the method
    /// and status (JSON text).
    static func document(url: String, method: String = "POST", request: String = "", response: String) -> [UInt8] {
        let text = """
            {"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[
            {"startedDateTime":"2026-11-28T10:00:00Z","time":1,
             "request":{"method":"\(method)","url":"\(url)","httpVersion":"HTTP/1.1","cookies":[],"queryString":[],
               "headersSize":-1,"bodySize":-1\(request.isEmpty ? "" : ",")\(request)},
             "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"redirectURL":"",
               "headersSize":-1,"bodySize":-1,\(response)},
             "cache":{},"timings":{"send":0,"wait":1,"receive":0}}
            ]}}
            """
        return Array(text.utf8)
    }

    static let emptyResponse = #""headers":[],"content":{"size":0,"mimeType":"text/plain","text":""}"#

    static func scan(_ bytes: [UInt8]) throws -> [LeakFinding] {
        try LeakScanner(workers: 1).scan(bytes: bytes, file: "f.har")
    }

    /// `redact`'s path (the stream, with replace-everywhere), then `check` of its output.
    static func redactAndScan(_ bytes: [UInt8]) throws -> (output: String, findings: [LeakFinding]) {
        let output = try Redactor().redactStream(bytes: bytes, source: "f.har").bytes
        return (String(decoding: output, as: UTF8.self), try scan(output))
    }

    // MARK: Google sign-in form payloads (cloudflare-har-sanitizer-scrubbed)

    /// The sign-in flow's session token (first member of `f.req`), a BotGuard attestation in
    /// `bgRequest`, a device token in `deviceinfo`: long tokens inside JSON arrays sent as form
    /// fields.
    static let flowToken = "AEThLlwxPZ_xqeRxSh5B9IDKygrS7kGjlOjoNE-WQ9vh4TJqOq6k9oSAvNvv_boPPOsyMD29m"
    static let attestation = "MPxq_KQCAAZcS_mNfEuNtMxh7mee5LT0ADQBEArZ1JuHwwnU2htgUlvLSIspmR9YXiel5Oo"
    static let deviceToken = "ChRqNlN6TTFsSEFydVpETElsc2gtUxIfZzZKckVDYmk4WDRiQUM5OEZDVDNmUDlFQUdiVHRSZw"

    static func signInForm() -> [UInt8] {
        let fReq = "%5B%22\(flowToken)%22%2C0%2C0%2Cnull%2C%5Bnull%2C%22GeneralOAuthFlow%22%5D%5D"
        let bgRequest = "%5B%22oauth-account-chooser%22%2C%22%3C\(attestation)%22%5D"
        let deviceinfo = "%5Bnull%2C%22US%22%2C%5Bnull%2C%22!\(deviceToken)%22%5D%5D"
        let text = "continue=https%3A%2F%2Faccounts.example%2F&f.req=\(fReq)&bgRequest=\(bgRequest)&deviceinfo=\(deviceinfo)&flowName=GeneralOAuthFlow"
        let request = """
            "headers":[],"postData":{"mimeType":"application/x-www-form-urlencoded;charset=UTF-8","text":"\(text)",
              "params":[{"name":"continue","value":"https%3A%2F%2Faccounts.example%2F"},{"name":"f.req","value":"\(fReq)"},
                        {"name":"bgRequest","value":"\(bgRequest)"},{"name":"deviceinfo","value":"\(deviceinfo)"},
                        {"name":"flowName","value":"GeneralOAuthFlow"}]}
            """
        return document(url: "https://accounts.google.com/_/signin/oauth?hl=en&rt=j", request: request, response: emptyResponse)
    }

    @Test("Google sign-in's f.req, bgRequest and deviceinfo form payloads hold tokens: check finds them raw, redact replaces them whole")
    func signInFormPayloadsAreReplaced() throws {
        let raw = try Self.scan(Self.signInForm())
        for secret in [Self.flowToken, Self.attestation, Self.deviceToken] {
            #expect(raw.contains { $0.detector == "token" && $0.reason.hasSuffix("\(secret.prefix(2))… (\(secret.count) characters)") }, "\(raw)")
        }
        let (output, findings) = try Self.redactAndScan(Self.signInForm())
        #expect(findings.isEmpty, "\(findings)")
        for secret in [Self.flowToken, Self.attestation, Self.deviceToken] { #expect(!output.contains(secret)) }
        #expect(output.contains("f.req=REDACTED-credential-"))
        // The flow's name and the continue URL are not secrets and stay.
        #expect(output.contains("flowName=GeneralOAuthFlow") && output.contains("continue=https%3A%2F%2Faccounts.example%2F"))
    }

    // MARK: Echoed base64 bodies without padding (httprunner-postman-echo)

    @Test("A base64 body without its trailing '=' is decoded by check, not judged as one long token")
    func unpaddedBase64BodyIsLookedInside() throws {
        // 20 bytes: base64 needs one '='; written without it, as an edited echo body was.
        let clean = #"{"args":{},"n":"12"}"#
        let unpadded = Data(clean.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        #expect(!unpadded.hasSuffix("=") && unpadded.utf8.count % 4 != 0)
        let response = #""headers":[],"content":{"size":20,"mimeType":"application/json","text":"\#(unpadded)","encoding":"base64"}"#
        let findings = try Self.scan(Self.document(url: "https://echo.example/get", method: "GET", response: response))
        #expect(findings.isEmpty, "\(findings)")
        // Decoded, what is inside still counts: a password echoed in such a body is found.
        let leaky = Data(#"{"password":"hunter2-but-longer"}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        let leakyResponse = #""headers":[],"content":{"size":1,"mimeType":"application/json","text":"\#(leaky)","encoding":"base64"}"#
        let found = try Self.scan(Self.document(url: "https://echo.example/get", method: "GET", response: leakyResponse))
        #expect(found.contains { $0.detector == "secret-field" && $0.location.hasSuffix("(base64)[password]") }, "\(found)")
    }

    @Test("An echo service's base64 body that repeats the request's cookie is clean after redact, whatever its padding")
    func echoedCookieInBase64BodyIsClean() throws {
        // 81 characters: its placeholder (17) changes the length by 64, not a multiple of three.
        let cookie = "s%3ASAXM8INphoz4_-5nCeQNBtrlsWuHs5Mt.83PsbOXUZUoPolzR2vpghXLUghDPLyA3NSrVKI8A8wsQ"
        // Lengths 0, 1 and 2 modulo 3 of the echo: the edited body ends with no, two or one '='
        // and the original with none (a length divisible by three) at least once.
        for filler in ["", "a", "ab"] {
            let echo = #"{"headers":{"host":"echo.example","x":"\#(filler)","cookie":"sails.sid=\#(cookie)"},"url":"https://echo.example/get"}"#
            let body = Data(echo.utf8).base64EncodedString()
            let request = #""headers":[{"name":"Cookie","value":"sails.sid=\#(cookie)"}]"#
            let response = #""headers":[],"content":{"size":\#(echo.utf8.count),"mimeType":"application/json; charset=utf-8","text":"\#(body)","encoding":"base64"}"#
            let input = Self.document(url: "https://echo.example/get", method: "GET", request: request, response: response)
            #expect(try Self.scan(input).contains { $0.location.contains("(base64)") }, "filler '\(filler)': the raw echo is found")
            let (output, findings) = try Self.redactAndScan(input)
            #expect(findings.isEmpty, "filler '\(filler)': \(findings)")
            #expect(!output.contains(cookie))
            // The edited body keeps the original's padded style, so a strict decoder still reads it.
            let document = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            let entries = (document?["log"] as? [String: Any])?["entries"] as? [[String: Any]]
            let content = (entries?.first?["response"] as? [String: Any])?["content"] as? [String: Any]
            let text = content?["text"] as? String ?? ""
            #expect(Data(base64Encoded: text) != nil, "filler '\(filler)': \(text)")
        }
    }

    // MARK: Keys and push tokens in protobuf bodies (mitmproxy-flows-diff_data)

    static let apiKey = "AIzaSyBxq4mM-6x9WDnZIjIeyEU21OpBXqWBgw7"
    static let pushToken = "eRJdHM9vsSY:APA91bE6lYR7OwAkLHWMGRPYPG9p9X3mnCeziP8sA7rmLoQ4TkTB4vlxdjN21Uyl7O8DCEOs9lVQoJSKYjahI9b25arWVQbv33h7COdHq"

    @Test("A Google API key and an FCM registration token in a protobuf body are found raw and replaced by redact")
    func keysAndPushTokensInBinaryBodiesAreReplaced() throws {
        // Protobuf as a HAR exporter writes it: control bytes as JSON escapes, a tag byte right
        // before and after each value (`*`, `j`).
        let body = #"\n\u0014sync\u0010c*\u0098\u0001\#(Self.pushToken)\u0000:\u0098\u0001\#(Self.pushToken)r\u0081\u0001gzip(gfe)b'\#(Self.apiKey)j\u0002\u0010"#
        let request = #""headers":[],"postData":{"mimeType":"application/octet-stream","text":"\#(body)"}"#
        let input = Self.document(url: "https://clients4.google.com/chrome-sync/command/", request: request, response: Self.emptyResponse)
        let raw = try Self.scan(input)
        #expect(raw.contains { $0.reason.hasSuffix("AI… (40 characters)") } && raw.contains { $0.reason.contains("AP…") }, "\(raw)")
        let (output, findings) = try Self.redactAndScan(input)
        #expect(findings.isEmpty, "\(findings)")
        #expect(!output.contains("AIzaSy") && !output.contains("APA91b") && !output.contains("eRJdHM9vsSY"))
        #expect(output.contains("REDACTED-api_key-") && output.contains("REDACTED-push_token-"))
    }

    @Test("Chrome sync's store id in a protobuf request and a compressible response is replaced, the same value by one placeholder")
    func syncStoreIDInBinaryBodiesIsReplaced() throws {
        let storeID = "Z:ADqtAZwoGEGO4Rxc1RHIZbNFXaOB" + String(repeating: "k3+Qv/Xm9s", count: 7) + "Qw=="
        let request = #""headers":[],"postData":{"mimeType":"application/octet-stream","text":"\u0012\nf\#(storeID) \u00f1"}"#
        let response = #""headers":[],"content":{"size":1,"mimeType":"application/vnd.google.octet-stream-compressible","text":"\u0001\u001af\#(storeID)\u00c1"}"#
        let input = Self.document(url: "https://clients4.google.com/chrome-sync/command/", request: request, response: response)
        #expect(try Self.scan(input).contains { $0.detector == "token" })
        let (output, findings) = try Self.redactAndScan(input)
        #expect(findings.isEmpty, "\(findings)")
        #expect(!output.contains("ADqtAZwoGEGO4Rxc1R"))
        #expect(output.components(separatedBy: "REDACTED-account_id-1").count == 3, "\(output)")
    }

    @Test("The key and token patterns leave words that merely start like them")
    func keyPatternsNeedTheirWholeShape() throws {
        let (output, _) = try Self.redactAndScan(Self.document(
            url: "https://example.test/x", method: "GET",
            response: #""headers":[],"content":{"size":1,"mimeType":"text/plain","text":"AIzaShort APA91b-tooShort Tasks:APA91"}"#))
        #expect(output.contains("AIzaShort APA91b-tooShort Tasks:APA91"))
    }

    @Test("A JSPB body (application/json+protobuf: positional arrays, no names) holding an attestation and an integrity token is replaced whole")
    func positionalProtobufJSONBodiesAreReplacedWhole() throws {
        let attestation = "duk56bFRAAaRg-QUsYPeVnPkTVs5P02nADQBEArZ1Er31GfFWhS0dmxIS-FXKpqlUczdRU2sRD61Qw"
        let integrity = "JGcn43EwCMBu/X0WtJsKbhx8xATUqaWtf8faN4uaCX9hFbm3hzpeVf1+9cNOObeyo1BrAGgw/MM="
        let request = #""headers":[],"postData":{"mimeType":"application/json+protobuf","text":"[\"O43z0dpjhgX20SCx4KAo\",\"$\#(attestation)\"]"}"#
        let response = #""headers":[],"content":{"size":1,"mimeType":"application/json+protobuf; charset=UTF-8","text":"[\"\#(integrity)\",43200,100]"}"#
        let input = Self.document(url: "https://jnn-pa.googleapis.com/$rpc/google.internal.waa.v1.Waa/GenerateIT", request: request, response: response)
        #expect(try Self.scan(input).filter { $0.detector == "token" }.count == 2)
        let (output, findings) = try Self.redactAndScan(input)
        #expect(findings.isEmpty, "\(findings)")
        #expect(!output.contains(attestation) && !output.contains(integrity) && output.contains("REDACTED-body-"))
    }

    @Test("A GUID touched by protobuf tag letters is not a token; a key of the same shape is")
    func framedGUIDsAreNotTokens() throws {
        func body(_ value: String) -> [UInt8] {
            let text = #"\n\u0005sync2%\#(value)\u0001"#
            return Self.document(url: "https://clients4.google.com/chrome-sync/command/", method: "GET",
                response: #""headers":[],"content":{"size":1,"mimeType":"application/octet-stream","text":"\#(text)"}"#)
        }
        let guid = try Self.scan(body("z00000146-9b6d-1d2e-0000-0000539c866dRF"))
        #expect(guid.isEmpty, "\(guid)")
        let key = try Self.scan(body("zAbC1dEf2GhI3JkL4mNo5PqR6sTu7VwX8yZ9RF"))
        #expect(key.contains { $0.detector == "token" }, "\(key)")
    }
}
