import Foundation
import HAR
import NativeAuthWire
import Replay

extension ExchangeView {
    /// The view of entry `index` of a capture.
    init(entry index: Int, _ entry: HAREntry) {
        let components = URLComponents(string: entry.request.url)
        let path = components?.percentEncodedPath ?? entry.request.url
        var host = components?.host ?? ""
        if let port = components?.port { host += ":\(port)" }
        let requestBody = (try? entry.request.postData?.bodyBytes()).flatMap { bytes in
            Self.body(bytes, mimeType: entry.request.postData?.mimeType ?? "")
        }
        let responseBytes = (try? entry.response.content.bodyBytes()) ?? []
        let responseJSON = try? JSONParser.parse(responseBytes)
        self.init(
            entry: index, method: entry.request.method, url: entry.request.url,
            endpoint: NativeAuthEndpoint.recognise(path: path)?.path ?? (path.isEmpty ? "/" : path), host: host,
            status: entry.response.status, statusText: entry.response.statusText,
            error: responseJSON?["error"]?.stringValue, suberror: responseJSON?["suberror"]?.stringValue,
            milliseconds: entry.time.isFinite ? max(0, entry.time) : 0,
            requestHeaders: entry.request.headers.map { Header($0.name, $0.value) },
            requestBody: requestBody,
            responseHeaders: entry.response.headers.map { Header($0.name, $0.value) },
            responseBody: Self.body(responseBytes, mimeType: entry.response.content.mimeType),
            comment: entry.comment ?? entry.response.comment)
    }

    /// Labels a V2 exchange: its step names the link relation it followed, and its answer's `state`,
    /// `action` and nested error codes join the status.
    mutating func label(v2 label: V2FlowLabels.Label) {
        endpoint = label.step
        state = label.answer.state
        action = label.answer.action
        error = label.answer.errorCode ?? error
        suberror = label.answer.innerErrorCode ?? suberror
    }

    /// A body shown as readable text: JSON indented, a form one decoded field per line, other
    /// UTF-8 text as it is. Binary bodies are not shown, only their size; empty bodies are nil.
    static func body(_ bytes: [UInt8], mimeType: String) -> Body? {
        guard !bytes.isEmpty else { return nil }
        let type = mimeType.lowercased()
        if let value = try? JSONParser.parse(bytes), value.objectValue != nil || value.arrayValue != nil {
            return Body(mimeType: mimeType, text: String(decoding: value.prettySerialized(), as: UTF8.self),
                        presentation: "JSON, indented")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return Body(mimeType: mimeType, text: "", presentation: "\(bytes.count) bytes of binary data, not shown")
        }
        if type.contains("x-www-form-urlencoded") {
            let lines = FormCodec.decodeLeniently(bytes: bytes).map { $0.value.isEmpty ? $0.name : $0.name + " = " + $0.value }
            return Body(mimeType: mimeType, text: lines.joined(separator: "\n"), presentation: "form fields, decoded")
        }
        return Body(mimeType: mimeType, text: text, presentation: "as recorded")
    }
}
