import Foundation
import Testing

/// `redact`, `check`, `replay` and `view` share one verdict on what a HAR is (the HAR module's):
/// small reproductions of the real exports of ../shared/corpus/real-har (tools/check-real-har).
@Suite("One verdict on what a HAR is, in every command")
struct HARVerdictCommandTests {
    /// The four commands on `path`, by name.
    static func runAll(_ path: String, in folder: URL) throws -> [(String, CLIRunner.Result)] {
        [
            ("redact", try CLIRunner.run(["redact", path, "-o", folder.appendingPathComponent("out.har").path])),
            ("check", try CLIRunner.run(["check", path])),
            ("replay", try CLIRunner.run(["replay", path])),
            ("view", try CLIRunner.run(["view", path, "-o", folder.appendingPathComponent("page.html").path])),
        ]
    }

    @Test(
        "a file without a log.entries array gets exit 2 and the same message from redact, check, replay and view",
        arguments: [#"{"log": {"pages": [{"index": 0, "id": "group_0", "title": "Group 0"}]}}"#, #"{"log": [2, 1, 3]}"#])
    func notAHARIsRefusedAlike(text: String) throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("page.har")
        try Data(text.utf8).write(to: file)
        for (command, result) in try Self.runAll(file.path, in: folder) {
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(file.path): not a HAR file: no log.entries array"), "\(command): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.har").path))
    }

    @Test("the shapes real exporters write are accepted by every command")
    func realShapesAreAccepted() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shapes.har")
        // A byte order mark; IE 11's cookie object; "postData": null; "cache": []; no response.
        let entries = [
            #"{"startedDateTime": "2016-05-11T10:00:00.000Z", "time": 3, "request": {"method": "GET", "url": "https://a.example/", "#
                + #""cookies": {"name": "previewCols", "value": "url%20status%20size%20timeline"}, "postData": null}, "#
                + #""response": {"status": 200, "content": {"size": 0, "mimeType": "text/html"}}, "cache": []}"#,
            #"{"index": 1, "request": {"method": "POST", "url": "https://a.example/x", "queryString": []}}"#,
        ]
        try Data(("\u{FEFF}" + #"{"log": {"entries": [\#(entries.joined(separator: ", "))]}}"#).utf8).write(to: file)
        for (command, result) in try Self.runAll(file.path, in: folder) {
            #expect(result.status == 0 || (command == "replay" && result.status == 1), "\(command): \(result.status) \(result.stderr)")
        }
        let output = try String(contentsOf: folder.appendingPathComponent("out.har"), encoding: .utf8)
        #expect(!output.contains("url%20status%20size%20timeline"))
    }

    @Test("check of a missing file gives the system's reason")
    func checkOfAMissingFileGivesTheReason() throws {
        let result = try CLIRunner.run(["check", "no-such-capture.har"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-capture.har: cannot open: No such file or directory"), "\(result.stderr)")
    }
}
