import Foundation
import Testing

/// `authtape replay` and `authtape mock` on bad input, and `--action-gap`, run as a user would.
@Suite("authtape replay and mock input")
struct ReplayCommandTests {
    /// Runs `authtape` and stops it after `seconds` (a mock that starts serving never exits by itself).
    static func run(_ arguments: [String], deadline seconds: Double = 60) throws -> (result: CLIRunner.Result, stopped: Bool) {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = CLIRunner.repositoryRoot
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-out-\(UUID().uuidString)")
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outFile)
            try? FileManager.default.removeItem(at: errFile)
        }
        process.standardOutput = try FileHandle(forWritingTo: outFile)
        process.standardError = try FileHandle(forWritingTo: errFile)
        try process.run()
        let end = Date().addingTimeInterval(seconds)
        var stopped = false
        while process.isRunning {
            if Date() > end {
                process.terminate()
                stopped = true
                process.waitUntilExit()
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.waitUntilExit()
        let result = CLIRunner.Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errFile, encoding: .utf8)) ?? "")
        return (result, stopped)
    }

    /// A folder with the bad files of these tests.
    static func badFiles() throws -> (URL, [String: String]) {
        let folder = try CLIRunner.temporaryDirectory()
        let files: [String: String] = [
            "not-json.har": "this is not JSON\n",
            "not-har.har": #"{"hello": "world"}"#,
            "array.har": "[1, 2, 3]",
            "entries-null.har": #"{"log": {"version": "1.2", "creator": {"name": "x", "version": "1"}, "entries": null}}"#,
            "no-request.har":
                #"{"log": {"creator": {"name": "x", "version": "1"}, "entries": [{"startedDateTime": "2026-11-22T10:00:00Z", "#
                + #""response": {"status": 200}}]}}"#,
            "bad-status.har":
                #"{"log": {"creator": {"name": "x", "version": "1"}, "entries": [{"request": {"method": "POST", "#
                + #""url": "https://a.example/t/oauth2/v2.0/initiate"}, "response": {"status": "teapot"}}]}}"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return (folder, files)
    }

    @Test("replay on a missing file exits 2 naming it, and replays nothing")
    func missingFile() throws {
        let (result, _) = try Self.run(["replay", "no-such-capture.har"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-capture.har"))
        #expect(result.stderr.contains("cannot open"))
        #expect(!result.stdout.contains("FAIL") && !result.stdout.contains("PASS"))
        let (html, _) = try Self.run(["replay", "no-such-capture.har", "--report", "html"])
        #expect(html.status == 2)
        #expect(html.stderr.contains("no-such-capture.har"))
        #expect(html.stdout.isEmpty)
    }

    @Test(
        "replay on a file that is not JSON or not a HAR exits 2 naming the file, the entry and the field",
        arguments: [
            ("not-json.har", "invalid JSON at line 1, column 1"), ("not-har.har", "not a HAR file: no log.entries array"),
            ("array.har", "not a HAR file: no log.entries array"),
            ("entries-null.har", "not a HAR file: no log.entries array"),
            ("no-request.har", "log.entries[0].request: missing required field"),
            ("bad-status.har", "log.entries[0].response.status: expected a number, found a string that is not a number at byte"),
        ])
    func badFile(name: String, message: String) throws {
        let (folder, _) = try Self.badFiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        let (result, _) = try Self.run(["replay", path])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("authtape replay: cannot read capture \(path): "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stdout.contains("FAIL"))
    }

    @Test("A bad file among good ones stops the run with exit 2 before anything is replayed")
    func badFileAmongGoodOnes() throws {
        let (folder, _) = try Self.badFiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("entries-null.har").path
        let (result, _) = try Self.run(["replay", "captures/signin-password.har", bad, "--report", "json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(bad))
        #expect(result.stdout.isEmpty)
    }

    @Test("mock on a missing file, a file that is not a HAR or one with nothing to serve exits 2 without serving")
    func mockOnBadInput() throws {
        let (folder, _) = try Self.badFiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty.har")
        try Data(#"{"log": {"creator": {"name": "x", "version": "1"}, "entries": []}}"#.utf8).write(to: empty)
        let cases = [
            ("no-such-capture.har", "cannot open"), (folder.appendingPathComponent("not-json.har").path, "invalid JSON"),
            (folder.appendingPathComponent("entries-null.har").path, "entries"),
            (empty.path, "no native-auth exchange to serve among 0 entries"),
        ]
        for (path, message) in cases {
            let (result, stopped) = try Self.run(["mock", path, "--port", "0"], deadline: 30)
            #expect(!stopped, "mock served \(path)")
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderr.contains(path) && result.stderr.contains(message), "\(result.stderr)")
            #expect(!result.stdout.contains("serving"))
        }
    }

    /// A mitmproxy-style password sign-in whose token call starts 4.2 s after the challenge's response.
    static let typedPassword: String = {
        let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
        let common = "client_id=11111111-2222-4333-8444-555555555555"
        let clientInfo = "eyJ1aWQiOiJ1MSIsInV0aWQiOiJ0MSJ9"
        let tokens = #"{"token_type":"Bearer","scope":"openid profile offline_access","expires_in":3600,"#
            + #""access_token":"REDACTED-access_token-1","refresh_token":"REDACTED-refresh_token-1","#
            + #""id_token":"REDACTED-id_token-1","client_info":"\#(clientInfo)"}"#
        let exchanges: [(String, String, String, String)] = [
            ("2026-11-22T10:00:00.000000+00:00", "/oauth2/v2.0/initiate",
             common + "&username=REDACTED-username-1&challenge_type=password+redirect",
             #"{"continuation_token":"REDACTED-continuation_token-1"}"#),
            ("2026-11-22T10:00:00.130000+00:00", "/oauth2/v2.0/challenge",
             common + "&continuation_token=REDACTED-continuation_token-1&challenge_type=password+redirect",
             #"{"challenge_type":"password","continuation_token":"REDACTED-continuation_token-2"}"#),
            ("2026-11-22T10:00:04.440250+00:00", "/oauth2/v2.0/token",
             common + "&continuation_token=REDACTED-continuation_token-2&grant_type=password"
                + "&scope=openid+profile+offline_access&password=REDACTED-password-1&client_info=true"
                + "&username=REDACTED-username-1&challenge_type=password+redirect", tokens),
        ]
        let entries = exchanges.map { started, path, form, body in
            let json = { (text: String) in
                String(decoding: (try? JSONSerialization.data(withJSONObject: [text], options: [])) ?? Data(), as: UTF8.self)
                    .dropFirst().dropLast()
            }
            return #"{"startedDateTime":"\#(started)","time":100.5,"request":{"method":"POST","url":"\#(authority + path)","#
                + #""headers":[{"name":"content-type","value":"application/x-www-form-urlencoded"}],"#
                + #""postData":{"mimeType":"application/x-www-form-urlencoded","text":\#(json(form))}},"#
                + #""response":{"status":200,"headers":[{"name":"content-type","value":"application/json"}],"#
                + #""content":{"mimeType":"application/json","text":\#(json(body))}}}"#
        }
        return #"{"log":{"version":"1.2","creator":{"name":"mitmproxy","version":"11.0.0"},"entries":["#
            + entries.joined(separator: ",") + "]}}"
    }()

    @Test("--action-gap sets the pause that begins a user action; the default is 1 s")
    func actionGapOption() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("typed-password.har").path
        try Data(Self.typedPassword.utf8).write(to: URL(fileURLWithPath: path))

        let (byDefault, _) = try Self.run(["replay", path, "--report", "json"])
        #expect(byDefault.status == 0, "\(byDefault.stdout)")
        #expect(byDefault.stdout.contains(#""action": "submitPassword""#))
        #expect(byDefault.stdout.contains(#""callback": "onSignInPasswordRequired""#))

        let (longGap, _) = try Self.run(["replay", path, "--report", "json", "--action-gap", "10"])
        #expect(longGap.status == 0, "\(longGap.stdout)")
        #expect(!longGap.stdout.contains(#""action": "submitPassword""#))
        #expect(longGap.stdout.contains(#""callback": "onSignInCompleted""#))

        let (negative, _) = try Self.run(["replay", path, "--action-gap", "-1"])
        #expect(negative.status != 0 && negative.status != 1)
        #expect(negative.stderr.contains("--action-gap"))
    }
}
