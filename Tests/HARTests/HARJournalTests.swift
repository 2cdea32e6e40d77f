import Foundation
import HAR
import Testing

@Suite("Crash-safe journal")
struct HARJournalTests {
    let logFields = AuthTapeLogFields(toolVersion: "0.1.0", upstream: "emulator", tenant: "contoso")
    let creator = HARCreator(name: "authtape", version: "0.1.0")

    @Test("appended entries are finalized into a HAR in order, with the log fields, mode 0600")
    func finalize() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journalPath = directory + "/capture.journal"
        let journal = try HARJournal(path: journalPath, creator: creator, logFields: logFields)
        let entries = (0..<5).map { sampleEntry($0) }
        for entry in entries { try journal.append(entry) }
        #expect(try permissions(of: journalPath) == 0o600)
        let report = try journal.finish(to: directory + "/capture.har")
        #expect(report.isClean && report.entriesRecovered == 5)
        #expect(!FileManager.default.fileExists(atPath: journalPath))
        let document = try HARReader.read(contentsOf: directory + "/capture.har")
        #expect(document.log.entries == entries)
        #expect(document.log.authtape == logFields && document.log.creator == creator)
        #expect(try permissions(of: directory + "/capture.har") == 0o600)
        #expect(throws: HARError.self) { try journal.append(entries[0]) }
    }

    @Test("a batch append writes the same lines as appending one entry at a time")
    func batchAppend() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let entries = (0..<7).map { sampleEntry($0) }
        let single = try HARJournal(path: directory + "/single", creator: creator, logFields: logFields)
        for entry in entries { try single.append(entry) }
        try single.close()
        let batched = try HARJournal(path: directory + "/batched", creator: creator, logFields: logFields)
        try batched.append(contentsOf: Array(entries[0..<3]))
        try batched.append(contentsOf: [])
        try batched.append(contentsOf: Array(entries[3...]))
        #expect(batched.entryCount == 7)
        try batched.close()
        let singleBytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/single"))
        let batchedBytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/batched"))
        #expect(batchedBytes == singleBytes)
        #expect(try HARJournal.recover(journalPath: directory + "/batched").document.log.entries == entries)
        #expect(throws: HARError.self) { try batched.append(contentsOf: [entries[0]]) }
    }

    @Test("an existing journal is never overwritten by accident")
    func refusesToOverwrite() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/j"
        let first = try HARJournal(path: path, creator: creator, logFields: nil, syncEachEntry: true)
        try first.append(sampleEntry(0))
        try first.close()
        #expect(throws: HARError.self) { try HARJournal(path: path, creator: creator, logFields: nil) }
        #expect(try HARJournal.recover(journalPath: path).document.log.entries.count == 1)
        let replaced = try HARJournal(path: path, creator: creator, logFields: nil, replaceExisting: true)
        try replaced.close()
        #expect(try HARJournal.recover(journalPath: path).document.log.entries.isEmpty)
    }

    @Test("the journal is one header line then one compact entry per line")
    func lineFormat() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = HARJournal.journalPath(forCapture: directory + "/c.har")
        #expect(path.hasSuffix("/c.har.journal.tmp"))
        let journal = try HARJournal(path: path, creator: creator, logFields: logFields)
        try journal.append(sampleEntry(0))
        try journal.append(sampleEntry(1))
        try journal.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3)
        let header = try JSONParser.parse(String(lines[0]))
        #expect(header["_authtapeJournal"] == 1)
        #expect(header["log"]?["entries"] == nil && header["log"]?["_authtape"]?["tenant"] == "contoso")
        #expect(try JSONParser.parse(String(lines[2])) == sampleEntry(1).json)
    }

    @Test("a journal cut at every byte offset of its last entry recovers every earlier entry")
    func cutAtEveryOffset() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/j"
        let journal = try HARJournal(path: path, creator: creator, logFields: logFields)
        let entries = (0..<4).map { sampleEntry($0) }
        for entry in entries { try journal.append(entry) }
        try journal.close()
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let lastLineStart = try #require(bytes.dropLast().lastIndex(of: 0x0A)) + 1
        for cut in lastLineStart...bytes.count {
            let (document, report) = try HARJournal.recover(bytes: Array(bytes[..<cut]), source: "j")
            // Only the complete line (with or without its newline) brings the last entry back.
            let expected = cut >= bytes.count - 1 ? entries : Array(entries.dropLast())
            #expect(document.log.entries == expected, "cut at \(cut)")
            #expect(document.log.authtape == logFields)
            #expect(report.headerRecovered)
            let dropped = cut == lastLineStart || cut >= bytes.count - 1 ? 0 : 1
            #expect(report.linesDropped == dropped, "cut at \(cut)")
            #expect(report.bytesDropped == (dropped == 1 ? cut - lastLineStart : 0), "cut at \(cut)")
        }
    }

    @Test("a journal cut inside its header recovers an empty capture and says the header was lost")
    func cutInHeader() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/j"
        try HARJournal(path: path, creator: creator, logFields: logFields).close()
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        for cut in 0..<(bytes.count - 1) {
            let (document, report) = try HARJournal.recover(bytes: Array(bytes[..<cut]), source: "j")
            #expect(document.log.entries.isEmpty && !report.headerRecovered)
        }
    }

    @Test("a corrupt line in the middle is dropped and reported; the lines after it are kept")
    func corruptMiddleLine() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/j"
        let journal = try HARJournal(path: path, creator: creator, logFields: logFields)
        for i in 0..<3 { try journal.append(sampleEntry(i)) }
        try journal.close()
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = String(lines[2].prefix(40))
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let report = try HARJournal.finalize(journalPath: path, to: directory + "/out.har", removeJournal: false)
        #expect(report.entriesRecovered == 2 && report.linesDropped == 1 && report.bytesDropped == 41)
        #expect(report.problems.count == 1 && report.problems[0].hasPrefix("\(path): line 3: "))
        let document = try HARReader.read(contentsOf: directory + "/out.har")
        #expect(document.log.entries == [sampleEntry(0), sampleEntry(2)])
    }

    @Test("concurrent appends never interleave lines")
    func concurrentAppends() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = try HARJournal(path: directory + "/j", creator: creator, logFields: logFields)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<64 { group.addTask { try journal.append(sampleEntry(i)) } }
            try await group.waitForAll()
        }
        #expect(journal.entryCount == 64)
        try journal.close()
        let (document, report) = try HARJournal.recover(journalPath: directory + "/j")
        #expect(report.isClean)
        #expect(Set(document.log.entries.map(\.connection)) == Set((0..<64).map { "\(50000 + $0)" }))
    }
}
