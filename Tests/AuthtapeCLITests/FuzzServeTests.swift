import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `authtape fuzz --serve` and the transport phase of `authtape fuzz`, run as a user would.
@Suite("authtape fuzz --serve and transport faults", .serialized)
struct FuzzServeTests {
    @Test("--serve with a capture answers a real client with mutated answers, logs each exchange and stops on SIGINT")
    func serveCapture() async throws {
        let live = try LiveProcess(["fuzz", "--serve", "captures/signin-password.har", "--port", "0", "--seed", "5",
                                    "--operators", "extraField"], collectingStandardError: false)
        let url = try #require(try await live.await(#"on (http://127\.0\.0\.1:\d+)"#), "output: \(live.output)")
        var request = URLRequest(url: URL(string: url + "/contoso.onmicrosoft.com/oauth2/v2.0/initiate")!, timeoutInterval: 5)
        request.httpMethod = "POST"
        request.httpBody = Data("client_id=x&username=alex%40example.com&password=Secret-Typed-1".utf8)
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        let logged = try await live.await(#"(#0 POST [^\n]*)"#)
        live.process.interrupt()
        live.process.waitUntilExit()

        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["continuation_token"] != nil)
        #expect(object.count >= 2)
        #expect(live.output.hasPrefix("seed 5\n"))
        #expect(logged?.contains("/contoso.onmicrosoft.com/oauth2/v2.0/initiate [signInInitiate] extraField") == true,
                "\(live.output)")
        #expect(live.output.contains("stopped: 1 exchanges, 1 mutated"))
        #expect(!live.output.contains("Secret-Typed-1"))
        #expect(live.process.terminationStatus == 0)
    }

    /// A redacted V2 capture: the 401 entry with a flat `sign_in` link, then sign-in start's HAL answer.
    static func v2Capture() throws -> URL {
        func entry(_ url: String, _ mime: String, _ sent: String, _ status: Int, _ answer: String) -> String {
            let escape = { (text: String) in text.replacingOccurrences(of: "\"", with: "\\\"") }
            return """
                {"startedDateTime":"2026-11-28T10:00:00.000Z","time":1,"request":{"method":"POST","url":"\(url)",\
                "httpVersion":"HTTP/1.1","headers":[{"name":"Content-Type","value":"\(mime)"}],"queryString":[],\
                "cookies":[],"headersSize":-1,"bodySize":-1,"postData":{"mimeType":"\(mime)","text":"\(escape(sent))"}},\
                "response":{"status":\(status),"statusText":"","httpVersion":"HTTP/1.1","headers":[{"name":"Content-Type",\
                "value":"application/json"}],"cookies":[],"content":{"size":\(answer.utf8.count),"mimeType":"application/json",\
                "text":"\(escape(answer))"},"redirectURL":"","headersSize":-1,"bodySize":-1},"cache":{},\
                "timings":{"send":0,"wait":1,"receive":0}}
                """
        }
        let origin = "http://127.0.0.1:1/contoso.onmicrosoft.com"
        let first = entry(
            origin + "/oauth2/v2.0/authorize-challenge", "application/x-www-form-urlencoded", "client_id=x&scope=openid", 401,
            #"{"continuation_token":"REDACTED-continuation_token-1","sign_in":"/contoso.onmicrosoft.com/api/v2.0/signin/start"}"#)
        let second = entry(
            origin + "/api/v2.0/signin/start", "application/json",
            #"{"username":"REDACTED-email-1","continuationToken":"REDACTED-continuation_token-1"}"#, 200,
            #"{"state":"interactionRequired","action":"challenge","continuationToken":"REDACTED-continuation_token-2","#
                + #""_embedded":{"methods":[{"id":"REDACTED-method_id-1","type":"password","_links":{"challenge":{"href":"#
                + #""/contoso.onmicrosoft.com/api/v2.0/auth/methods/password/REDACTED-method_id-1/challenge"}}}]}}"#)
        let har = #"{"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":["# + first + "," + second + "]}}"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("v2-serve-\(UUID().uuidString).har")
        try Data(har.utf8).write(to: url)
        return url
    }

    @Test("fuzz serve answers a V2 app from a V2 capture: the 401 entry, then sign-in start's JSON request, each HAL answer mutated and logged without the secrets typed")
    func serveV2Capture() async throws {
        let capture = try Self.v2Capture()
        defer { try? FileManager.default.removeItem(at: capture) }
        let live = try LiveProcess(["fuzz", "serve", capture.path, "--port", "0", "--seed", "5", "--operators", "halUnknownState"],
                                   collectingStandardError: false)
        let base = try #require(try await live.await(#"on (http://127\.0\.0\.1:\d+)"#), "output: \(live.output)")
        let session = URLSession(configuration: .ephemeral)
        var entry = URLRequest(url: try #require(URL(string: base + "/contoso.onmicrosoft.com/oauth2/v2.0/authorize-challenge")), timeoutInterval: 5)
        entry.httpMethod = "POST"
        entry.httpBody = Data("client_id=x&scope=openid".utf8)
        let (_, entryResponse) = try await session.data(for: entry)
        var start = URLRequest(url: try #require(URL(string: base + "/contoso.onmicrosoft.com/api/v2.0/signin/start")), timeoutInterval: 5)
        start.httpMethod = "POST"
        start.setValue("application/json", forHTTPHeaderField: "Content-Type")
        start.httpBody = Data(#"{"username":"typed.user@example.com","continuationToken":"CT-typed-secret-0001"}"#.utf8)
        let (data, response) = try await session.data(for: start)
        _ = try await live.await(#"(#1 POST [^\n]*)"#)
        live.process.interrupt()
        live.process.waitUntilExit()

        #expect((entryResponse as? HTTPURLResponse)?.statusCode == 401)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["state"] as? String != "interactionRequired", "\(object)")
        #expect(object["_embedded"] != nil)
        #expect(live.output.contains("halUnknownState"), "\(live.output)")
        #expect(live.output.contains("stopped: 2 exchanges"), "\(live.output)")
        #expect(!live.output.contains("typed.user@example.com") && !live.output.contains("CT-typed-secret-0001"), "\(live.output)")
        #expect(live.process.terminationStatus == 0)
    }

    @Test("--serve without a source or with an unknown operator is a usage error")
    func serveUsage() throws {
        let none = try CLIRunner.run(["fuzz", "--serve"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("(--serve) needs one CAPTURE or --upstream URL"))
        let unknown = try CLIRunner.run(["fuzz", "--serve", "captures/signin-password.har", "--operators", "noSuchOperator"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("noSuchOperator"))
        let unreadable = try CLIRunner.run(["fuzz", "--serve", "no-such-capture.har"])
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.contains("no-such-capture.har"), "\(unreadable.stderr)")
    }

    @Test("--report json puts one JSON document on standard output, the transport phase folded in, and the seed and summaries on standard error")
    func jsonReportIsAloneOnStandardOutput() throws {
        let base = ["fuzz", "--cases", "3", "--flow", "signInPassword", "--seed", "3", "--transport-timeout", "1"]
        let run = try CLIRunner.run(base + ["--report", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(object["seed"] as? String == "3")
        #expect(object["cases"] as? Int == 3)
        let transport = try #require(object["transportPhase"] as? [String: Any])
        #expect(transport["cases"] as? Int == 9)
        #expect(run.stderr.hasPrefix("seed 3\n"), "\(run.stderr)")
        #expect(run.stderr.contains("transport faults (live URLSession transport against a loopback fault server, timeout 1.0 s): 9 cases, 0 findings"),
                "\(run.stderr)")
        let skipped = try CLIRunner.run(base + ["--no-transport-faults"])
        #expect(skipped.status == 0)
        #expect(skipped.stdout.hasPrefix("authtape fuzz — seed 3\n"), "\(skipped.stdout)")
        #expect(!skipped.stdout.contains("transport phase") && !skipped.stderr.contains("transport faults"))
    }

    @Test("options that do not go together or name nothing known exit 64 and say which; a capture that cannot be read exits 2")
    func usageAndBadInput() throws {
        let usage: [([String], String)] = [
            (["fuzz", "--tls"], "--tls"),
            (["fuzz", "serve"], "one CAPTURE or --upstream"),
            (["fuzz", "prove", "--fault", "noSuchFault"], "--fault"),
            (["fuzz", "--cases", "3", "--duration", "5s"], "--cases or --duration"),
            (["fuzz", "--report", "xml"], "xml"),
            (["fuzz", "--duration", "soon"], "soon"),
            (["fuzz", "--jobs", "0"], "--jobs"),
            (["fuzz", "--fault", "noSuchFault", "--prove-faults"], "--fault"),
            (["fuzz", "--flow", "noSuchFlow", "--cases", "1", "--no-transport-faults"], "noSuchFlow"),
        ]
        for (arguments, named) in usage {
            let run = try CLIRunner.run(arguments)
            #expect(run.status == 64, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(named), "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(arguments): \(run.stdout)")
        }
        let missing = try CLIRunner.run(["fuzz", "no-such-capture.har", "--cases", "1", "--no-transport-faults"])
        #expect(missing.status == 2, "\(missing.stderr)")
        #expect(missing.stderr.contains("no-such-capture.har"), "\(missing.stderr)")
    }

    @Test("the old mode flags of fuzz still work and print what their subcommands print")
    func oldSpellingsAreAliases() throws {
        let pairs: [([String], [String])] = [
            (["fuzz", "--row-coverage", "--seed", "4", "--cases", "200", "--explore", "2"],
             ["fuzz", "coverage", "--seed", "4", "--cases", "200", "--explore", "2"]),
            (["fuzz", "--seed", "4", "--row-coverage", "--cases", "200", "captures/signin-password.har"],
             ["fuzz", "coverage", "captures/signin-password.har", "--seed", "4", "--cases", "200"]),
        ]
        for (old, new) in pairs {
            let before = try CLIRunner.run(old)
            let after = try CLIRunner.run(new)
            #expect(before.status == 0, "\(old): \(before.stderr)")
            #expect(before.stdout == after.stdout, "\(old) and \(new) differ")
            #expect(before.stdout.contains("rows"), "\(before.stdout)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let oldSeeds = try CLIRunner.run(["fuzz", "--write-seeds", folder.appendingPathComponent("old").path])
        let newSeeds = try CLIRunner.run(["fuzz", "seeds", folder.appendingPathComponent("new").path])
        let equalsSeeds = try CLIRunner.run(["fuzz", "--write-seeds=" + folder.appendingPathComponent("eq").path])
        #expect(oldSeeds.status == 0 && newSeeds.status == 0 && equalsSeeds.status == 0, "\(oldSeeds.stderr) \(newSeeds.stderr)")
        #expect(oldSeeds.stdout == newSeeds.stdout && equalsSeeds.stdout == newSeeds.stdout)
        #expect(!newSeeds.stdout.isEmpty)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("new").path) {
            let written = try Data(contentsOf: folder.appendingPathComponent("new").appendingPathComponent(name))
            #expect(try Data(contentsOf: folder.appendingPathComponent("old").appendingPathComponent(name)) == written, "\(name)")
        }
        let crash = try CLIRunner.run(["fuzz", "--from-crash", "no-such-crash-file"])
        #expect(crash.status == 2, "\(crash.stderr)")
        #expect(crash.stderr.contains("no-such-crash-file"), "\(crash.stderr)")
    }
}
