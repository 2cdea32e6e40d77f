import HAR
import Testing

@Suite("Reading HAR files from other tools")
struct HARReaderTests {
    static let fixtures: [(String, String)] = [
        ("mitmproxy", HARFixtures.mitmproxy), ("chrome", HARFixtures.chrome), ("charles", HARFixtures.charles),
    ]

    @Test(
        "complete exports survive a read/write round trip with every field and extension kept",
        arguments: ["mitmproxy", "chrome"])
    func roundTripKeepsEverything(name: String) throws {
        let text = try #require(Self.fixtures.first { $0.0 == name }?.1)
        let original = try JSONParser.parse(text)
        let document = try HARReader.read(bytes: Array(text.utf8), source: "\(name).har")
        let written = HARWriter.bytes(document)
        let reparsed = try JSONParser.parse(written)
        #expect(firstDifference(original, reparsed) == nil)
        #expect(try HARReader.read(bytes: written, source: "again.har") == document)
    }

    @Test("underscore fields of other tools are kept in extensions and written back in order")
    func underscoreFieldsKept() throws {
        let document = try HARReader.read(bytes: Array(HARFixtures.chrome.utf8), source: "chrome.har")
        let entry = try #require(document.log.entries.first)
        #expect(entry.extensions.keys == ["_initiator", "_priority", "_resourceType"])
        #expect(entry.response.extensions.keys == ["_transferSize", "_error"])
        #expect(entry.response.extensions["_error"] == .null)
        #expect(entry.timings.extensions["_blocked_queueing"] == .number("1.211"))
        let written = String(decoding: HARWriter.bytes(document), as: UTF8.self)
        let initiator = try #require(written.range(of: "\"_initiator\""))
        let priority = try #require(written.range(of: "\"_priority\""))
        let timings = try #require(written.range(of: "\"timings\""))
        #expect(timings.lowerBound < initiator.lowerBound && initiator.lowerBound < priority.lowerBound)
    }

    @Test("postData with both params and text keeps both")
    func postDataBoth() throws {
        let document = try HARReader.read(bytes: Array(HARFixtures.mitmproxy.utf8), source: "m.har")
        let postData = try #require(document.log.entries[0].request.postData)
        #expect(postData.params?.map(\.name) == ["client_id", "username", "challenge_type"])
        #expect(postData.text?.hasPrefix("client_id=1111&") == true)
        #expect(try postData.bodyBytes() == Array(postData.text!.utf8))
    }

    @Test("missing optional fields get HAR defaults")
    func sparseDefaults() throws {
        let document = try HARReader.read(bytes: Array(HARFixtures.sparse.utf8), source: "firefox.har")
        #expect(document.log.browser?.name == "Firefox")
        #expect(document.log.comment == "exported")
        #expect(document.log.pages == nil)
        let entry = try #require(document.log.entries.first)
        #expect(entry.request.headers.isEmpty && entry.request.cookies.isEmpty && entry.request.queryString.isEmpty)
        #expect(entry.request.headersSize == -1 && entry.request.bodySize == -1)
        #expect(entry.response.content.size == -1 && entry.response.content.text == nil)
        #expect(entry.response.redirectURL == "" && entry.response.bodySize == -1)
        #expect(entry.cache == HARCache())
        #expect(entry.time == 10, "time is the sum of the non-negative timings")
        #expect(entry.timings.dns == -1 && entry.timings.connect == nil)
        let written = try JSONParser.parse(HARWriter.bytes(document))
        #expect(written["log"]?["pages"] == nil, "absent optional fields stay absent")
        #expect(written["log"]?["entries"]?.arrayValue?.first?["cache"] == .object([:]))
    }

