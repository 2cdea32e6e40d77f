import Foundation
import Testing

@Suite("authtape redact and check")
struct RedactAndCheckCommandTests {
    let sample = "Tests/RedactionTests/Golden/signup-raw.har"
    // Secrets planted in the sample (see Tests/RedactionTests/NativeAuthSamples.swift).
    let canaries = ["Canary-Pass-9931!", "48213907", "alex.canary@example.com", "SU-CT-2b8e"]

    @Test("check finds leaks in the raw sample and exits 1 without printing the secrets")
    func checkFindsLeaksInRawSample() throws {
        let result = try CLIRunner.run(["check", sample] + canaries.flatMap { ["--canary", $0] })
        #expect(result.status == 1)
        #expect(result.stdout.contains("entries[3].request.postData.text[oob]: code: one-time code"))
        #expect(result.stdout.contains("canary #1 appears"))
        for canary in canaries { #expect(!result.stdout.contains(canary) && !result.stderr.contains(canary)) }
    }

    @Test("redact writes a capture that check then finds clean, canaries included")
    func redactedOutputIsClean() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.har").path
        let redact = try CLIRunner.run(["redact", sample, "-o", output])
        #expect(redact.status == 0, "\(redact.stderr)")
        #expect(redact.stdout.contains("redacted"))
        let check = try CLIRunner.run(["check", output] + canaries.flatMap { ["--canary", $0] })
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("clean"))
        // Scan every byte written for the canaries, independently of the scanner.
        let written = try String(contentsOfFile: output, encoding: .utf8)
        for canary in canaries { #expect(!written.contains(canary)) }
    }

    @Test("redact --in-place replaces the input and keeps it a valid capture")
    func redactInPlace() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("copy.har")
        try FileManager.default.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent(sample), to: copy)
        let result = try CLIRunner.run(["redact", copy.path, "--in-place"])
        #expect(result.status == 0)
        let check = try CLIRunner.run(["check", copy.path])
        #expect(check.status == 0)
    }

    @Test("A missing file, a file that is not HAR and a malformed rule file give clear errors")
    func badInputGivesClearErrors() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try CLIRunner.run(["redact", "no-such.har", "-o", folder.appendingPathComponent("x.har").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no-such.har"))

        let notHAR = folder.appendingPathComponent("not.har")
        try Data(#"{"hello": "world"}"#.utf8).write(to: notHAR)
        let redactNotHAR = try CLIRunner.run(["redact", notHAR.path, "-o", folder.appendingPathComponent("y.har").path])
        #expect(redactNotHAR.status == 2)
        #expect(redactNotHAR.stderr.contains("not.har"))
        let checkNotHAR = try CLIRunner.run(["check", notHAR.path])
        #expect(checkNotHAR.status == 2)
        #expect(checkNotHAR.stderr.contains("not.har: not a HAR file"))

        let rules = folder.appendingPathComponent("rules.yaml")
        try Data("rules:\n  - form: a\n    action: scramble\n".utf8).write(to: rules)
        let badRules = try CLIRunner.run(["redact", sample, "-o", folder.appendingPathComponent("z.har").path, "--rules", rules.path])
        #expect(badRules.status == 2)
        #expect(badRules.stderr.contains("rules.yaml: rules[0].action: must be one of"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("z.har").path))
    }

    @Test("redact exits 1 and prints the scanner's masked findings when its output still holds secrets")
    func redactReportsWhatRemains() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("keep-codes.yaml")
        try Data("rules:\n  - form: oob\n    action: keep\n".utf8).write(to: rules)
        let output = folder.appendingPathComponent("out.har").path
        let result = try CLIRunner.run(["redact", sample, "-o", output, "--rules", rules.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("entries[3].request.postData.text[oob]: code: one-time code"), "\(result.stderr)")
        #expect(result.stderr.contains("still holds"))
        for canary in canaries { #expect(!result.stdout.contains(canary) && !result.stderr.contains(canary)) }
    }

    @Test("redact refuses to run without an output or --in-place")
    func redactNeedsADestination() throws {
        let result = try CLIRunner.run(["redact", sample])
        #expect(result.status != 0)
        #expect(result.stderr.contains("give either -o OUTPUT or --in-place"))
    }
}
