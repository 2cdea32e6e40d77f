import ArgumentParser
import Foundation
import Fuzz
import FuzzServers

/// `authtape fuzz [campaign]`: the campaign over the built-in and explored flows, or over captures.
struct FuzzCampaignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "campaign",
        abstract: "Run a fuzz campaign (the default of `authtape fuzz`).",
        discussion: """
            Each case takes a flow, mutates one server answer with one or more operators, drives the \
            NativeAuth engine through it and compares the outcome with the oracle's prediction for the \
            mutated bytes. The seed is written to standard error first; the same seed and inputs give the \
            same cases and findings. Findings are de-duplicated by (kind, step, operator family, expected, \
            actual); with --out each is saved as a replayable capture.

            After the in-process cases, a transport phase runs the engine with its live URLSession \
            transport against a loopback fault server (connection reset, empty response, response cut \
            mid-body, a server that never answers, slow body); --no-transport-faults skips it.

            Standard output holds only the reports asked for with --report (the transport phase's report \
            folded in); the seed, progress and summaries go to standard error.

            Exit status: 0 clean, 1 findings, 2 unreadable or invalid input, 64 usage error.
            """)

    @Argument(help: "Captures to fuzz (HAR); without any, the built-in flows are fuzzed.")
    var captures: [String] = []

    @OptionGroup(title: "Cases") var selection: FuzzCaseOptions

    @Option(name: .long, help: "Directory for summary.txt, report.json, junit.xml, report.md and findings/*.har.")
    var out: String?

    @Option(name: .long, help: "Report printed to standard output (repeatable); html writes report.html into --out.")
    var report: [FuzzReportChoice] = []

    @Option(name: .long, help: "Only this built-in flow (repeatable).")
    var flow: [String] = []

    @Option(name: .long, help: "Built-in flows: v1, v2 (server-driven HAL journeys) or all; a --duration is split evenly.")
    var flows: FuzzFlowFamilyChoice = .all

    @Option(name: .customLong("case"), help: "Run only this case index of the seed and show it in detail.")
    var caseIndex: UInt64?

    @Option(name: .long, help: "Per-case deadline in seconds (a case that runs longer is a hang).")
    var caseTimeout: Double = 2

    @Flag(name: .long, help: "Skip the transport phase (live transport against a loopback fault server).")
    var noTransportFaults = false

    @Option(name: .long, help: "Transport-phase cases per fault and mode (9 modes).")
    var transportCases: Int = 1

    @Option(name: .long, help: "Live transport timeout in seconds during the transport phase.")
    var transportTimeout: Double = 1

    func validate() throws {
        if !caseTimeout.isFinite || caseTimeout <= 0 { throw ValidationError("--case-timeout must be a positive number of seconds") }
    }

    func run() async throws {
        var extraFlows = try FuzzCaseOptions.captureFlows(captures)
        let runSeed = selection.runSeed
        if flows != .v2 {
            extraFlows += ActionExplorer(seed: runSeed).flows(count: selection.exploredFlows(hasCaptures: !captures.isEmpty))
        }
        let formats = report.compactMap(\.format)
        let options = FuzzCampaignOptions(
            seed: runSeed, cases: selection.cases, duration: selection.duration?.seconds, jobs: selection.jobs,
            outDirectory: htmlFolder(seed: runSeed) ?? out,
            reports: formats.isEmpty && !report.contains(.html) ? [.text] : formats, flowNames: flow, extraFlows: extraFlows,
            includeBuiltIn: captures.isEmpty, singleCase: caseIndex, caseTimeout: caseTimeout,
            transportCases: noTransportFaults ? 0 : transportCases, transportTimeout: transportTimeout,
            tableAnswers: !selection.noTableAnswers, flowFamilies: flows.families)
        let terminal = isatty(STDERR_FILENO) == 1
        let note: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        let progress: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data("\r\(line)   \u{1B}[K".utf8)) }
        let sinks = FuzzCampaignSinks(output: { Swift.print($0) }, note: note, progress: terminal ? progress : nil)
        let outcome: FuzzCampaignOutcome
        do {
            outcome = try await FuzzCampaign.run(options, sinks: sinks, transportPhase: TransportFaultCampaignPhase())
        } catch let error as FuzzCampaignError {
            throw error.kind == .usage ? CLIFailure.usage(error.description) : CLIFailure.badInput(error.description)
        }
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if let folder = htmlFolder(seed: runSeed) { try await writeHTMLReport(folder: folder) }
        if !outcome.isClean { throw ExitCode(1) }
    }
}

/// What `--flows` may name.
enum FuzzFlowFamilyChoice: String, ExpressibleByArgument, CaseIterable {
    case v1, v2, all

    var families: FlowFamilies { FlowFamilies(rawValue: rawValue) ?? .all }
}

/// What `--report` may name: a format printed to standard output, or `html` (a page in --out).
enum FuzzReportChoice: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit, markdown, html

    /// The printed format; nil for html.
    var format: ReportFormat? { ReportFormat(rawValue: rawValue) }
}
