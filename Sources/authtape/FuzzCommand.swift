import ArgumentParser
import Foundation
import Fuzz

struct FuzzCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Mutate server responses and check every engine outcome against the oracle.",
        discussion: """
            Each case takes a flow, mutates one server answer with one or more operators, drives the
            NativeAuth engine through it and compares the outcome with the oracle's prediction for the
            mutated bytes. The seed is printed first; the same seed and inputs give the same cases and
            findings. Findings are de-duplicated by (kind, step, operator, expected, actual); with --out
            each is saved as a replayable capture. Exit status: 0 when clean, 1 with findings.
            """)

    @Argument(help: "Captures to fuzz (HAR); without any, the built-in flows are fuzzed.")
    var captures: [String] = []

    @Option(name: .long, help: "Seed of the campaign (default: from the clock, printed).")
    var seed: UInt64?

    @Option(name: .long, help: "Number of cases (default 1000 when no --duration).")
    var cases: Int?

    @Option(name: [.long, .customLong("time")], help: "Time budget: 90, 30s, 10m or 1h.")
    var duration: String?

    @Option(name: .long, help: "Parallel workers.")
    var jobs: Int = 2

    @Option(name: .long, help: "Directory for summary.txt, report.json, junit.xml, report.md and findings/*.har.")
    var out: String?

    @Option(name: .long, help: "Report printed to standard output: text, json, junit or markdown (repeatable).")
    var report: [String] = []

    @Option(name: .long, help: "Only this built-in flow (repeatable).")
    var flow: [String] = []

    @Option(name: .customLong("case"), help: "Run only this case index of the seed and show it in detail.")
    var caseIndex: UInt64?

    @Option(name: .long, help: "Per-case deadline in seconds (a case that runs longer is a hang).")
    var caseTimeout: Double = 2

    func run() async throws {
        guard cases == nil || duration == nil else {
            throw CLIFailure(message: "give --cases or --duration, not both", exitCode: 2)
        }
        var formats: [ReportFormat] = []
        for name in report {
            guard let format = ReportFormat(rawValue: name) else {
                throw CLIFailure(message: "unknown report format '\(name)' (text, json, junit, markdown)", exitCode: 2)
            }
            formats.append(format)
        }
        var seconds: Double?
        if let duration {
            guard let parsed = FuzzCommand.parseDuration(duration) else {
                throw CLIFailure(message: "cannot read duration '\(duration)' (use 90, 30s, 10m or 1h)", exitCode: 2)
            }
            seconds = parsed
        }
        var extraFlows: [FuzzFlow] = []
        for path in captures {
            let (flows, problems) = CaptureFlows.flows(contentsOf: path)
            for problem in problems { printError(problem) }
            extraFlows += flows
        }
        if !captures.isEmpty, extraFlows.isEmpty {
            throw CLIFailure(message: "no flow of the given captures can be fuzzed", exitCode: 2)
        }
        let options = FuzzCampaignOptions(
            seed: seed, cases: cases, duration: seconds, jobs: jobs, outDirectory: out,
            reports: formats.isEmpty ? [.text] : formats, flowNames: flow, extraFlows: extraFlows,
            includeBuiltIn: captures.isEmpty, singleCase: caseIndex, caseTimeout: caseTimeout)
        let terminal = isatty(STDERR_FILENO) == 1
        let writeProgress: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data("\r\(line)   ".utf8))
        }
        let progressLine: (@Sendable (String) -> Void)? = terminal ? writeProgress : nil
        let printLine: @Sendable (String) -> Void = { line in Swift.print(line) }
        let status: Int32
        do {
            status = try await FuzzCampaign.run(options, print: printLine, progressLine: progressLine)
        } catch let error as FuzzCampaignError {
            throw CLIFailure(message: error.description, exitCode: 2)
        }
        if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
        if status != 0 { throw ExitCode(status) }
    }

    static func parseDuration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600]
        if let last = text.last, let unit = units[last] { return Double(text.dropLast()).map { $0 * unit } }
        return Double(text)
    }
}
