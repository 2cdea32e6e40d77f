import Foundation
import HAR
import NativeAuthWire

extension Redactor {
    /// `entry` with every known secret (`PlaceholderTable.index`) replaced in all its strings:
    /// URL, headers, cookies, query and form parameters, bodies (a base64 body decoded and
    /// encoded again), redirect URL and comments. The recorder runs it on each entry after
    /// `redact(_:)`, so a value redacted once is gone from every later entry too.
    public func replacingKnownSecrets(in entry: HAREntry) -> HAREntry {
        guard let index = placeholders.index else { return entry }
        let known = index.snapshot()
        if known.isEmpty { return entry }
        var copy = entry
        func fix(_ text: inout String) {
            if let replaced = known.replacing(in: text) { text = replaced }
        }
        func fix(_ text: inout String?) {
            if let value = text, let replaced = known.replacing(in: value) { text = replaced }
        }
        fix(&copy.request.url)
        for i in copy.request.headers.indices { fix(&copy.request.headers[i].value) }
        for i in copy.request.cookies.indices { fix(&copy.request.cookies[i].value) }
        for i in copy.request.queryString.indices { fix(&copy.request.queryString[i].value) }
        if var postData = copy.request.postData {
            if var params = postData.params {
                for i in params.indices { fix(&params[i].value) }
                postData.params = params
            }
            fixBody(&postData.text, encoding: postData.encoding, known: known)
            copy.request.postData = postData
        }
        fix(&copy.request.comment)
        for i in copy.response.headers.indices { fix(&copy.response.headers[i].value) }
        for i in copy.response.cookies.indices { fix(&copy.response.cookies[i].value) }
        fix(&copy.response.redirectURL)
        fixBody(&copy.response.content.text, encoding: copy.response.content.encoding, known: known)
        fix(&copy.response.comment)
        fix(&copy.comment)
        // Vendor fields (WebPagetest's `_url`, …) wherever an exporter puts them.
        copy.extensions = Self.replacing(in: copy.extensions, known: known)
        copy.request.extensions = Self.replacing(in: copy.request.extensions, known: known)
        copy.response.extensions = Self.replacing(in: copy.response.extensions, known: known)
        copy.response.content.extensions = Self.replacing(in: copy.response.content.extensions, known: known)
        return copy
    }

    private static func replacing(in object: JSONObject, known: SecretIndex.Snapshot) -> JSONObject {
        if object.isEmpty { return object }
        var result = JSONObject()
        result.reserveCapacity(object.count)
        for member in object { result.append(member.key, replacing(in: member.value, known: known)) }
        return result
    }

    private static func replacing(in value: JSONValue, known: SecretIndex.Snapshot) -> JSONValue {
        switch value {
        case .string(let text): return known.replacing(in: text).map(JSONValue.string) ?? value
        case .array(let items): return .array(items.map { replacing(in: $0, known: known) })
        case .object(let object): return .object(replacing(in: object, known: known))
        case .null, .bool, .number: return value
        }
    }

    /// A body's text, or a base64 body's decoded bytes, with known secrets replaced.
    private func fixBody(_ text: inout String?, encoding: String?, known: SecretIndex.Snapshot) {
        guard let value = text else { return }
        guard encoding?.lowercased() == "base64" else {
            if let replaced = known.replacing(in: value) { text = replaced }
            return
        }
        guard let bytes = Base64.decode(value, whiteSpace: .skipped) else { return }
        var edits: [ByteEdit] = []
        let found = bytes.withUnsafeBufferPointer { known.edits(in: $0, from: 0, to: $0.count, into: &edits) }
        guard found else { return }
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { ValueRedactor.append($0, from: 0, to: $0.count, applying: edits, to: &output) }
        text = Data(output).base64EncodedString()
    }

    /// Rewrites the HAR at `path` (mode 0600, atomically) with every known secret replaced
    /// wherever it is (`EverywherePass`): the recorder runs it when its journal becomes the HAR,
    /// so entries written before a secret was first met get its placeholder too. Returns the
    /// values replaced.
    @discardableResult
    public func replaceKnownSecrets(inFile path: String) throws(HARError) -> Int {
        try replaceKnownSecrets(inFile: path, copies: nil)
    }

    /// `replaceKnownSecrets(inFile:)`, handing each written piece to `copies` (a leak scan).
    @discardableResult
    func replaceKnownSecrets(inFile path: String, copies: ChunkQueue?) throws(HARError) -> Int {
        guard let index = placeholders.index else { return 0 }
        let known = index.snapshot()
        if known.isEmpty { return 0 }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HARError(file: path, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var failure: HARError?
        var replaced = 0
        do throws(HARError) {
            try HARRawFile.write(to: path) { out in
                var window = InputWindow(fd: fd)
                var sink = OutputSink(fd: out)
                sink.copies = copies
                var pass = EverywherePass(index: known)
                do throws(HARError) {
                    try pass.run(&window, to: &sink, file: path)
                    if let code = sink.flush(force: true) { throw HARError(file: path, message: "cannot write (errno \(code))") }
                } catch {
                    failure = error
                    return ECANCELED
                }
                replaced = pass.replaced
                return nil
            }
        } catch {
            throw failure ?? error
        }
        return replaced
    }
}
