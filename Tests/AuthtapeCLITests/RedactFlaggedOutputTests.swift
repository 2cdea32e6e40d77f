import Foundation
import Testing

/// The output is never a trap: a redacted file that the leak scan flags is kept only under a
/// name that says so, never at the name the user gave.
@Suite("authtape redact with a flagged output")
struct RedactFlaggedOutputTests {
    let sample = "Tests/RedactionTests/Golden/signup-raw.har"

    /// A rule file keeping the one-time codes, so the scan flags the output.
    func keepCodes(in folder: URL) throws -> String {
        let rules = folder.appendingPathComponent("keep-codes.yaml")
        try Data("rules:\n  - form: oob\n    action: keep\n".utf8).write(to: rules)
        return rules.path
    }

    func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test("A flagged output is kept as NAME.UNSAFE-flagged.har (0600), nothing at -o, and the message says where")
    func flaggedOutputKeptUnderAFlaggedName() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.har").path
        let flagged = folder.appendingPathComponent("out.UNSAFE-flagged.har").path
        let result = try CLIRunner.run(["redact", sample, "-o", output, "--rules", try keepCodes(in: folder)])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(FileManager.default.fileExists(atPath: flagged))
        #expect(try mode(flagged) == 0o600)
        #expect(result.stderr.contains(flagged))
        #expect(result.stderr.contains("nothing was written to \(output)"))
    }

    @Test("With --in-place, a flagged output leaves the input as it was")
    func inPlaceNeverReplacesTheInputWithAFlaggedOutput() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("capture.har")
        try FileManager.default.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent(sample), to: copy)
        let before = try Data(contentsOf: copy)
        let result = try CLIRunner.run(["redact", copy.path, "--in-place", "--rules", try keepCodes(in: folder)])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try Data(contentsOf: copy) == before)
        let flagged = folder.appendingPathComponent("capture.UNSAFE-flagged.har").path
        #expect(FileManager.default.fileExists(atPath: flagged))
        #expect(result.stderr.contains("the input is unchanged"))
    }

    @Test("A clean output is at the name given and no flagged file is left")
    func cleanOutputLeavesNoFlaggedFile() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.har").path
        let result = try CLIRunner.run(["redact", sample, "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.har"])
        #expect(try mode(output) == 0o600)
    }
}
