import Foundation
import HAR

/// Turns a ``RecordedExchange`` into an (unredacted) HAR entry.
enum HAREntryConversion {
    static func entry(for exchange: RecordedExchange, decodedResponseBody: [UInt8]) -> HAREntry {
        let request = exchange.request
        let requestType = header("content-type", in: request.headers) ?? ""
        var harRequest = HARRequest(
            method: request.method, url: request.url, httpVersion: request.httpVersion,
            headers: request.headers.map { HARHeader(name: $0.name, value: $0.value) },
            queryString: queryString(of: request.url), bodySize: request.body.count)
        if !request.body.isEmpty || request.method == "POST" || request.method == "PUT" || request.method == "PATCH" {
            harRequest.postData = HARPostData(body: request.body, mimeType: requestType)
        }

        let response = exchange.response
        let responseType = header("content-type", in: response.headers) ?? ""
        var content = HARContent(body: decodedResponseBody, mimeType: responseType)
        content.size = response.bodyTruncated ? response.bodySize : decodedResponseBody.count
        // Sizes compared first: the encoding is looked up only for a body that was decoded.
        if decodedResponseBody.count != response.body.count, response.contentEncoding != nil {
            content.compression = decodedResponseBody.count - response.body.count
        }
        if response.bodyTruncated {
            content.comment = "authtape: body truncated to the first \(response.body.count) of \(response.bodySize) bytes"
        }
        let harResponse = HARResponse(
            status: response.status, statusText: response.reason, httpVersion: response.httpVersion,
            headers: response.headers.map { HARHeader(name: $0.name, value: $0.value) }, content: content,
            redirectURL: header("location", in: response.headers) ?? "", bodySize: response.bodySize)

        let timings = exchange.timings
        let harTimings = HARTimings(
            blocked: -1, dns: -1, connect: timings.connect, send: timings.send, wait: timings.wait,
            receive: timings.receive, ssl: timings.ssl)
        return HAREntry(
            startedDateTime: iso8601(exchange.startedAt), time: timings.total, request: harRequest,
            response: harResponse, timings: harTimings, connection: String(exchange.connectionID),
            comment: exchange.proxyError.map { "authtape proxy answered: \($0)" })
    }

    static func header(_ name: String, in headers: [RecordedHeader]) -> String? {
        headers.last { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    static func queryString(of url: String) -> [HARQueryParameter] {
        guard url.utf8.contains(UInt8(ascii: "?")), let items = URLComponents(string: url)?.queryItems else { return [] }
        return items.map { HARQueryParameter(name: $0.name, value: $0.value ?? "") }
    }

    static func iso8601(_ date: Date) -> String {
        TimeFormatting.iso8601(date)
    }
}
