import Foundation
import HAR
import Testing
import Replay

/// One exchange for the foreign-shape builders.
struct RawExchange {
    var url: String
    var form: String
    var status: Int
    var body: String
}

private func quoted(_ text: String) -> String { JSONValue.string(text).serializedString() }

/// A HAR as mitmproxy's `savehar` writes it: lower-case headers, `params` beside `text`, microsecond times.
func mitmproxyHAR(_ exchanges: [RawExchange]) -> String {
    let entries = exchanges.enumerated().map { index, exchange in
        let params = exchange.form.split(separator: "&").map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return "{\"name\":\(quoted(parts[0])),\"value\":\(quoted(parts.count > 1 ? parts[1] : ""))}"
        }.joined(separator: ",")
        return """
            {"startedDateTime":"2026-11-22T10:00:0\(index).123456+00:00","time":120.5,
             "request":{"method":"POST","url":\(quoted(exchange.url)),"httpVersion":"HTTP/1.1","cookies":[],
               "headers":[{"name":"content-type","value":"application/x-www-form-urlencoded"},
                          {"name":"client-request-id","value":"6a1c9f0e-1111-4222-8333-444455556666"}],
               "queryString":[],"headersSize":212,"bodySize":\(exchange.form.utf8.count),
               "postData":{"mimeType":"application/x-www-form-urlencoded","text":\(quoted(exchange.form)),"params":[\(params)]}},
             "response":{"status":\(exchange.status),"statusText":"","httpVersion":"HTTP/1.1","cookies":[],
               "headers":[{"name":"content-type","value":"application/json; charset=utf-8"}],
               "content":{"size":\(exchange.body.utf8.count),"compression":0,"mimeType":"application/json; charset=utf-8",
                          "text":\(quoted(exchange.body))},
               "redirectURL":"","headersSize":180,"bodySize":\(exchange.body.utf8.count)},
             "cache":{},"timings":{"connect":-1,"ssl":-1,"send":0.2,"receive":1.1,"wait":119.2},
             "serverIPAddress":"20.190.151.7"}
            """
    }
    return """
        {"log":{"version":"1.2","creator":{"name":"mitmproxy","version":"11.0.0","comment":""},"pages":[],
         "entries":[\(entries.joined(separator: ","))]}}
        """
}

/// A HAR as Chrome DevTools exports it: pages, `_initiator`/`_resourceType`, base64 response bodies,
/// HTTP/2 pseudo headers, numeric `connection`, and unrelated page traffic in between.
func chromeHAR(_ exchanges: [RawExchange]) -> String {
    var entries = [
        """
        {"_initiator":{"type":"other"},"_priority":"VeryHigh","_resourceType":"document","cache":{},"connection":"443",
         "pageref":"page_1","request":{"method":"GET","url":"https://app.contoso.com/","httpVersion":"http/2.0",
           "headers":[{"name":":method","value":"GET"}],"queryString":[],"cookies":[],"headersSize":-1,"bodySize":0},
         "response":{"status":200,"statusText":"","httpVersion":"http/2.0","headers":[],"cookies":[],
           "content":{"size":5,"mimeType":"text/html","text":"<p/>"},"redirectURL":"","headersSize":-1,"bodySize":-1,
           "_transferSize":120,"_error":null},
         "serverIPAddress":"13.107.246.1","startedDateTime":"2026-11-22T10:00:00.000Z","time":10.2,
         "timings":{"blocked":1.1,"dns":-1,"ssl":-1,"connect":-1,"send":0.1,"wait":8.9,"receive":0.1,"_blocked_queueing":0.4}}
        """,
    ]
    for (index, exchange) in exchanges.enumerated() {
        let encoded = Data(exchange.body.utf8).base64EncodedString()
        entries.append(
            """
            {"_initiator":{"type":"script"},"_priority":"High","_resourceType":"fetch","cache":{},"connection":"\(5000 + index)",
             "pageref":"page_1","request":{"method":"POST","url":\(quoted(exchange.url)),"httpVersion":"http/2.0",
               "headers":[{"name":":method","value":"POST"},{"name":"content-type","value":"application/x-www-form-urlencoded"}],
               "queryString":[],"cookies":[],"headersSize":-1,"bodySize":\(exchange.form.utf8.count),
               "postData":{"mimeType":"application/x-www-form-urlencoded","text":\(quoted(exchange.form))}},
             "response":{"status":\(exchange.status),"statusText":"","httpVersion":"http/2.0",
               "headers":[{"name":"content-type","value":"application/json; charset=utf-8"}],"cookies":[],
               "content":{"size":\(exchange.body.utf8.count),"mimeType":"application/json","text":"\(encoded)","encoding":"base64"},
               "redirectURL":"","headersSize":-1,"bodySize":-1,"_transferSize":400,"_error":null},
             "serverIPAddress":"20.190.151.7","startedDateTime":"2026-11-22T10:00:0\(index + 1).000Z","time":95.3,
             "timings":{"blocked":0.5,"dns":-1,"ssl":-1,"connect":-1,"send":0.1,"wait":94.1,"receive":0.6}}
            """)
    }
    return """
        {"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},
         "pages":[{"startedDateTime":"2026-11-22T10:00:00.000Z","id":"page_1","title":"https://app.contoso.com/",
                   "pageTimings":{"onContentLoad":120,"onLoad":200}}],
         "entries":[\(entries.joined(separator: ","))]}}
        """
}

