import Foundation
import Testing

/// Bad input to the subcommands whose own suites do not cover it (redact, check, replay, fuzz, ca and
/// record's options have theirs): each exits with the README's status and names what is wrong.
@Suite("Bad input to every subcommand")
struct BadInputTests {
    static func notHAR(in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("not.har")
        try Data(#"{"hello": "world"}"#.utf8).write(to: file)
        return file
    }

    @Test("recover with no journal exits 2 naming the capture it was asked for")
    func recoverWithoutJournal() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = folder.appendingPathComponent("lost.har").path
        let run = try CLIRunner.run(["recover", "--out", capture])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("lost.har"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: capture))
    }

    @Test("serve with a tenant file that is missing or malformed exits 2 naming the file, and serves nothing")
    func serveWithBadTenantFile() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try CLIRunner.run(["serve", "--port", "0", "--config", folder.appendingPathComponent("none.yaml").path])
        #expect(missing.status == 2, "\(missing.stderr)")
        #expect(missing.stderr.contains("none.yaml"), "\(missing.stderr)")
        let broken = folder.appendingPathComponent("tenant.yaml")
        try Data("tenant: [unclosed\n".utf8).write(to: broken)
        let run = try CLIRunner.run(["serve", "--port", "0", "--config", broken.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("tenant.yaml"), "\(run.stderr)")
        #expect(!run.stdout.contains("listening"))
    }

    @Test("record with a malformed rule file exits 2 naming the file and the rule, before listening")
    func recordWithBadRules() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("rules.yaml")
        try Data("rules:\n  - form: a\n    action: scramble\n".utf8).write(to: rules)
        let out = folder.appendingPathComponent("capture.har").path
        let run = try CLIRunner.run(["record", "--port", "0", "--out", out, "--rules", rules.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("rules.yaml: rules[0].action"), "\(run.stderr)")
        #expect(!run.stderr.contains("listening"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("mock and view on a missing file or one that is not a HAR exit 2 naming it")
    func mockAndViewOnBadFiles() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notHAR = try Self.notHAR(in: folder)
        for file in ["no-such-capture.har", notHAR.path] {
            let name = (file as NSString).lastPathComponent
            let mock = try CLIRunner.run(["mock", file, "--port", "0"])
            #expect(mock.status == 2, "mock \(name): \(mock.stderr)")
            #expect(mock.stderr.contains(name), "mock \(name): \(mock.stderr)")
            let page = folder.appendingPathComponent("page.html").path
            let view = try CLIRunner.run(["view", file, "-o", page])
            #expect(view.status == 2, "view \(name): \(view.stderr)")
            #expect(view.stderr.contains(name), "view \(name): \(view.stderr)")
            #expect(!FileManager.default.fileExists(atPath: page))
        }
    }

    @Test("otp against a server that is not there fails with 1 naming the server")
    func otpWithoutServer() throws {
        let run = try CLIRunner.run(["otp", "--server", "http://127.0.0.1:9", "--admin-token", "x"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("127.0.0.1:9"), "\(run.stderr)")
    }

    @Test("scenarios record of an unknown scenario is a usage error (64) naming it")
    func unknownScenario() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLIRunner.run(["scenarios", "record", "--out-dir", folder.path, "--only", "noSuchScenario"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("noSuchScenario"))
    }
}
