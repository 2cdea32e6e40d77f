import Foundation
import HAR
import Testing

@testable import Redaction

/// The streaming reader (`redact`, `check`) gives HARReader's verdict (`replay`, `view`) on the
/// shapes real exporters write: small reproductions of files of ../shared/corpus/real-har.
@Suite("The stream's verdict on what is a HAR is the typed reader's")
struct HARVerdictStreamTests {
    static let response = #""response": {"status": 200, "content": {"size": 0, "mimeType": "text/plain"}}"#

    /// What `redact` (in memory) says of `text`: its error, or nil with the output.
    static func redact(_ text: String) throws -> (error: HARError?, output: [UInt8]) {
        let redactor = try Redactor()
        do throws(HARError) {
            return (nil, try redactor.redactStream(bytes: Array(text.utf8), source: "x.har").bytes)
        } catch {
            return (error, [])
        }
    }

    static func scanError(_ text: String) -> String? {
        do throws(LeakScanError) {
            _ = try LeakScanner(workers: 1).scan(bytes: Array(text.utf8), file: "x.har")
            return nil
        } catch {
            return error.description
        }
    }

    @Test(
        "JSON without a log.entries array gets the one not-a-HAR error from redact, check and HARReader",
        arguments: [
            #"{"log": {"pages": [{"id": "group_0", "title": "Group 0"}]}}"#, #"{"log": {"entries": null}}"#,
            #"{"log": {"entries": {}}}"#, #"{"entries": []}"#, #"{"log": [2, 1, 3]}"#, "[1, 2]",
        ])
    func notAHARIsRefusedAlike(text: String) throws {
        let expected = "x.har: " + HARError.notAHARMessage
        #expect(try Self.redact(text).error?.description == expected)
        #expect(Self.scanError(text) == expected)
        #expect(throws: HARError.notAHAR(file: "x.har")) { try HARReader.read(bytes: Array(text.utf8), source: "x.har") }
    }

    @Test("a file that is not JSON is refused at its byte before any verdict on HAR")
    func notJSONIsRefusedAtItsByte() throws {
        let text = "{\"log\":\n[\n    2,1,3\n]\n\"request:\"}"
        let redacted = try Self.redact(text).error?.description ?? ""
        #expect(redacted.hasSuffix("at byte 22"), "\(redacted)")
        #expect(Self.scanError(text)?.hasSuffix("at byte 22") == true)
    }

    @Test(
        "the shapes real exporters write are redacted, scanned and read back by HARReader",
        arguments: [
            // okta-har-analyzer: "postData": null.
            #"{"request": {"method": "GET", "url": "https://x/", "postData": null}, \#(response)}"#,
            // Internet Explorer 11: one cookie as an object.
            #"{"request": {"method": "GET", "url": "https://x/", "cookies": {"name": "sid", "value": "VALUE"}}, \#(response)}"#,
            // har-to-k6: no response, no times.
            #"{"index": 0, "request": {"method": "POST", "url": "https://x/", "postData": {"mimeType": "text/plain", "text": "a"}}}"#,
            // harviewer's data-url.har: "cache": [].
            #"{"request": {"method": "GET", "url": "data:,x"}, \#(response), "cache": []}"#,
            // haralyzer's missing_page.har: a request without method and url.
            #"{"request": {"headersSize": 1, "postData": {"mimeType": "application/json", "url": "https://x/"}}, \#(response)}"#,
        ])
    func realShapesAreAccepted(entry: String) throws {
        let text = "\u{FEFF}" + #"{"log": {"entries": [\#(entry)]}}"#
        let (error, output) = try Self.redact(text)
        #expect(error == nil, "\(String(describing: error))")
        #expect(Self.scanError(text) == nil)
        let document = try HARReader.read(bytes: output, source: "out.har")
        #expect(document.log.entries.count == 1)
    }

    @Test("an Internet Explorer 11 cookie object has its value redacted in place")
    func internetExplorerCookieIsRedacted() throws {
        let entry = #"{"request": {"method": "GET", "url": "https://x/", "cookies": {"name": "sid", "value": "Sup3rSecretSessionValue"}}, \#(Self.response)}"#
        let output = try Self.redact(#"{"log": {"entries": [\#(entry)]}}"#).output
        let text = String(decoding: output, as: UTF8.self)
        #expect(!text.contains("Sup3rSecretSessionValue"), "\(text)")
        #expect(text.contains(#""cookies": {"name": "sid", "value": ""#))
    }

    @Test("an error inside a form parameter names postData.params[i].value and the byte, as HARReader does")
    func errorPathAsWritten() throws {
        let params = #""postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "a", "value": {}}]}"#
        let text = #"{"log": {"entries": [{"request": {"method": "POST", "url": "u", \#(params)}, \#(Self.response)}]}}"#
        let offset = try #require(text.range(of: "{}")).lowerBound.utf16Offset(in: text)
        let place = "x.har: log.entries[0].request.postData.params[0].value: "
        #expect(try Self.redact(text).error?.description == place + "expected a string at byte \(offset)")
        #expect(throws: HARError(file: "x.har", path: "log.entries[0].request.postData.params[0].value",
                                 message: "expected a string, found an object at byte \(offset)")) {
            try HARReader.read(bytes: Array(text.utf8), source: "x.har")
        }
    }

    @Test(
        "a known member of the wrong type is refused by both readers with the same path, message and byte",
        arguments: [
            (#""response": {"status": "teapot"}"#, "response.status", "expected a number, found a string that is not a number", #""teapot""#),
            (#""response": {"status": 200, "bodySize": {}}"#, "response.bodySize", "expected a number, found an object", "{}"),
            (#""response": {"status": 200}, "time": [1]"#, "time", "expected a number, found an array", "[1]"),
            (#""response": {"status": 200}, "startedDateTime": {}"#, "startedDateTime", "expected a string, found an object", "{}"),
        ])
    func wrongTypesAreRefusedAlike(member: String, path: String, message: String, value: String) throws {
        let text = #"{"log": {"entries": [{"request": {"method": "GET", "url": "u"}, \#(member)}]}}"#
        let offset = try #require(text.range(of: value, options: .backwards)).lowerBound.utf16Offset(in: text)
        let expected = HARError(file: "x.har", path: "log.entries[0].\(path)", message: "\(message) at byte \(offset)")
        #expect(try Self.redact(text).error == expected)
        #expect(throws: expected) { try HARReader.read(bytes: Array(text.utf8), source: "x.har") }
    }

    @Test("check of a file that cannot be opened gives the system's reason")
    func unreadableFileGivesTheReason() {
        #expect {
            try LeakScanner().scan(path: "/nonexistent/authtape/x.har")
        } throws: { error in
            "\(error)" == "/nonexistent/authtape/x.har: cannot open: No such file or directory"
        }
    }
}
