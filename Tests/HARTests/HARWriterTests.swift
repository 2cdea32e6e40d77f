import Foundation
import HAR
import Testing

@Suite("Deterministic HAR writer")
struct HARWriterTests {
    @Test("the same document written twice gives identical bytes, whatever the dictionary order")
    func deterministic() throws {
        var kinds: [String: Int] = [:]
        for i in 0..<40 { kinds["kind\(i)"] = i }
        var reversed: [String: Int] = [:]
        reversed.reserveCapacity(500)
        for i in (0..<40).reversed() { reversed["kind\(i)"] = i }
        let first = HARWriter.bytes(sampleDocument(redactions: kinds))
        let second = HARWriter.bytes(sampleDocument(redactions: reversed))
        // Compared as text so a failure shows a readable difference.
        #expect(String(decoding: first, as: UTF8.self) == String(decoding: second, as: UTF8.self))
        let reread = try HARReader.read(bytes: first, source: "a.har")
        let rewritten = HARWriter.bytes(reread)
        #expect(rewritten == first, "reading and writing again changes nothing")
    }

    @Test("known keys follow HAR order, then _authtape, then other extensions")
    func keyOrder() throws {
        let value = try JSONParser.parse(HARWriter.bytes(sampleDocument(entries: 1)))
        let log = try #require(value["log"]?.objectValue)
        #expect(log.keys == ["version", "creator", "entries", "_authtape"])
        let entry = try #require(log["entries"]?.arrayValue?.first?.objectValue)
        #expect(
            entry.keys == [
                "startedDateTime", "time", "request", "response", "cache", "timings", "serverIPAddress", "connection",
                "_authtape", "_custom",
            ])
        #expect(
            entry["request"]?.objectValue?.keys == [
                "method", "url", "httpVersion", "cookies", "headers", "queryString", "postData", "headersSize",
                "bodySize",
            ])
        #expect(entry["timings"]?.objectValue?.keys == ["blocked", "dns", "connect", "send", "wait", "receive"])
        let authtape = try #require(entry["_authtape"]?.objectValue)
        #expect(authtape.keys == ["schemaVersion", "flowId", "flowKind", "step", "redactions", "expectedOutcome"])
        #expect(authtape["redactions"]?.objectValue?.keys == ["continuationToken", "password"])
    }

    @Test("output is two-space indented with a final newline and keeps non-ASCII as UTF-8")
    func layout() {
        let text = String(decoding: HARWriter.bytes(sampleDocument(entries: 1)), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"log\": {\n    \"version\": \"1.2\",\n    \"creator\": {\n      \"name\""))
        #expect(text.hasSuffix("}\n}\n"))
        #expect(text.contains("«redacted»"))
        #expect(text.contains(#"\"é\":\"\\n\""#))
    }

    @Test("_authtape fields round trip, unknown members inside them included")
    func authtapeRoundTrip() throws {
        var document = sampleDocument(entries: 2)
        document.log.authtape?.extensions = ["futureField": [1, 2]]
        document.log.entries[1].authtape?.extensions = ["_note": "kept"]
        let reread = try HARReader.read(bytes: HARWriter.bytes(document), source: "a.har")
        #expect(reread == document)
        #expect(reread.log.authtape?.tenant == "contoso")
        #expect(reread.log.entries[0].authtape?.redactions == ["password": 1, "continuationToken": 2])
        #expect(reread.log.entries[0].authtape?.expectedOutcome?.callback == "onSignUpCodeRequired")
    }

    @Test("comment fields on every object are kept through a write and read")
    func commentsKept() throws {
        let comment = "note"
        let entry = HAREntry(
            pageref: "page_1", startedDateTime: "2026-11-20T10:15:00Z", time: 1,
            request: HARRequest(
                method: "POST", url: "https://x/", cookies: [HARCookie(name: "c", value: "v", comment: comment)],
                headers: [HARHeader(name: "h", value: "v", comment: comment)],
                queryString: [HARQueryParameter(name: "q", value: "v", comment: comment)],
                postData: HARPostData(
                    mimeType: "multipart/form-data",
                    params: [
                        HARPostParameter(name: "f", fileName: "a.txt", contentType: "text/plain", comment: comment)
                    ],
                    comment: comment),
                comment: comment),
            response: HARResponse(
                status: 200, content: HARContent(size: 0, compression: 0, mimeType: "x", comment: comment),
                comment: comment),
            cache: HARCache(
                beforeRequest: HARCacheEntry(expires: "e", lastAccess: "l", eTag: "t", hitCount: 2, comment: comment),
                comment: comment),
            timings: HARTimings(ssl: 1, comment: comment), comment: comment)
        let document = HARDocument(
            log: HARLog(
                creator: HARCreator(name: "a", version: "1", comment: comment),
                browser: HARCreator(name: "b", version: "2", comment: comment),
                pages: [
                    HARPage(
                        startedDateTime: "2026-11-20T10:15:00Z", id: "page_1", title: "t",
                        pageTimings: HARPageTimings(onContentLoad: 1, onLoad: -1, comment: comment), comment: comment)
                ],
                entries: [entry], comment: comment))
        let bytes = HARWriter.bytes(document)
        #expect(try HARReader.read(bytes: bytes, source: "c.har") == document)
        let text = String(decoding: bytes, as: UTF8.self)
        // 5 at log level (log, creator, browser, page, page timings) and 12 in the entry.
        #expect(text.components(separatedBy: "\"comment\": \"note\"").count - 1 == 17)
    }

    @Test("a file is written atomically with mode 0600 and replaces the old one")
    func writesPrivateFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/capture.har"
        try HARWriter.write(sampleDocument(entries: 1), to: path)
        try HARWriter.write(sampleDocument(entries: 2), to: path)
        #expect(try permissions(of: path) == 0o600)
        #expect(try HARReader.read(contentsOf: path).log.entries.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["capture.har"])
    }

    @Test("reading a missing file names it")
    func missingFile() {
        #expect {
            try HARReader.read(contentsOf: "/nonexistent/x.har")
        } throws: { error in
            (error as? HARError)?.description.hasPrefix("/nonexistent/x.har: cannot open") == true
        }
    }
}
