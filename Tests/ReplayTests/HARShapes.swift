import Foundation
import HAR

/// One exchange for the foreign-shape builders. `at` is when the request started, in seconds after
/// 2026-11-22T10:00:00Z (nil: one second per exchange); `time` is HAR's total time in milliseconds.
struct RawExchange {
    var url: String
    var form: String
    var status: Int
    var body: String
    var at: Double? = nil
    var time: Double? = nil
    /// Extra response headers (for example a PKeyAuth `WWW-Authenticate`).
    var headers: [(String, String)] = []
    /// `_authtape.expectedOutcome` (callback, newState) for authtape's own shape.
    var annotated: (callback: String, newState: String?)? = nil
}

func quoted(_ text: String) -> String { JSONValue.string(text).serializedString() }

/// `2026-11-22T10:MM:SS` plus a fraction of `digits` digits, for `seconds` after 10:00:00.
func timestamp(_ seconds: Double, digits: Int, zone: String) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let units = Int((seconds * Double(scale)).rounded())
    let whole = units / scale
    let fraction = String(units % scale)
    let padded = String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
    return String(format: "2026-11-22T10:%02d:%02d.", whole / 60, whole % 60) + padded + zone
}

private func headerList(_ headers: [(String, String)]) -> String {
    headers.map { "{\"name\":\(quoted($0.0)),\"value\":\(quoted($0.1))}" }.joined(separator: ",")
}

/// A HAR as mitmproxy's `savehar` writes it: lower-case headers, `params` beside `text`, times with
/// microseconds and `+00:00`, float `time`s.
func mitmproxyHAR(_ exchanges: [RawExchange]) -> String {
    let entries = exchanges.enumerated().map { index, exchange in
        let params = exchange.form.split(separator: "&").map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return "{\"name\":\(quoted(parts[0])),\"value\":\(quoted(parts.count > 1 ? parts[1] : ""))}"
        }.joined(separator: ",")
        let started = timestamp(exchange.at ?? Double(index) + 0.123456, digits: 6, zone: "+00:00")
        let headers = headerList([("content-type", "application/json; charset=utf-8")] + exchange.headers)
        return """
            {"startedDateTime":"\(started)","time":\(exchange.time ?? 120.5),
             "request":{"method":"POST","url":\(quoted(exchange.url)),"httpVersion":"HTTP/1.1","cookies":[],
               "headers":[{"name":"content-type","value":"application/x-www-form-urlencoded"},
                          {"name":"client-request-id","value":"6a1c9f0e-1111-4222-8333-444455556666"}],
               "queryString":[],"headersSize":212,"bodySize":\(exchange.form.utf8.count),
               "postData":{"mimeType":"application/x-www-form-urlencoded","text":\(quoted(exchange.form)),"params":[\(params)]}},
             "response":{"status":\(exchange.status),"statusText":"","httpVersion":"HTTP/1.1","cookies":[],
               "headers":[\(headers)],
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
/// HTTP/2 pseudo headers, numeric `connection`, times with milliseconds and `Z`, and unrelated page
/// traffic in between.
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
        let started = timestamp(exchange.at ?? Double(index + 1), digits: 3, zone: "Z")
        let headers = headerList([("content-type", "application/json; charset=utf-8")] + exchange.headers)
        entries.append(
            """
            {"_initiator":{"type":"script"},"_priority":"High","_resourceType":"fetch","cache":{},"connection":"\(5000 + index)",
             "pageref":"page_1","request":{"method":"POST","url":\(quoted(exchange.url)),"httpVersion":"http/2.0",
               "headers":[{"name":":method","value":"POST"},{"name":"content-type","value":"application/x-www-form-urlencoded"}],
               "queryString":[],"cookies":[],"headersSize":-1,"bodySize":\(exchange.form.utf8.count),
               "postData":{"mimeType":"application/x-www-form-urlencoded","text":\(quoted(exchange.form))}},
             "response":{"status":\(exchange.status),"statusText":"","httpVersion":"http/2.0",
               "headers":[\(headers)],"cookies":[],
               "content":{"size":\(exchange.body.utf8.count),"mimeType":"application/json","text":"\(encoded)","encoding":"base64"},
               "redirectURL":"","headersSize":-1,"bodySize":-1,"_transferSize":400,"_error":null},
             "serverIPAddress":"20.190.151.7","startedDateTime":"\(started)","time":\(exchange.time ?? 95.3),
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

/// A HAR as authtape writes it (``HARWriter``): `_authtape` fields on the log and every entry, with
/// the given `expectedOutcome` annotations, times with milliseconds and `Z`, float `time`s.
func authtapeHAR(_ exchanges: [RawExchange]) -> String {
    var entries: [HAREntry] = []
    for (index, exchange) in exchanges.enumerated() {
        let request = HARRequest(
            method: "POST", url: exchange.url,
            headers: [
                HARHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"),
                HARHeader(name: "client-request-id", value: "0E5C3B1A-7D2F-4C6E-9A8B-1F2E3D4C5B6A"),
            ],
            postData: HARPostData(mimeType: "application/x-www-form-urlencoded", text: exchange.form))
        let headers = [HARHeader(name: "Content-Type", value: "application/json; charset=utf-8")]
            + exchange.headers.map { HARHeader(name: $0.0, value: $0.1) }
        let response = HARResponse(
            status: exchange.status, headers: headers,
            content: HARContent(body: Array(exchange.body.utf8), mimeType: "application/json; charset=utf-8"))
        let path = URLComponents(string: exchange.url)?.path ?? ""
        let fields = AuthTapeEntryFields(
            flowId: "flow-1", flowKind: "signIn", step: String(path.split(separator: "/").suffix(3).joined(separator: "/")),
            expectedOutcome: exchange.annotated.map { AuthTapeExpectedOutcome(callback: $0.callback, newState: $0.newState) })
        entries.append(
            HAREntry(
                startedDateTime: timestamp(exchange.at ?? Double(index), digits: 3, zone: "Z"),
                time: exchange.time ?? 3.4832789999999996, request: request, response: response, authtape: fields))
    }
    let log = HARLog(
        creator: HARCreator(name: "authtape", version: "0.1.0"), entries: entries,
        authtape: AuthTapeLogFields(toolVersion: "0.1.0", upstream: "https://contoso.ciamlogin.com", mode: "reverse"))
    return String(decoding: HARWriter.bytes(HARDocument(log: log)), as: UTF8.self)
}
