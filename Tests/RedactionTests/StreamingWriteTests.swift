import Foundation
import HAR
import Testing

@testable import Redaction

/// The parallel path writes the entries while it runs (`SplicedOutput.Stream`), guessing
/// where they start in the output; every capture must still give the typed path's file.
@Suite("Output written while redacting")
struct StreamingWriteTests {
    /// Redacts `bytes` from a mapped file with `redactStreaming` on `workers` threads and
    /// returns the file written (nil when it gave up), with the summary.
    static func streamed(_ bytes: [UInt8], workers: Int) throws -> (bytes: [UInt8], summary: RedactionSummary)? {
        let directory = FileManager.default.temporaryDirectory
        let input = directory.appendingPathComponent("stream-in-\(UUID().uuidString).har")
        let output = directory.appendingPathComponent("stream-out-\(UUID().uuidString).har")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        try Data(bytes).write(to: input)
        let mapped = try #require(MappedFile(path: input.path))
        let summary = try withExtendedLifetime(mapped) {
            try Redactor().redactStreaming(mapped.bytes, to: output.path, parallelMinimum: 0, workers: workers)
        }
        guard let summary else {
            #expect(!FileManager.default.fileExists(atPath: output.path), "a file was left behind")
            return nil
        }
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        return (try [UInt8](Data(contentsOf: output)), summary)
    }

    static func expectTyped(_ bytes: [UInt8], _ label: String) throws {
        let expected = try SpliceRedactionTests.reference(bytes)
        for workers in [2, 3] {
            let result = try #require(try Self.streamed(bytes, workers: workers), "\(label): gave up")
            #expect(result.bytes == expected.bytes, "\(label), \(workers) threads: file differs")
            #expect(result.summary == expected.summary, "\(label), \(workers) threads: summaries differ")
        }
    }

    @Test("Entries written as chunks finish give the typed path's file")
    func canonicalCapture() throws {
        var generator = CorpusGenerator(seed: 11)
        try Self.expectTyped(HARWriter.bytes(generator.document(entries: 80)), "canonical")
    }

    @Test("A part before the entries that changes length is written again from the start")
    func prefixChangesLength() throws {
        var generator = CorpusGenerator(seed: 12)
        var document = generator.document(entries: 50)
        // The log comment gets a placeholder: the output's entries start elsewhere.
        document.log.comment = "capture of +1 425 555 0100 by alex.canary@example.com"
        try Self.expectTyped(HARWriter.bytes(document), "log comment")
        // A byte order mark is dropped from the output.
        try Self.expectTyped([0xEF, 0xBB, 0xBF] + HARWriter.bytes(generator.document(entries: 40)), "BOM")
    }

    @Test("When the parallel path gives up after writing, the serial path's file replaces what was written")
    func parallelGivesUp() throws {
        var generator = CorpusGenerator(seed: 5)
        var document = generator.document(entries: 30)
        let items: [JSONValue] = (0..<300).map { index in
            .object(["note": .string("written by bob\(index)@example.org"), "n": .number(String(index))])
        }
        document.log.extensions["_items"] = .array(items)
        try Self.expectTyped(HARWriter.bytes(document), "items after entries")
    }

    @Test("An output that cannot be created leaves the error to the typed path, which reads the capture first")
    func outputCannotBeCreated() throws {
        var generator = CorpusGenerator(seed: 13)
        let bytes = HARWriter.bytes(generator.document(entries: 10))
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)/out.har").path
        let result = try bytes.withUnsafeBufferPointer { buffer in
            try Redactor().redactStreaming(buffer, to: missing, parallelMinimum: 0, workers: 2)
        }
        #expect(result == nil)
        #expect(throws: HARError.self) { try Redactor().redactFile(input: "/nonexistent-\(UUID().uuidString).har", output: missing) }
    }

    @Test("Input that is not a capture leaves no file and takes the typed path")
    func notACapture() throws {
        #expect(try Self.streamed(Array(#"{"log": {"entries": [1, 2]}, "x": "#.utf8), workers: 2) == nil)
    }
}
