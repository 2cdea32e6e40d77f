import HAR
import Testing

/// The one verdict on what a HAR is, shared by `redact`, `check`, `replay` and `view`: small
/// reproductions of shapes real exporters write (../shared/corpus/real-har).
@Suite("What is a HAR: the shapes real exporters write")
struct HARVerdictTests {
    static func read(_ text: String, source: String = "x.har") throws -> HARDocument {
        try HARReader.read(bytes: Array(text.utf8), source: source)
    }

    static let request = #""request": {"method": "GET", "url": "https://example.com/"}"#
    static let response = #""response": {"status": 200}"#

    @Test(
        "JSON without a log.entries array is refused with the one not-a-HAR message",
        arguments: [
            #"{"log": {"pages": [{"id": "group_0", "title": "Group 0"}]}}"#,  // har-to-k6's page.har
            #"{"log": {"entries": null}}"#, #"{"log": {"entries": {}}}"#, #"{"entries": []}"#, #"{"log": [2, 1, 3]}"#,
            "[1, 2]", #""log""#,
        ])
    func notAHARIsRefusedAlike(text: String) {
        #expect {
            try Self.read(text, source: "page.har")
        } throws: { error in
            (error as? HARError)?.description == "page.har: not a HAR file: no log.entries array"
                && (error as? HARError)?.isNotAHAR == true
        }
    }

    @Test("a file that is not JSON names the byte, not the verdict on HAR")
    func notJSONNamesTheByte() {
        #expect {
            try Self.read("{\"log\":\n[\n    2,1,3\n]\n\"request:\"}", source: "broken.har")
        } throws: { error in
            (error as? HARError)?.description.hasPrefix("broken.har: invalid JSON at line 5, column 1 (byte 22)") == true
        }
    }

    @Test("\"postData\": null is a request without a body")
    func postDataNull() throws {
        let text = #"{"log": {"entries": [{"request": {"method": "GET", "url": "u", "postData": null}, \#(Self.response)}]}}"#
        #expect(try Self.read(text).log.entries[0].request.postData == nil)
    }

    @Test("Internet Explorer 11's single cookie object reads as a list of one cookie")
    func internetExplorerCookieObject() throws {
        let cookie = #""cookies": {"name": "previewCols", "value": "url%20status"}"#
        let text = #"{"log": {"entries": [{"request": {"method": "GET", "url": "u", \#(cookie)}, \#(Self.response)}]}}"#
        let cookies = try Self.read(text).log.entries[0].request.cookies
        #expect(cookies == [HARCookie(name: "previewCols", value: "url%20status")])
    }

    @Test("an entry without a response (an aborted request) reads as no response, status 0")
    func entryWithoutResponse() throws {
        let text = #"{"log": {"entries": [{"index": 0, \#(Self.request)}]}}"#
        let entry = try Self.read(text).log.entries[0]
        #expect(entry.response == .noResponse && entry.response.status == 0)
        #expect(entry.extensions["index"] == .number("0"))
    }

    @Test("a cache of any shape is kept as written", arguments: [#"[]"#, #""none""#, #"{"beforeRequest": 5}"#])
    func cacheOfAnyShape(cache: String) throws {
        let text = #"{"log": {"entries": [{\#(Self.request), \#(Self.response), "cache": \#(cache)}]}}"#
        let entry = try Self.read(text).log.entries[0]
        #expect(entry.cache.asWritten == (try JSONParser.parse(cache)))
        let written = try JSONParser.parse(HARWriter.bytes(try Self.read(text)))
        let entries = written.objectValue?["log"]?.objectValue?["entries"]
        guard case .array(let list)? = entries else {
            Issue.record("no entries written")
            return
        }
        #expect(list.first?.objectValue?["cache"] == (try JSONParser.parse(cache)))
    }

    @Test("a byte order mark and missing optional members (creator, version, times, method, url) are accepted")
    func bomAndMissingMembers() throws {
        let text = "\u{FEFF}" + #"{"log": {"entries": [{"request": {"headersSize": 1}, "response": {"status": 204}}]}}"#
        let document = try Self.read(text)
        let entry = try #require(document.log.entries.first)
        #expect(document.log.version == "1.2" && document.log.creator.name == "")
        #expect(entry.request.method == "" && entry.request.url == "" && entry.startedDateTime == "")
        #expect(entry.response.status == 204)
    }

    @Test("an error inside a form parameter names postData.params[i].value and the byte")
    func errorPathAsWritten() throws {
        let params = #""postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "a", "value": {}}]}"#
        let text = #"{"log": {"entries": [{"request": {"method": "POST", "url": "u", \#(params)}, \#(Self.response)}]}}"#
        let offset = try #require(text.utf8.lastRange(of: "{}")).lowerBound
        #expect {
            try Self.read(text, source: "form.har")
        } throws: { error in
            (error as? HARError)?.description
                == "form.har: log.entries[0].request.postData.params[0].value: expected a string, found an object at byte \(offset)"
        }
    }

    @Test("a file that cannot be opened gives the system's reason")
    func missingFileGivesTheReason() {
        #expect {
            try HARReader.read(contentsOf: "/nonexistent/authtape/x.har")
        } throws: { error in
            (error as? HARError)?.description == "/nonexistent/authtape/x.har: cannot open: No such file or directory"
        }
    }
}
