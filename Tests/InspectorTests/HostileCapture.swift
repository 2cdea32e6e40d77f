import Foundation

/// A capture whose every text field tries to break out of the page: markup in the URL, headers,
/// bodies, `error`/`suberror`, status text and comment, plus an unredacted JWT and password so that
/// `authtape check` finds leaks in it. The payloads would mark the page (`data-pwned`) if they ran.
enum HostileCapture {
    static let payload = #""'><script>document.documentElement.setAttribute('data-pwned','script')</script>"#
        + #"<img src=x onerror="document.documentElement.setAttribute('data-pwned','img')"></svg></pre><!--"#

    /// The payload as JSON string content.
    static var jsonPayload: String {
        payload.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// An unredacted JWT-shaped token (made up) for the leak scan.
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0LXVzZXItZm9yLWxlYWtzIn0.c2lnbmF0dXJlLWZvci10ZXN0aW5nLW9ubHk"

    static func har() -> String {
        let form = "client_id=11111111-2222-4333-8444-555555555555&username=alice%40example.com&password=Tr0ub4dor%263"
            + "&challenge_type=password+redirect&x=" + (payload.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let responseBody = #"{"error":"\#(jsonPayload)","suberror":"<b>bold</b>","error_description":"\#(jsonPayload)","#
            + #""access_token":"\#(jwt)","\#(jsonPayload)":1}"#
        func string(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return """
            {"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":[
            {"startedDateTime":"2026-01-01T00:00:00.000Z","time":3.5,
             "request":{"method":"POST","url":\(string("https://login.example.test/tenant/oauth2/v2.0/initiate?q=" + payload)),
              "httpVersion":"HTTP/1.1","cookies":[],
              "headers":[{"name":\(string("X-" + payload)),"value":\(string(payload))},
                         {"name":"Content-Type","value":"application/x-www-form-urlencoded"}],
              "queryString":[],"postData":{"mimeType":"application/x-www-form-urlencoded","text":\(string(form))},
              "headersSize":-1,"bodySize":-1},
             "response":{"status":400,"statusText":\(string(payload)),"httpVersion":"HTTP/1.1","cookies":[],
              "headers":[{"name":"Content-Type","value":"application/json"}],
              "content":{"size":-1,"mimeType":"application/json","text":\(string(responseBody))},
              "redirectURL":"","headersSize":-1,"bodySize":-1},
             "cache":{},"timings":{"send":0,"wait":3.5,"receive":0},"comment":\(string("mutated: " + payload))}
            ]}}
            """
    }
}
