import Foundation
import Testing

/// `authtape replay`'s text, JSON and JUnit reports on shipped captures, compared byte for byte
/// with `Golden/replay/`. Replay is deterministic (a seeded engine, no clock in the reports), so
/// any difference is a change of behaviour or of format. `AUTHTAPE_UPDATE_GOLDEN=1` rewrites the
/// files.
@Suite("Replay report goldens")
struct ReplayGoldenTests {
    static let captures = [
        "captures/signup-resend-code.har", "captures/signin-mfa.har", "captures/signin-user-not-found.har",
        "captures/reset-password-polling.har",
    ]

    static let formats: [(name: String, file: String)] = [("text", "report.txt"), ("json", "report.json"), ("junit", "report.xml")]

    static var folder: URL {
        CLIRunner.repositoryRoot.appendingPathComponent("Tests/AuthtapeCLITests/Golden/replay")
    }

    @Test("replay's reports of four shipped captures are the golden files, byte for byte", arguments: formats.map(\.name))
    func reportMatchesGolden(_ format: String) throws {
        let file = Self.folder.appendingPathComponent(Self.formats.first { $0.name == format }?.file ?? format)
        let run = try CLIRunner.run(["replay"] + Self.captures + ["--report", format, "--seed", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        if ProcessInfo.processInfo.environment["AUTHTAPE_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(run.stdout.utf8).write(to: file)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(run.stdout == golden, "replay --report \(format) differs from \(file.path); AUTHTAPE_UPDATE_GOLDEN=1 rewrites it")
    }
}
