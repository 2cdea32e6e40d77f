import Foundation
import HAR

/// The layouts other tools write a HAR in, made from one document: compact JSON, Chrome
/// DevTools' export (2-space indent, keys sorted, HTTP/2 pseudo-headers, `_initiator` and
/// friends, pages, text-only form `postData`), mitmproxy's (4-space indent) and authtape's own.
enum HARLayout: String, CaseIterable {
    case compact, chrome, mitmproxy, authtape

    func bytes(_ document: HARDocument) -> [UInt8] {
        switch self {
        case .authtape: return HARWriter.bytes(document)
        case .compact: return document.json.serialized()
        case .mitmproxy: return Self.pretty(document.json, indent: 4, sortKeys: false)
        case .chrome: return Self.pretty(Self.chromeShaped(document).json, indent: 2, sortKeys: true)
        }
    }

    /// `document` as Chrome exports HTTP/2 traffic: pseudo-headers (`:path` repeats the URL's
    /// path and query), `_initiator`, `_priority`, `_resourceType`, `_transferSize`, a page,
    /// and form bodies as text only.
    static func chromeShaped(_ document: HARDocument) -> HARDocument {
        var copy = document
        copy.log.pages = [HARPage(startedDateTime: "2026-11-26T10:00:00.000Z", id: "page_1", title: "https://app.contoso.example/signin")]
        for index in copy.log.entries.indices {
            var entry = copy.log.entries[index]
            let url = entry.request.url
            let afterScheme = url.range(of: "://").map { url[$0.upperBound...] } ?? Substring(url)
            let path = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
            let authority = String(afterScheme.prefix { $0 != "/" })
            entry.request.headers.insert(contentsOf: [
                HARHeader(name: ":authority", value: authority), HARHeader(name: ":method", value: entry.request.method),
                HARHeader(name: ":path", value: path), HARHeader(name: ":scheme", value: "https"),
            ], at: 0)
            entry.request.httpVersion = "http/2.0"
            entry.response.httpVersion = "http/2.0"
            if var postData = entry.request.postData, postData.params != nil, postData.text != nil {
                postData.params = nil
                entry.request.postData = postData
            }
            entry.pageref = "page_1"
            entry.extensions.append("_initiator", .object(["type": .string("script"), "url": .string("https://app.contoso.example/app.js")]))
            entry.extensions.append("_priority", .string("High"))
            entry.extensions.append("_resourceType", .string("fetch"))
            entry.extensions.append("_transferSize", .number(String(900 + index)))
            copy.log.entries[index] = entry
        }
        return copy
    }

    /// `value` pretty-printed with `indent` spaces a level, keys sorted when asked.
    static func pretty(_ value: JSONValue, indent: Int, sortKeys: Bool) -> [UInt8] {
        var out: [UInt8] = []
        write(value, indent: indent, level: 0, sortKeys: sortKeys, into: &out)
        out.append(0x0A)
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, level: Int, sortKeys: Bool, into out: inout [UInt8]) {
        func newline(_ depth: Int) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: depth * indent))
        }
        switch value {
        case .array(let items) where !items.isEmpty:
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1)
                write(item, indent: indent, level: level + 1, sortKeys: sortKeys, into: &out)
            }
            newline(level)
            out.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            out.append(UInt8(ascii: "{"))
            let members = sortKeys ? object.members.sorted { $0.key < $1.key } : Array(object.members)
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1)
                out.append(contentsOf: JSONValue.string(member.key).serialized())
                out.append(contentsOf: Array(": ".utf8))
                write(member.value, indent: indent, level: level + 1, sortKeys: sortKeys, into: &out)
            }
            newline(level)
            out.append(UInt8(ascii: "}"))
        default:
            out.append(contentsOf: value.serialized())
        }
    }
}
