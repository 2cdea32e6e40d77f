import Foundation
import Testing

/// Every subcommand's `--help`, compared byte for byte with `Golden/help/<command>.txt`. The texts are
/// paragraphs that the parser wraps, so a fixed width (COLUMNS=80) gives a fixed output; defaults that
/// name paths are fixed by the environment. `AUTHTAPE_UPDATE_GOLDEN=1` rewrites the files.
@Suite("Help texts")
struct HelpGoldenTests {
    static let commands: [[String]] = [
        [], ["demo"], ["record"], ["recover"], ["serve"], ["otp"], ["redact"], ["check"], ["replay"], ["mock"], ["fuzz"],
        ["fuzz", "campaign"], ["fuzz", "serve"], ["fuzz", "prove"], ["fuzz", "coverage"], ["fuzz", "seeds"], ["fuzz", "import-crash"],
        ["ca"], ["ca", "path"], ["ca", "export"], ["ca", "install"], ["scenarios"], ["scenarios", "list"],
        ["scenarios", "record"], ["view"],
    ]

    static let environment = [
        "COLUMNS": "80", "TMPDIR": "/tmp", "HOME": "/home/authtape", "AUTHTAPE_HOME": "/home/authtape/.authtape",
        "PATH": "/usr/bin:/bin",
    ]

    static var folder: URL {
        CLIRunner.repositoryRoot.appendingPathComponent("Tests/AuthtapeCLITests/Golden/help")
    }

    @Test("each subcommand's help is the golden text, wrapped at 80 columns without breaking a sentence's line by hand",
          arguments: commands)
    func helpMatchesGolden(_ command: [String]) throws {
        let run = try CLIRunner.run(command + ["--help"], environment: Self.environment)
        #expect(run.status == 0, "\(command): \(run.stderr)")
        let name = command.isEmpty ? "authtape" : command.joined(separator: "-")
        let file = Self.folder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["AUTHTAPE_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(run.stdout.utf8).write(to: file)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(run.stdout == golden, "help of \(name) differs from \(file.path); AUTHTAPE_UPDATE_GOLDEN=1 rewrites it")
        // The usage line is the parser's own and is not wrapped; every text line is.
        for line in run.stdout.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix("USAGE:") {
            #expect(line.count <= 80, "\(name): a line longer than 80 columns: \(line)")
        }
    }
}
