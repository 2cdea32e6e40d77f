import Foundation
import HAR
import Testing

@testable import Redaction

/// `redactFile` hands replace-everywhere and writing to a second thread (`OutputStage`); the
/// in-memory pass (`redactStream`) does them on the redaction thread. Both must write the same
/// bytes.
@Suite("Output written on a second thread")
struct OutputStageTests {
    static func redactedFile(_ bytes: [UInt8]) throws -> (bytes: [UInt8], findings: [LeakFinding]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.har").path
        let output = folder.appendingPathComponent("out.har").path
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let result = try Redactor().redactFile(input: input, output: output, scanner: LeakScanner())
        return (Array(try Data(contentsOf: URL(fileURLWithPath: output))), result.findings)
    }

    @Test("A capture of several megabytes is written as the in-memory pass writes it")
    func severalPiecesMatchTheInMemoryPass() throws {
        var generator = CorpusGenerator(seed: 23)
        let bytes = HARWriter.bytes(generator.document(entries: 2_500))
        #expect(bytes.count > 3 * OutputSink.flushSize)
        let file = try Self.redactedFile(bytes)
        let memory = try Redactor().redactStream(bytes: bytes).bytes
        #expect(file.bytes == memory)
        #expect(file.bytes != bytes)
    }

    @Test("A secret met late is replaced in the earlier entry by the second pass, as in memory")
    func lateSecretMatchesTheInMemoryPass() throws {
        let bytes = EverywhereTests.lateCapture(earlyValue: "Late-Pass-77!")
        let file = try Self.redactedFile(bytes)
        #expect(file.bytes == (try Redactor().redactStream(bytes: bytes).bytes))
        #expect(!String(decoding: file.bytes, as: UTF8.self).contains("Late-Pass-77"))
    }

    @Test("A redaction that fails stops the output thread and leaves no file")
    func failureLeavesNoFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = CorpusGenerator(seed: 5)
        // Whole entries for more than a piece, then a cut in the middle of one.
        var bytes = HARWriter.bytes(generator.document(entries: 1_500))
        bytes.removeLast(bytes.count / 10)
        let input = folder.appendingPathComponent("in.har").path
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        #expect(throws: HARError.self) {
            try Redactor().redactFile(input: input, output: folder.appendingPathComponent("out.har").path, scanner: LeakScanner())
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["in.har"])
    }
}
