import Foundation
import HAR
import Testing

@testable import Redaction

/// Golden files: realistic native-auth exchanges in, the exact redacted HAR out.
/// Set AUTHTAPE_UPDATE_GOLDEN=1 to rewrite them after an intended change, then review the diff.
@Suite("Golden redaction")
struct GoldenTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let rawSample = testsFolder.appendingPathComponent("Golden/signup-raw.har")
    static let golden = testsFolder.appendingPathComponent("Golden/signup-redacted.har")
    static var updating: Bool { ProcessInfo.processInfo.environment["AUTHTAPE_UPDATE_GOLDEN"] == "1" }

    static func compare(_ actual: [UInt8], with url: URL) throws {
        if updating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual).write(to: url)
        }
        let expected = try [UInt8](Data(contentsOf: url))
        if actual != expected {
            let actualLines = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
            let line = first?.offset ?? min(actualLines.count, expectedLines.count)
            Issue.record("""
                \(url.lastPathComponent) differs at line \(line + 1)
                expected: \(line < expectedLines.count ? expectedLines[line] : "<end of file>")
                actual:   \(line < actualLines.count ? actualLines[line] : "<end of file>")
                """)
        }
    }

    @Test("The shipped raw sample capture is the sign-up fixture written deterministically")
    func rawSampleMatchesFixture() throws {
        let bytes = HARWriter.bytes(NativeAuthSamples.document(NativeAuthSamples.signUpEntries()))
        try Self.compare(bytes, with: Self.rawSample)
    }

    @Test("Redacting the raw sample gives exactly the golden capture")
    func redactionMatchesGolden() throws {
        let document = try HARReader.read(contentsOf: Self.rawSample.path)
        let redacted = try Redactor().redact(document).document
        try Self.compare(HARWriter.bytes(redacted), with: Self.golden)
    }

    @Test("Redacting a file through redactFile writes the golden bytes with mode 0600")
    func redactFileWritesGolden() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: output) }
        try Redactor().redactFile(input: Self.rawSample.path, output: output.path)
        let written = try [UInt8](Data(contentsOf: output))
        try Self.compare(written, with: Self.golden)
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
