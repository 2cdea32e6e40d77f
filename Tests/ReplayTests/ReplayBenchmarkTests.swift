import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HAR
import Testing
import Replay

/// `tools/bench/replay`: replays an in-memory corpus repeated to at least N flows in one process and
/// prints flows/s. Runs only when `AUTHTAPE_REPLAY_BENCH_FLOWS` is set (the script sets it).
@Suite("Replay benchmark")
struct ReplayBenchmarkTests {
    static let requestedFlows = ProcessInfo.processInfo.environment["AUTHTAPE_REPLAY_BENCH_FLOWS"].flatMap(Int.init)

    /// The corpus: sign-up with a wrong code (5 exchanges), code sign-in (3), password sign-in (3),
    /// reset with polling (7); 18 exchanges over 4 flows, 3–7 exchanges each.
    static func corpus() -> [CaptureScript] {
        documents().map { ScriptInference.script(of: $0, path: "bench.har") }
    }

    static func documents() -> [HARDocument] {
        var reset = CaptureBuilder()
        reset.add("/resetpassword/v1.0/start", [("username", "REDACTED-username-1"), ("challenge_type", "oob redirect")],
                  json: Bodies.token("REDACTED-continuation_token-1"))
        reset.add("/resetpassword/v1.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"),
                                                    ("challenge_type", "oob redirect")],
                  json: Bodies.oob("REDACTED-continuation_token-2"))
        reset.add("/resetpassword/v1.0/continue", [("continuation_token", "REDACTED-continuation_token-2"),
                                                   ("grant_type", "oob"), ("oob", "REDACTED-oob-1")],
                  json: "{\"continuation_token\":\"REDACTED-continuation_token-3\",\"expires_in\":600}")
        reset.add("/resetpassword/v1.0/submit", [("continuation_token", "REDACTED-continuation_token-3"),
                                                 ("new_password", "REDACTED-password-1")],
                  json: "{\"continuation_token\":\"REDACTED-continuation_token-4\",\"poll_interval\":1}")
        for status in ["in_progress", "in_progress", "succeeded"] {
            reset.add("/resetpassword/v1.0/poll_completion", [("continuation_token", "REDACTED-continuation_token-4")],
                      json: "{\"status\":\"\(status)\",\"continuation_token\":\"REDACTED-continuation_token-5\"}")
        }
        var code = CaptureBuilder()
        code.add("/oauth2/v2.0/initiate", [("username", "REDACTED-username-2"), ("challenge_type", "oob redirect")],
                 json: Bodies.token("REDACTED-continuation_token-1"))
        code.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"),
                                            ("challenge_type", "oob redirect")],
                 json: Bodies.oob("REDACTED-continuation_token-2"))
        code.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-2"), ("grant_type", "oob"),
                                        ("oob", "REDACTED-oob-1"), ("scope", "openid profile offline_access"),
                                        ("client_info", "true")], json: Bodies.tokens)
        var password = CaptureBuilder()
        password.add("/oauth2/v2.0/initiate", [("username", "REDACTED-username-3"), ("challenge_type", "password redirect")],
                     json: Bodies.token("REDACTED-continuation_token-1"))
        password.add("/oauth2/v2.0/challenge", [("continuation_token", "REDACTED-continuation_token-1"),
                                                ("challenge_type", "password redirect")],
                     json: Bodies.passwordChallenge("REDACTED-continuation_token-2"))
        password.add("/oauth2/v2.0/token", [("continuation_token", "REDACTED-continuation_token-2"),
                                            ("grant_type", "password"), ("password", "REDACTED-password-1"),
                                            ("scope", "openid profile offline_access"), ("client_info", "true"),
                                            ("username", "REDACTED-username-3"), ("challenge_type", "password redirect")],
                     json: Bodies.tokens)
        return [signUpCapture().document, code.document, password.document, reset.document]
    }

    /// Processor time used by this process (all threads), in seconds.
    static func cpuSeconds() -> Double { Double(clock()) / Double(CLOCKS_PER_SEC) }

    @Test("The benchmark corpus replays and passes", .enabled(if: requestedFlows == nil))
    func corpusPasses() async {
        for script in Self.corpus() {
            let result = await ReplayRunner().replay(script)
            #expect(result.passed, "\(ReplayReportRenderer.text(ReplayReport(captures: [result])))")
        }
    }

    @Test("Replay throughput", .enabled(if: requestedFlows != nil))
    func throughput() async {
        let target = Self.requestedFlows ?? 0
        let corpus = Self.corpus()
        let perRound = corpus.reduce(0) { $0 + $1.flows.count }
        let runner = ReplayRunner()
        // Warm-up round.
        for script in corpus { _ = await runner.replay(script) }
        var flows = 0
        var failures = 0
        let clock = ContinuousClock()
        let cpuStart = Self.cpuSeconds()
        let start = clock.now
        while flows < target {
            for script in corpus {
                let result = await runner.replay(script)
                if !result.passed { failures += 1 }
            }
            flows += perRound
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = Double(flows) / seconds
        let cpu = Self.cpuSeconds() - cpuStart
        print("replay benchmark: \(flows) flows (\(perRound) per round, 3-7 exchanges each) in "
              + String(format: "%.3f", seconds) + " s wall = " + String(format: "%.0f", rate) + " flows/s; "
              + String(format: "%.3f", cpu) + " s CPU = " + String(format: "%.0f", Double(flows) / cpu)
              + " flows per CPU-second; failures: \(failures)")
        // The same corpus from HAR bytes: read, infer and replay every time.
        let files = Self.documents().map { HARWriter.bytes($0) }
        var fromBytes = 0
        let startBytes = clock.now
        let cpuStartBytes = Self.cpuSeconds()
        while fromBytes < target {
            for bytes in files {
                guard let document = try? HARReader.read(bytes: bytes, source: "bench.har") else { continue }
                let result = await runner.replay(ScriptInference.script(of: document, path: "bench.har"))
                if !result.passed { failures += 1 }
                fromBytes += result.flows.count
            }
        }
        let elapsedBytes = clock.now - startBytes
        let secondsBytes = Double(elapsedBytes.components.seconds) + Double(elapsedBytes.components.attoseconds) / 1e18
        print("replay benchmark (HAR bytes, read + infer + replay): \(fromBytes) flows in "
              + String(format: "%.3f", secondsBytes) + " s = " + String(format: "%.0f", Double(fromBytes) / secondsBytes)
              + " flows/s wall, " + String(format: "%.0f", Double(fromBytes) / (Self.cpuSeconds() - cpuStartBytes))
              + " flows per CPU-second")
        #expect(failures == 0)
        #expect(flows >= target)
    }
}
