import Foundation
import HAR
import Testing
import Replay

@Suite("Capture input")
struct CaptureInputTests {
    static func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("capture-input-\(UUID().uuidString).har").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func problem(_ path: String) -> CaptureInputError? {
        do {
            _ = try CaptureInput.document(contentsOf: path)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "A file that is not a HAR is an error naming the file, and the field when there is one",
        arguments: [
            ("not JSON", "invalid JSON at line 1, column 1"), (#"{"hello": 1}"#, "not a HAR file: no log.entries array"),
            (#"{"log": {"entries": null}}"#, "not a HAR file: no log.entries array"),
            (#"{"log": {"version": "1.2"}}"#, "not a HAR file: no log.entries array"),
            (#"{"log": {"entries": [{"response": {"status": 200}}]}}"#,
             "log.entries[0].request: missing required field at byte 21"),
            (#"{"log": {"entries": 7}}"#, "not a HAR file: no log.entries array"),
        ])
    func notAHAR(text: String, message: String) throws {
        let path = try Self.file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = try #require(Self.problem(path))
        #expect(error.file == path)
        #expect(error.description == "\(path): \(message)" || error.description.hasPrefix("\(path): \(message)"),
                "\(error)")
    }

    @Test("A missing file is an error naming it")
    func missingFile() throws {
        let error = try #require(Self.problem("/nonexistent/capture.har"))
        #expect(error.description.hasPrefix("/nonexistent/capture.har: cannot open"))
    }

    @Test("An empty entries list reads as an empty capture, which mock refuses and replay reports as unreplayable")
    func emptyEntries() async throws {
        let path = try Self.file(#"{"log": {"creator": {"name": "x", "version": "1"}, "entries": []}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try CaptureInput.document(contentsOf: path).log.entries.isEmpty)
        #expect(throws: CaptureInputError.self) { try CaptureInput.servableExchanges(contentsOf: path) }
        let report = await ReplayRunner().replay(paths: [path])
        #expect(report.captures.first?.flows.first?.kind == "unreplayable")
        #expect(report.passed == false)
    }

    @Test("A capture with native-auth exchanges can be served")
    func servable() throws {
        let path = try Self.file(String(decoding: HARWriter.bytes(signUpCapture().document), as: UTF8.self))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try CaptureInput.servableExchanges(contentsOf: path).count == 5)
    }
}
