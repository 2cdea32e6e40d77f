import Foundation
import HAR

/// Realistic native-auth exchanges (native-auth-api.md §8) with canary secrets, for tests.
enum NativeAuthSamples {
    static let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
    static let clientID = "11111111-2222-4333-8444-555555555555"
    static let correlation = "0e5c3b1a-7d2f-4c6e-9a8b-1f2e3d4c5b6a"

    // Canary secrets: none of these may survive redaction.
    static let password = "Canary-Pass-9931!"
    static let code = "48213907"
    static let wrongCode = "00000000"
    static let email = "alex.canary@example.com"
    static let displayName = "Alex Canaryfield"
    static let tokens = ["SU-CT-1a9f", "SU-CT-2b8e", "SU-CT-3c7d", "SU-CT-4d6c"]
    static let accessToken = jwt(claims: #"{"oid":"9f0e","preferred_username":"alex.canary@example.com"}"#)
    static let idToken = jwt(claims: #"{"name":"Alex Canaryfield","tid":"aaaa"}"#)
    static let refreshToken = "1.AXkAcanaryRefreshToken0123456789abcdefABCDEF"
    static let clientInfo = Data(#"{"uid":"9f0e","utid":"aaaa"}"#.utf8).base64EncodedString()

    static var canaries: [String] {
        [password, code, email, displayName, accessToken, idToken, refreshToken, clientInfo] + tokens
    }

    static func jwt(claims: String) -> String {
        func b64url(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return b64url(#"{"alg":"ES256","typ":"JWT"}"#) + "." + b64url(claims) + ".c2lnbmF0dXJlLWJ5dGVzLWhlcmU"
    }

    static func formEncode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed.union(.init(charactersIn: " ")))!
                .replacingOccurrences(of: " ", with: "+")
            return "\(name)=\(encoded)"
        }.joined(separator: "&")
    }

    static func entry(
        _ path: String, form: [(String, String)], status: Int, json: String, index: Int,
        requestHeaders: [HARHeader] = [], responseHeaders: [HARHeader] = []
    ) -> HAREntry {
        let body = formEncode(form)
        let request = HARRequest(
            method: "POST", url: authority + path,
            headers: [
                HARHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"),
                HARHeader(name: "client-request-id", value: correlation),
                HARHeader(name: "x-client-SKU", value: "MSAL.iOS"),
            ] + requestHeaders,
            postData: HARPostData(mimeType: "application/x-www-form-urlencoded", text: body),
            bodySize: body.utf8.count)
        let response = HARResponse(
            status: status, statusText: status == 200 ? "OK" : "Bad Request",
            headers: [
                HARHeader(name: "Content-Type", value: "application/json; charset=utf-8"),
                HARHeader(name: "client-request-id", value: correlation),
            ] + responseHeaders,
            content: HARContent(size: json.utf8.count, mimeType: "application/json; charset=utf-8", text: json),
            bodySize: json.utf8.count)
        return HAREntry(
            startedDateTime: "2026-11-22T10:00:0\(index).000Z", time: 12.5, request: request, response: response)
    }

    /// Sign-up with email + password, a wrong code then the right one, one page of
    /// attributes, then sign-in after sign-up (§8.1).
    static func signUpEntries() -> [HAREntry] {
        let challengeTypes = "oob password redirect"
        return [
            entry(
                "/signup/v1.0/start",
                form: [("client_id", clientID), ("username", email), ("password", password), ("challenge_type", challengeTypes)],
                status: 200, json: #"{"continuation_token":"\#(tokens[0])"}"#, index: 0),
            entry(
                "/signup/v1.0/challenge",
                form: [("client_id", clientID), ("continuation_token", tokens[0]), ("challenge_type", challengeTypes)],
                status: 200,
                json: #"{"continuation_token":"\#(tokens[1])","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email","challenge_target_label":"a***y@ex****e.com","code_length":8,"interval":300}"#,
                index: 1),
            entry(
                "/signup/v1.0/continue",
                form: [("client_id", clientID), ("continuation_token", tokens[1]), ("grant_type", "oob"), ("oob", wrongCode)],
                status: 400,
                json: #"{"error":"invalid_grant","suberror":"invalid_oob_value","error_description":"AADSTS50181: Unable to validate the otp for \#(email).","error_codes":[50181],"timestamp":"2026-11-22 10:00:02Z","trace_id":"7d1c","correlation_id":"\#(correlation)","continuation_token":"\#(tokens[1])"}"#,
                index: 2),
            entry(
                "/signup/v1.0/continue",
                form: [("client_id", clientID), ("continuation_token", tokens[1]), ("grant_type", "oob"), ("oob", code)],
                status: 400,
                json: #"{"error":"attributes_required","error_description":"User attributes required","error_codes":[55106],"continuation_token":"\#(tokens[2])","required_attributes":[{"name":"displayName","type":"string","required":true}]}"#,
                index: 3),
            entry(
                "/signup/v1.0/continue",
                form: [("client_id", clientID), ("continuation_token", tokens[2]), ("grant_type", "attributes"), ("attributes", #"{"displayName":"\#(displayName)","postalCode":"98052"}"#)],
                status: 200, json: #"{"continuation_token":"\#(tokens[3])","expires_in":600}"#, index: 4),
            entry(
                "/oauth2/v2.0/token",
                form: [("client_id", clientID), ("continuation_token", tokens[3]), ("grant_type", "continuation_token"), ("username", email), ("scope", "openid profile offline_access"), ("client_info", "true")],
                status: 200,
                json: #"{"token_type":"Bearer","scope":"openid profile offline_access","expires_in":3599,"ext_expires_in":3599,"access_token":"\#(accessToken)","refresh_token":"\#(refreshToken)","id_token":"\#(idToken)","client_info":"\#(clientInfo)"}"#,
                index: 5),
        ]
    }

    static func document(_ entries: [HAREntry]) -> HARDocument {
        HARDocument(log: HARLog(creator: HARCreator(name: "authtape-tests", version: "1"), entries: entries))
    }
}
