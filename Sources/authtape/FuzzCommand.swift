import ArgumentParser
import Foundation
import Fuzz
import HAR

struct FuzzCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Mutate server responses and check every engine outcome against the oracle.",
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

            With --serve, no campaign runs: a loopback server answers a real client from CAPTURE (or by \
            forwarding to --upstream URL), mutates each answer with the operators, and logs every \
            exchange (secrets redacted) until SIGINT or SIGTERM.

            Exit status: 0 clean, 1 findings, 2 unreadable or invalid input, 64 usage error.
            """)

    @Argument(help: "Captures to fuzz (HAR); without any, the built-in flows are fuzzed.")
    var captures: [String] = []

    @Option(name: .long, help: "Seed of the campaign (default: from the clock, printed).")
    var seed: UInt64?

    @Option(name: .long, help: "Number of cases (default 1000 when no --duration).")
    var cases: Int?

    @Option(name: [.long, .customLong("time")], help: "Time budget: 90, 30s, 10m or 1h.")
    var duration: FuzzDuration?

    @Option(name: .long, help: "Parallel workers.")
    var jobs: Int = 2

    @Option(name: .long, help: "Directory for summary.txt, report.json, junit.xml, report.md and findings/*.har.")
    var out: String?

    @Option(name: .long, help: "Report printed to standard output (repeatable); html writes report.html into --out.")
    var report: [FuzzReportChoice] = []

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

    @Option(name: .long, help: "Fuzz N flows of user actions explored from the seed, state by state, besides the others (default 24 without CAPTURE, 0 with).")
    var explore: Int?

    @Flag(name: .long, help: "Print how often the campaign's cases reached each outcome-table row, and the rows never hit.")
    var rowCoverage = false

    @Flag(name: .long, help: "Leave out table-directed answers (an answer built for an outcome-table row of the step, and the answers after it).")
    var noTableAnswers = false

    @Option(name: .long, help: "Turn this libFuzzer crash file into a repro capture (in --out, default .) and exit.")
    var fromCrash: String?

    @Option(name: .long, help: "With --from-crash: the fuzzer that wrote it (default: named in the path, else AuthTapeFuzzer).")
    var crashTarget: CrashTarget?

    @Option(name: .long, help: "Write every libFuzzer target's seeds (built-in flows, outcome table, CAPTURE entries) as DIR/<target>.seeds and exit.")
    var writeSeeds: String?

    func validate() throws {
        if cases != nil, duration != nil { throw ValidationError("give --cases or --duration, not both") }
        if !serve {
            if tlsOptions.isEnabled { throw ValidationError("--tls, --tls-cert and --tls-key serve HTTPS with --serve only") }
            if upstream != nil { throw ValidationError("--upstream goes with --serve") }
        } else {
            guard captures.count + (upstream == nil ? 0 : 1) == 1 else {
                throw ValidationError("--serve needs one CAPTURE or --upstream URL (not both)")
            }
            let unknown = serveOperatorNames.filter { name in !Operators.serve.contains { $0.name == name } }
            if !unknown.isEmpty {
                throw ValidationError("unknown operator(s) \(unknown.joined(separator: ", ")); known: "
                                      + Operators.serve.map(\.name).joined(separator: ", "))
            }
            if !(0...100).contains(rate) { throw ValidationError("--rate must be 0 to 100") }
            if !(0...65_535).contains(port) { throw ValidationError("--port must be 0 to 65535") }
        }
        if !faultNames.isEmpty, PlantedFault.named(faultNames) == nil {
            throw ValidationError("unknown --fault; known: " + PlantedFaults.all.map(\.name).joined(separator: ", "))
        }
        if jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        if let cases, cases < 0 { throw ValidationError("--cases must be 0 or more") }
        if let explore, explore < 0 { throw ValidationError("--explore must be 0 or more") }
        if !caseTimeout.isFinite || caseTimeout <= 0 { throw ValidationError("--case-timeout must be a positive number of seconds") }
    }

    /// `--operators` split at commas.
    var serveOperatorNames: [String] {
        operators.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }

    func run() async throws {
        if let writeSeeds { return try writeLibFuzzerSeeds(to: writeSeeds) }
        if let fromCrash { return try await importCrash(fromCrash) }
        if serve { return try await runServe() }
        let chosenOperators = noTableAnswers ? Operators.all : Operators.campaign
        let exploredFlows = explore ?? (captures.isEmpty ? ActionExplorer.defaultFlowCount : 0)
        if proveFaults {
            let flows = BaseFlows.all + ActionExplorer(seed: seed ?? 1).flows(count: exploredFlows)
            let status = await FaultProof.command(seed: seed ?? 1, cases: cases, duration: duration?.seconds, jobs: jobs,
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
            throw CLIFailure.badInput("no flow of the given captures can be fuzzed")
        }
        let runSeed = seed ?? UInt64(Date().timeIntervalSince1970 * 1000) & 0xFFFF_FFFF
        if exploredFlows > 0 { extraFlows += ActionExplorer(seed: runSeed).flows(count: exploredFlows) }
        if rowCoverage {
            let flows = (captures.isEmpty ? BaseFlows.all : []) + extraFlows
            Swift.print(RowCoverage.of(CaseGenerator(flows: flows, operators: chosenOperators, seed: runSeed), cases: cases ?? 100_000).text())
            return
        }
        let formats = report.compactMap(\.format)
        let options = FuzzCampaignOptions(
            seed: runSeed, cases: cases, duration: duration?.seconds, jobs: jobs, outDirectory: htmlFolder(seed: runSeed) ?? out,
            reports: formats.isEmpty && !report.contains(.html) ? [.text] : formats, flowNames: flow, extraFlows: extraFlows,
            includeBuiltIn: captures.isEmpty, singleCase: caseIndex, caseTimeout: caseTimeout,
            transportCases: noTransportFaults ? 0 : transportCases, transportTimeout: transportTimeout,
            tableAnswers: !noTableAnswers)
        let terminal = isatty(STDERR_FILENO) == 1
        let output: @Sendable (String) -> Void = { line in Swift.print(line) }
        let note: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        let progress: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data("\r\(line)   \u{1B}[K".utf8)) }
        let sinks = FuzzCampaignSinks(output: output, note: note, progress: terminal ? progress : nil)
        let status: Int32
        do {
            status = try await FuzzCampaign.run(options, sinks: sinks)
        } catch let error as FuzzCampaignError {
            throw error.kind == .usage ? CLIFailure.usage(error.description) : CLIFailure.badInput(error.description)
        }
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if let folder = htmlFolder(seed: runSeed) { try await writeHTMLReport(folder: folder) }
        if status != 0 { throw ExitCode(status) }
    }

    /// `--write-seeds DIR`: every libFuzzer target's seeds.
    func writeLibFuzzerSeeds(to directory: String) throws {
        var documents: [HARDocument] = []
        for path in captures {
            do {
                documents.append(try HARReader.read(contentsOf: path))
            } catch {
                throw CLIFailure.badInput("\(path): \(error)")
            }
        }
        do {
            for (target, count) in try LibFuzzerSeeds.write(to: directory, captures: documents) {
                print("\(target.rawValue): \(count) seeds")
            }
        } catch {
            throw CLIFailure.badInput("cannot write seeds into \(directory): \(error.localizedDescription)")
        }
    }

    /// `--from-crash FILE`: a libFuzzer crash file as a repro capture.
    func importCrash(_ path: String) async throws {
        do {
            let (written, summary) = try await CrashImport.importFile(path, target: crashTarget, directory: out ?? ".")
            print("\(written): \(summary)")
        } catch {
            throw CLIFailure.badInput(error.description)
        }
    }

}

/// A `--duration`: seconds, or a number with `s`, `m` or `h`.
struct FuzzDuration: ExpressibleByArgument {
    var seconds: Double

    init?(argument: String) {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600]
        var text = Substring(argument)
        var unit = 1.0
        if let last = text.last, let factor = units[last] {
            unit = factor
            text = text.dropLast()
        }
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        seconds = value * unit
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// What `--report` may name: a format printed to standard output, or `html` (a page in --out).
enum FuzzReportChoice: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit, markdown, html

    /// The printed format; nil for html.
    var format: ReportFormat? { ReportFormat(rawValue: rawValue) }
}

extension CrashTarget: ExpressibleByArgument {}
