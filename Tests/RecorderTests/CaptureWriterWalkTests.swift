import Foundation
import HAR
import Redaction
import Testing

@testable import Recorder

/// The recorder redacts each journal line with `authtape redact`'s walk (issue 24, point 4).
@Suite("Capture writer: one redaction walk")
struct CaptureWriterWalkTests {
    @Test("Every journal line is one that redact's walk leaves as it is")
    func journalLinesAreFixedPointsOfRedactsWalk() throws {
        let path = temporaryCapturePath()
        let writer = try CaptureWriter(settings: .init(outputPath: path), console: nil)
        writer.record(
            exchange(1, path: "signup/v1.0/start", form: "username=a%40b.com&password=\(Canary.password)",
                response: #"{"continuation_token":"\#(Canary.continuationToken)"}"#))
        writer.record(
            exchange(2, path: "signup/v1.0/challenge", form: "continuation_token=\(Canary.continuationToken)",
                response: #"{"continuation_token":"\#(Canary.secondToken)","note":"\#(Canary.accessToken)"}"#))
        writer.drain()
        let journal = try Data(contentsOf: URL(fileURLWithPath: writer.journalPath))
        let lines = journal.split(separator: 0x0A).dropFirst().map { Array($0) }
        #expect(lines.count == 2)
        let redactor = try Redactor()
        for line in lines {
            let again = try redactor.redactEntry(bytes: line, replacingKnownSecrets: true)
            #expect(again.summary.total == 0)
            #expect(again.bytes == line)
        }
        writer.abandon()
    }

    @Test("A path outside native auth is its step only with the secrets its own exchange names replaced, in the journal and on the console")
    func stepOfAPathHoldingASecretIsRedacted() throws {
        let path = temporaryCapturePath()
        let lines = SendableBox<[String]>([])
        let console = ExchangeConsoleLog(format: .text) { line in lines.mutate { $0.append(line) } }
        let writer = try CaptureWriter(settings: .init(outputPath: path), console: console)
        // The token is in the path before the form field that makes it a secret.
        writer.record(
            exchange(1, path: "custom/\(Canary.continuationToken)/next",
                form: "continuation_token=\(Canary.continuationToken)", response: #"{"ok":true}"#))
        let journal = try String(contentsOfFile: writer.journalPath, encoding: .utf8)
        try writer.finish()
        let entry = try #require(try HARReader.read(contentsOf: path).log.entries.first)
        let step = try #require(entry.authtape?.step)
        #expect(step.hasSuffix("/custom/REDACTED-continuation_token-1/next"))
        #expect(!journal.contains(Canary.continuationToken))
        #expect(lines.value.count == 1)
        #expect(!lines.value.joined().contains(Canary.continuationToken))
        #expect(lines.value.joined().contains("REDACTED-continuation_token-1"))
    }
}
