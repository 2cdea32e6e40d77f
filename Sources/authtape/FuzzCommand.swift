import ArgumentParser
import Foundation
import Fuzz
import HAR

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

            After the in-process cases, a transport phase runs the engine with its live URLSession
            transport against a loopback fault server (connection reset, empty response, response cut
            mid-body, a server that never answers, slow body); --no-transport-faults skips it.

            With --serve, no campaign runs: a loopback server answers a real client from CAPTURE (or by
            forwarding to --upstream URL), mutates each answer with the operators, and logs every
            exchange (secrets redacted) until SIGINT or SIGTERM.
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

    @Option(name: .long, help: "Report printed to standard output: text, json, junit or markdown; html writes report.html into --out (repeatable).")
    var report: [String] = []

    @Option(name: .long, help: "Only this built-in flow (repeatable).")
    var flow: [String] = []

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

    @Flag(name: .long, help: "Serve mutated answers to a real client instead of running a campaign.")
    var serve = false

    @Option(name: .long, help: "With --serve: forward requests to this server (e.g. the emulator) instead of a capture.")
    var upstream: String?

    @Option(name: .long, help: "With --serve: the port to listen on (0 picks a free one).")
    var port: Int = 0

    @Option(name: .long, help: "With --serve: the address to bind (loopback by default).")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "With --serve: operator names to draw from (default: all); repeatable, commas allowed.")
    var operators: [String] = []

    @Option(name: .long, help: "With --serve: percentage of exchanges to mutate.")
    var rate: Int = 100

    @OptionGroup(title: "HTTPS (with --serve)") var tlsOptions: TLSOptions

    @Flag(name: .long, help: "Prove the campaign catches every planted engine fault: per fault, the cases it took (default 60 s, seed 1).")
    var proveFaults = false

    @Option(name: .customLong("fault"), help: "With --prove-faults: only this planted fault (repeatable).")
    var faultNames: [String] = []

    @Option(name: .long, help: "Also fuzz N flows of user actions explored from the seed, state by state (action exploration).")
    var explore: Int = 0

    @Flag(name: .long, help: "Print how often the campaign's cases reached each outcome-table row, and the rows never hit.")
    var rowCoverage = false

    @Flag(name: .long, help: "With --prove-faults or --row-coverage: add table-directed answers (one per outcome-table row of the step).")
    var tableAnswers = false

    @Option(name: .long, help: "Turn this libFuzzer crash file into a repro capture (in --out, default .) and exit.")
    var fromCrash: String?

    @Option(name: .long, help: "With --from-crash: the fuzzer that wrote it (AuthTapeFuzzer, FuzzClassifyTarget, FuzzOracleTarget, FuzzHARTarget, FuzzRedactTarget; default: named in the path, else AuthTapeFuzzer).")
    var crashTarget: String?

    @Option(name: .long, help: "Write every libFuzzer target's seeds (built-in flows, outcome table, CAPTURE entries) as DIR/<target>.seeds and exit.")
    var writeSeeds: String?

    func run() async throws {
        if let writeSeeds {
            let documents = try captures.map { path in try HARReader.read(contentsOf: path) }
            for (target, count) in try LibFuzzerSeeds.write(to: writeSeeds, captures: documents) {
                print("\(target.rawValue): \(count) seeds")
            }
            return
        }
        if let fromCrash {
            let target = try crashTarget.map { name in
                guard let target = CrashTarget(rawValue: name) else {
                    throw CLIFailure(message: "unknown --crash-target '\(name)'", exitCode: 2)
                }
                return target
            }
            do {
                let (path, summary) = try await CrashImport.importFile(fromCrash, target: target, directory: out ?? ".")
                print("\(path): \(summary)")
            } catch {
                throw CLIFailure(message: error.description, exitCode: 2)
            }
            return
        }
        if serve {
            try await runServe()
            return
        }
        guard cases == nil || duration == nil else {
            throw CLIFailure(message: "give --cases or --duration, not both", exitCode: 2)
        }
        var formats: [ReportFormat] = []
        for name in report {
            if name == "html" { continue }
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
        let chosenOperators: [any MutationOperator] = Operators.all + (tableAnswers ? [TableAnswerOperator()] : [])
        if proveFaults {
            let flows = BaseFlows.all + ActionExplorer(seed: seed ?? 1).flows(count: explore > 0 ? explore : 24)
            let status = await FaultProof.command(seed: seed ?? 1, cases: cases, duration: seconds, jobs: jobs,
                                                  faultNames: faultNames, flows: flows, operators: chosenOperators,
                                                  print: { Swift.print($0) })
            if status != 0 { throw ExitCode(status) }
            return
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
        let runSeed = seed ?? UInt64(Date().timeIntervalSince1970 * 1000) & 0xFFFF_FFFF
        if explore > 0 { extraFlows += ActionExplorer(seed: runSeed).flows(count: explore) }
        if rowCoverage {
            let flows = (captures.isEmpty ? BaseFlows.all : []) + extraFlows
            Swift.print(RowCoverage.of(CaseGenerator(flows: flows, operators: chosenOperators, seed: runSeed), cases: cases ?? 100_000).text())
            return
        }
        let options = FuzzCampaignOptions(
            seed: runSeed, cases: cases, duration: seconds, jobs: jobs, outDirectory: htmlFolder(seed: runSeed) ?? out,
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
        var exitStatus = status
        if !noTransportFaults, caseIndex == nil, transportCases > 0 {
            let transportStatus = try await runTransportPhase(
                seed: runSeed, flows: Self.selectedFlows(options), formats: options.reports, print: printLine,
                progressLine: progressLine)
            exitStatus = max(exitStatus, transportStatus)
            if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
        }
        if let folder = htmlFolder(seed: runSeed) { try await writeHTMLReport(folder: folder) }
        if exitStatus != 0 { throw ExitCode(exitStatus) }
    }

    /// The flows the campaign fuzzes, chosen as ``FuzzCampaign`` chooses them.
    static func selectedFlows(_ options: FuzzCampaignOptions) -> [FuzzFlow] {
        var flows = options.includeBuiltIn ? BaseFlows.all : []
        if !options.flowNames.isEmpty { flows = flows.filter { options.flowNames.contains($0.name) } }
        return flows + options.extraFlows.filter { options.flowNames.isEmpty || options.flowNames.contains($0.name) }
    }

    /// Runs the transport phase, prints its report (text and markdown on standard output; every format
    /// under --out as transport-*), and returns 1 when it has findings.
    func runTransportPhase(seed: UInt64, flows: [FuzzFlow], formats: [ReportFormat], print: @escaping @Sendable (String) -> Void,
                           progressLine: (@Sendable (String) -> Void)?) async throws -> Int32 {
        let phase = TransportFaultOptions(seed: seed, flows: flows, perMode: transportCases, timeout: transportTimeout)
        let total = TransportFaultCase.cases(seed: seed, flows: flows, perMode: transportCases).count
        let done = TransportProgress()
        let (result, cases) = await TransportFaultPhase.run(phase) { _ in
            let count = done.increment()
            progressLine?("transport faults: case \(count)/\(total)")
        }
        let report = FuzzReport(result)
        print("")
        print("transport faults (live URLSession transport against a loopback fault server, timeout \(phase.timeout) s): "
              + "\(cases.count) cases, \(result.findings.findings.count) findings")
        for item in cases where item.verdict.kind.isFinding {
            print("  \(item.fuzzCase.id) \(item.fuzzCase.flow)#\(item.fuzzCase.action) \(item.fuzzCase.operatorName): "
                  + "\(item.verdict.kind.rawValue) expected \(item.verdict.expected), actual \(item.verdict.actual)")
        }
        for format in formats where format == .text || format == .markdown { print(report.render(format)) }
        if let out {
            let files: [(ReportFormat, String)] = [
                (.text, "transport-summary.txt"), (.json, "transport-report.json"), (.junit, "transport-junit.xml"),
                (.markdown, "transport-report.md"),
            ]
            for (format, name) in files {
                let path = (out as NSString).appendingPathComponent(name)
                guard FileManager.default.createFile(atPath: path, contents: Data(report.render(format).utf8)) else {
                    throw CLIFailure(message: "cannot write \(path)", exitCode: 2)
                }
            }
        }
        return result.findings.findingCases > 0 ? 1 : 0
    }

    static func parseDuration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600]
        if let last = text.last, let unit = units[last] { return Double(text.dropLast()).map { $0 * unit } }
        return Double(text)
    }
}
