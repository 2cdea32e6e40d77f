import Foundation
import HAR

/// Builds small native-auth captures in code, each exchange started at a given second, and writes
/// them as HAR files.
struct TimedCapture {
    var host = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
    var clientId = "11111111-2222-4333-8444-555555555555"
    private(set) var entries: [HAREntry] = []

    /// Adds one exchange started `at` seconds after 10:00:00 and lasting 5 ms; `fields` go after
    /// `client_id`, `json` is the response body.
    mutating func add(_ path: String, _ fields: [(String, String)], status: Int = 200, json: String, at seconds: Double) {
        let form = ([("client_id", clientId)] + fields).map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }
            .joined(separator: "&")
        let request = HARRequest(
            method: "POST", url: host + path,
            headers: [HARHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
            postData: HARPostData(mimeType: "application/x-www-form-urlencoded", text: form))
        let response = HARResponse(
            status: status, headers: [HARHeader(name: "Content-Type", value: "application/json; charset=utf-8")],
            content: HARContent(body: Array(json.utf8), mimeType: "application/json; charset=utf-8"))
        let milliseconds = Int((seconds * 1000).rounded())
        let started = String(format: "2026-11-22T10:%02d:%02d.%03dZ", milliseconds / 60_000, milliseconds / 1000 % 60, milliseconds % 1000)
        entries.append(HAREntry(startedDateTime: started, time: 5, request: request, response: response))
    }

    /// Writes the capture to `name` in `folder` and returns its path.
    func write(to folder: URL, name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try HARWriter.write(HARDocument(log: HARLog(creator: HARCreator(name: "inspector-tests", version: "1"), entries: entries)),
                            to: path)
        return path
    }

    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: "%20", with: "+")
    }

    static let types = ("challenge_type", "oob password redirect")
    static let scope = ("scope", "openid profile offline_access")
    /// base64url of {"uid":"u1","utid":"t1"}.
    static let tokens =
        "{\"token_type\":\"Bearer\",\"scope\":\"openid profile offline_access\",\"expires_in\":3600,"
        + "\"access_token\":\"REDACTED-access_token-1\",\"refresh_token\":\"REDACTED-refresh_token-1\","
        + "\"id_token\":\"REDACTED-id_token-1\",\"client_info\":\"eyJ1aWQiOiJ1MSIsInV0aWQiOiJ0MSJ9\"}"

    static func oob(_ token: String) -> String {
        "{\"challenge_type\":\"oob\",\"binding_method\":\"prompt\",\"challenge_channel\":\"email\","
            + "\"challenge_target_label\":\"a***@example.com\",\"code_length\":8,\"continuation_token\":\"\(token)\"}"
    }

    /// A password sign-in whose password call comes `pause` seconds after the password challenge:
    /// with an action gap shorter than the pause the user typed the password (`signIn`, then
    /// `submitPassword`), with a longer one the SDK sent the password given to `signIn`.
    static func pausedPasswordSignIn(pause: Double) -> TimedCapture {
        var capture = TimedCapture()
        capture.add("/oauth2/v2.0/initiate", [("username", "REDACTED-username-1"), types],
                    json: "{\"continuation_token\":\"REDACTED-continuation_token-1\"}", at: 0)
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"), types],
                    json: "{\"challenge_type\":\"password\",\"continuation_token\":\"REDACTED-continuation_token-2\"}", at: 0.1)
        capture.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-2"), ("grant_type", "password"),
                                           scope, ("password", "REDACTED-password-1"), ("client_info", "true"),
                                           ("username", "REDACTED-username-1"), types],
                    json: tokens, at: 0.1 + pause)
        return capture
    }

    /// MSAL's end-to-end MFA journey: a password sign-in needing MFA, a code requested and typed
    /// wrong, then `requestChallenge` again on the earlier `AwaitingMFAState` and the right code.
    static func challengeAgainOnTheEarlierState() -> TimedCapture {
        var capture = TimedCapture()
        let types = ("challenge_type", "oob password redirect")
        capture.add("/oauth2/v2.0/initiate", [("username", "REDACTED-username-1"), types, ("capabilities", "mfa_required")],
                    json: "{\"continuation_token\":\"REDACTED-continuation_token-1\"}", at: 0)
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"), types],
                    json: "{\"challenge_type\":\"password\",\"continuation_token\":\"REDACTED-continuation_token-2\"}", at: 0.1)
        capture.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-2"), ("grant_type", "password"),
                                           scope, ("password", "REDACTED-password-1"), ("client_info", "true"),
                                           ("username", "REDACTED-username-1"), types],
                    status: 400,
                    json: "{\"error\":\"invalid_grant\",\"suberror\":\"mfa_required\",\"error_codes\":[50076],"
                        + "\"error_description\":\"AADSTS50076: MFA required\","
                        + "\"continuation_token\":\"REDACTED-continuation_token-3\"}", at: 0.2)
        capture.add("/oauth2/v2.0/introspect", [("continuation_token", "REDACTED-continuation_token-3")],
                    json: "{\"continuation_token\":\"REDACTED-continuation_token-4\",\"methods\":[{\"id\":\"REDACTED-id-1\","
                        + "\"challenge_type\":\"oob\",\"challenge_channel\":\"email\",\"login_hint\":\"a***@example.com\"}]}",
                    at: 0.3)
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-4"), types,
                                               ("id", "REDACTED-id-1")], json: oob("REDACTED-continuation_token-5"), at: 5)
        capture.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-5"), ("grant_type", "mfa_oob"),
                                           scope, ("oob", "REDACTED-oob-1"), ("client_info", "true")],
                    status: 400,
                    json: "{\"error\":\"invalid_grant\",\"error_description\":\"AADSTS50181: wrong code\","
                        + "\"error_codes\":[50181],\"suberror\":\"invalid_oob_value\"}", at: 20)
        capture.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-4"), types,
                                               ("id", "REDACTED-id-1")], json: oob("REDACTED-continuation_token-6"), at: 30)
        capture.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-6"), ("grant_type", "mfa_oob"),
                                           scope, ("oob", "REDACTED-oob-2"), ("client_info", "true")],
                    json: tokens, at: 45)
        return capture
    }
}