@Suite("Foreign HAR shapes")
struct ForeignHARTests {
    static let client = "11111111-2222-4333-8444-555555555555"

    @Test("A mitmproxy export of a reset-password flow replays and passes")
    func mitmproxyResetPassword() async throws {
        let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
        let common = "client_id=\(Self.client)"
        let har = mitmproxyHAR([
            RawExchange(url: authority + "/resetpassword/v1.0/start",
                        form: common + "&username=REDACTED-username-1&challenge_type=oob+redirect", status: 200,
                        body: Bodies.token("REDACTED-continuation_token-1")),
            RawExchange(url: authority + "/resetpassword/v1.0/challenge",
                        form: common + "&continuation_token=REDACTED-continuation_token-1&challenge_type=oob%20redirect",
                        status: 200, body: Bodies.oob("REDACTED-continuation_token-2")),
            RawExchange(url: authority + "/resetpassword/v1.0/challenge",
                        form: common + "&continuation_token=REDACTED-continuation_token-2&challenge_type=oob+redirect",
                        status: 200, body: Bodies.oob("REDACTED-continuation_token-3")),
        ])
        let document = try HARReader.read(bytes: Array(har.utf8), source: "mitm.har")
        let script = ScriptInference.script(of: document, path: "mitm.har")
        #expect(script.flows.count == 1)
        #expect(script.flows[0].steps.map(\.action.name) == ["resetPassword", "resendCode"])
        let result = await ReplayRunner().replay(script)
        #expect(result.passed, "\(result.flows.flatMap(\.steps).flatMap(\.diagnostics))")
        #expect(result.flows[0].steps[1].actual?.callback == "onResetPasswordResendCodeRequired")
        #expect(result.flows[0].steps[1].actual?.newStateToken == "REDACTED-continuation_token-3")
    }

    @Test("A Chrome export with a custom domain, a tenant id path and page traffic replays a code sign-in")
    func chromeCodeSignIn() async throws {
        let authority = "https://login.contoso.com/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
        let common = "client_id=\(Self.client)"
        let har = chromeHAR([
            RawExchange(url: authority + "/oauth2/v2.0/initiate",
                        form: common + "&username=REDACTED-username-1&challenge_type=oob+redirect", status: 200,
                        body: Bodies.token("REDACTED-continuation_token-1")),
            RawExchange(url: authority + "/oauth2/v2.0/challenge",
                        form: common + "&continuation_token=REDACTED-continuation_token-1&challenge_type=oob+redirect",
                        status: 200, body: Bodies.oob("REDACTED-continuation_token-2")),
            RawExchange(url: authority + "/oauth2/v2.0/token",
                        form: common + "&continuation_token=REDACTED-continuation_token-2&grant_type=oob"
                            + "&scope=api%3A%2F%2Fcontoso%2Fread+openid+profile+offline_access&oob=REDACTED-oob-1"
                            + "&client_info=true",
                        status: 200, body: Bodies.tokens),
        ])
        let document = try HARReader.read(bytes: Array(har.utf8), source: "chrome.har")
        let script = ScriptInference.script(of: document, path: "chrome.har")
        #expect(script.configuration?.authority == authority)
        #expect(script.configuration?.scopes == ["api://contoso/read"])
        let actions = script.flows.flatMap(\.steps).map(\.action)
        #expect(actions == [.signIn(username: "REDACTED-username-1", password: nil, scopes: ["api://contoso/read"]),
                            .submitCode(code: "REDACTED-oob-1")])
        let result = await ReplayRunner().replay(script)
        #expect(result.passed, "\(result.flows.flatMap(\.steps).flatMap(\.diagnostics))")
        #expect(result.flows[0].steps.map { $0.actual?.callback } == ["onSignInCodeRequired", "onSignInCompleted"])
    }
}