    @Test("a UTF-8 byte order mark is skipped")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(HARFixtures.charles.utf8)
        let document = try HARReader.read(bytes: bytes, source: "bom.har")
        #expect(document.log.creator.name == "Charles Proxy")
        #expect(HARWriter.bytes(document).first == UInt8(ascii: "{"))
    }

    @Test("base64 bodies decode to their bytes; numeric connection ids read as text")
    func base64Bodies() throws {
        let document = try HARReader.read(bytes: Array(HARFixtures.charles.utf8), source: "charles.har")
        let entry = try #require(document.log.entries.first)
        #expect(try entry.response.content.bodyBytes() == Array("hello world".utf8))
        #expect(entry.connection == "1234")
        let rewritten = try HARReader.read(bytes: HARWriter.bytes(document), source: "again.har")
        #expect(rewritten == document)
        let mitm = try HARReader.read(bytes: Array(HARFixtures.mitmproxy.utf8), source: "m.har")
        #expect(try mitm.log.entries[1].response.content.bodyBytes() == [0x00, 0x01, 0x02, 0xFD, 0xFE, 0xFF])
    }

    @Test("setBody stores UTF-8 as text and other bytes as base64")
    func setBody() throws {
        var content = HARContent()
        content.setBody(Array("{\"a\":\"é\"}".utf8), mimeType: "application/json")
        #expect(content.text == "{\"a\":\"é\"}" && content.encoding == nil && content.size == 10)
        let binary: [UInt8] = [0xFF, 0x00, 0x80, 0x7F, 0xC3]
        content.setBody(binary, mimeType: "application/octet-stream")
        #expect(content.encoding == "base64" && content.text == "/wCAf8M=" && content.size == 5)
        #expect(try content.bodyBytes() == binary)
        let postData = HARPostData(body: binary, mimeType: "application/octet-stream")
        #expect(postData.encoding == "base64")
        #expect(try postData.bodyBytes() == binary)
        for length in 0..<10 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 200) }
            let body = HARContent(body: bytes, mimeType: "x")
            #expect(try body.bodyBytes() == bytes)
        }
    }

    @Test("form parameters without text are joined into a form body")
    func paramsOnlyBody() throws {
        let postData = HARPostData(
            mimeType: "application/x-www-form-urlencoded",
            params: [HARPostParameter(name: "user name", value: "a+b@c.com"), HARPostParameter(name: "x", value: "1")])
        #expect(String(decoding: try postData.bodyBytes(), as: UTF8.self) == "user+name=a%2Bb%40c.com&x=1")
    }

    @Test(
        "errors name the file, the field as written from log down, and the byte its value starts at",
        arguments: [
            (#""content": {"size": 3, "mimeType": "x", "text": "@@@", "encoding": "base64"}"#, "response.content.text",
             "text is not valid base64", #""@@@""#),
            (#""bodySize": "two hundred""#, "response.bodySize", "expected a number, found a string that is not a number",
             #""two hundred""#),
            (#""headers": [{"name": "a", "value": "b"}, {"name": "c", "value": ["d"]}]"#, "response.headers[1].value",
             "expected a string, found an array", #"["d"]"#),
            (#""content": 5"#, "response.content", "expected an object, found a number", "5"),
        ])
    func errorsNameEntryAndField(field: String, path: String, message: String, value: String) throws {
        let request = #""request": {"method": "GET", "url": "https://x/"}"#
        let good = #"{"startedDateTime": "t", "time": 1, \#(request), "response": {"status": 200}}"#
        let bad = #"{"startedDateTime": "t", "time": 1, \#(request), "response": {"status": 200, \#(field)}}"#
        let log = #"{"version": "1.2", "creator": {"name": "t", "version": "1"}"#
        let text = #"{"log": \#(log), "entries": [\#(good), \#(good), \#(good), \#(bad)]}}"#
        let offset = try #require(text.utf8.lastRange(of: value)).lowerBound
        #expect {
            try HARReader.read(bytes: Array(text.utf8), source: "capture.har")
        } throws: { error in
            (error as? HARError)?.description == "capture.har: log.entries[3].\(path): \(message) at byte \(offset)"
        }
    }

    @Test("a missing request names the entry")
    func missingRequest() {
        let text = #"{"log": {"creator": {"name": "t", "version": "1"}, "entries": [{"response": {"status": 200}}]}}"#
        #expect {
            try HARReader.read(bytes: Array(text.utf8), source: "c.har")
        } throws: { error in
            (error as? HARError)?.description == "c.har: log.entries[0].request: missing required field at byte 63"
        }
    }

    @Test("invalid JSON is reported with line and column")
    func invalidJSON() {
        let text = "{\"log\": {\n  \"entries\": [,]\n}}"
        #expect {
            try HARReader.read(bytes: Array(text.utf8), source: "broken.har")
        } throws: { error in
            (error as? HARError)?.description.hasPrefix("broken.har: invalid JSON at line 2, column 15") == true
        }
    }
}

extension String.UTF8View {
    /// The byte range of the last occurrence of `text`.
    func lastRange(of text: String) -> Range<Int>? {
        let bytes = Array(self)
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return nil }
        for start in stride(from: bytes.count - needle.count, through: 0, by: -1)
        where bytes[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}
