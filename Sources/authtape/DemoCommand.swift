import ArgumentParser
import Foundation
import Fuzz
import Redaction
import Scenarios

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the emulator, record the engine's journeys through the proxy, and check the capture.",
        discussion: """
            Starts the built-in emulator and the recorder in front of it, then drives, with the \
            NativeAuth engine as the app: an email + password sign-up with two pages of attributes \
            and a wrong code first, sign-in after sign-up, a password reset with polling and \
            sign-in after reset, and an email-code sign-in; then, into a second capture \
            (NAME-v2.har), a native-auth V2 sign-in with an email code and a wrong code first by \
            the engine's signInV2. Prints each step's outcome, writes \
            the redacted captures, scans them for leaks with every secret of the run as a canary, \
            and replays both through the engine with no network, judged by the oracle. It ends \
            with a short fuzz run (5 s, seed 1) over the flows of the capture it recorded, which \
            must end with 0 findings: a finding fails the demo like a failed journey.
            """)

    @Option(name: .shortAndLong, help: "Where to write the capture.")
    var out: String = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-demo.har").path

    func run() async throws {
        let report: DemoRunner.Report
        do {
            report = try await DemoRunner.run(capturePath: out, print: { Swift.print($0) })
        } catch {
            throw CLIFailure.failed("demo could not run: \(error)")
        }
        print("")
        printScenarios(report.scenarios)
        printCapture(report.capturePath, entries: report.entries, leaks: report.leaks)
        printScenarios(report.v2Scenarios)
        printCapture(report.v2CapturePath, entries: report.v2Entries, leaks: report.v2Leaks)
        for capture in report.replay.captures + report.v2Replay.captures {
            let steps = capture.flows.flatMap(\.steps)
            let passed = steps.filter(\.passed).count
            print("replay: \(capture.passed ? "PASS" : "FAIL") \(capture.flows.count) flows, \(passed)/\(steps.count) steps match the oracle with no network")
            for step in steps where !step.passed {
                print("  \(step.action): \(step.diagnostics.joined(separator: "; "))")
            }
        }
        let fuzzClean = await fuzzCapture(report.capturePath)
        if !report.passed || !fuzzClean { throw ExitCode(1) }
    }

    private func printScenarios(_ scenarios: [DemoRunner.ScenarioResult]) {
        for scenario in scenarios {
            print("\(scenario.failure == nil ? "PASS" : "FAIL") \(scenario.name): \(scenario.summary)")
            for step in scenario.steps { print("     \(step)") }
            if let failure = scenario.failure { print("     failed: \(failure)") }
        }
    }

    private func printCapture(_ path: String, entries: Int, leaks: [LeakFinding]) {
        print("capture: \(path) (\(entries) entries, redacted)")
        if leaks.isEmpty {
            print("check: clean (every password and code of the run used as a canary)")
        } else {
            for finding in leaks { print("check: \(finding)") }
        }
    }

    /// A short fuzz campaign (5 s, seed 1) over the demo capture's flows; true when it ends with 0 findings.
    func fuzzCapture(_ path: String) async -> Bool {
        let out = (path as NSString).deletingPathExtension + "-fuzz"
        switch await CaptureCampaign.run(path: path, seconds: 5, seed: 1, outDirectory: out, print: { Swift.print($0) }) {
        case .clean:
            print("fuzz: 0 findings")
            return true
        case .findings:
            print("fuzz: findings above (a defect: the engine and the oracle disagree)")
        case .noFlows:
            print("fuzz: the demo capture has no flows to fuzz")
        case .failed(let reason):
            print("fuzz: could not run: \(reason)")
        }
        return false
    }
}
