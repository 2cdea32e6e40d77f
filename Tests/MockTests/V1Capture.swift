import Foundation
import HAR

/// Builds small V1 native-auth captures in code, in authtape's own HAR shape.
struct CaptureBuilder {
    var host = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
    var clientId = "11111111-2222-4333-8444-555555555555"
    private(set) var entries: [HAREntry] = []

    /// Adds one form-encoded exchange; `fields` go after `client_id`, `json` is the response body.
    mutating func add(_ path: String, _ fields: [(String, String)], status: Int = 200, json: String) {
        let form = ([("client_id", clientId)] + fields).map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }
            .joined(separator: "&")
        let request = HARRequest(
            method: "POST", url: host + path,
            headers: [HARHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
            postData: HARPostData(mimeType: "application/x-www-form-urlencoded", text: form))
        let response = HARResponse(
            status: status, headers: [HARHeader(name: "Content-Type", value: "application/json; charset=utf-8")],
            content: HARContent(body: Array(json.utf8), mimeType: "application/json; charset=utf-8"))
        entries.append(
            HAREntry(startedDateTime: "2026-11-22T10:00:0\(entries.count % 10).000Z", time: 1, request: request,
                     response: response))
    }

    var document: HARDocument {
        HARDocument(log: HARLog(creator: HARCreator(name: "mock-tests", version: "1"), entries: entries))
    }

    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: "%20", with: "+")
    }
}

/// A redacted V1 sign-up with password, a wrong code, the right code, then sign-in after sign-up.
func signUpCapture() -> CaptureBuilder {
    var capture = CaptureBuilder()
    let types = ("challenge_type", "oob password redirect")
    let token = { (n: Int) in "{\"continuation_token\":\"REDACTED-continuation_token-\(n)\"}" }
    let oob = "{\"challenge_type\":\"oob\",\"binding_method\":\"prompt\",\"challenge_channel\":\"email\","
        + "\"challenge_target_label\":\"a***@example.com\",\"code_length\":8,"
        + "\"continuation_token\":\"REDACTED-continuation_token-2\"}"
    let invalidOob = "{\"error\":\"invalid_grant\",\"error_description\":\"AADSTS50181: wrong code\","
        + "\"error_codes\":[50181],\"suberror\":\"invalid_oob_value\"}"
    // base64url of {"uid":"u1","utid":"t1"}.
    let tokens = "{\"token_type\":\"Bearer\",\"scope\":\"openid profile offline_access\",\"expires_in\":3600,"
        + "\"access_token\":\"REDACTED-access_token-1\",\"refresh_token\":\"REDACTED-refresh_token-1\","
        + "\"id_token\":\"REDACTED-id_token-1\",\"client_info\":\"eyJ1aWQiOiJ1MSIsInV0aWQiOiJ0MSJ9\"}"
    capture.add("/signup/v1.0/start", [("username", "REDACTED-username-1"), ("password", "REDACTED-password-1"), types],
                json: token(1))
    capture.add("/signup/v1.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"), types], json: oob)
    capture.add("/signup/v1.0/continue", [("continuation_token", "REDACTED-continuation_token-2"), ("grant_type", "oob"),
                                          ("oob", "REDACTED-oob-1")], status: 400, json: invalidOob)
    capture.add("/signup/v1.0/continue", [("continuation_token", "REDACTED-continuation_token-2"), ("grant_type", "oob"),
                                          ("oob", "REDACTED-oob-2")], json: token(3))
    capture.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-3"),
                                       ("grant_type", "continuation_token"), ("scope", "openid profile offline_access"),
                                       ("client_info", "true"), ("username", "REDACTED-username-1"), types],
                json: tokens)
    return capture
}
