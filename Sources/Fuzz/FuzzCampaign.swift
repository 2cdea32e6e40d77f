import Foundation

/// Everything `authtape fuzz` can be asked for; the CLI only parses arguments into this.
public struct FuzzCampaignOptions: Sendable {
    /// The seed; nil picks one from the clock (and prints it).
    public var seed: UInt64?
    public var cases: Int?
    /// Time budget in seconds.
    public var duration: Double?
    public var jobs: Int
    /// Output directory for reports and repro captures.
    public var outDirectory: String?
    /// Formats printed to standard output (when no `outDirectory`) — all are written to `outDirectory`.
    public var reports: [ReportFormat]
    /// Restrict to built-in flows with these names (empty = all).
    public var flowNames: [String]
    /// Extra flows (e.g. from captures).
    public var extraFlows: [FuzzFlow]
    /// Use the built-in flows as well as `extraFlows`.
    public var includeBuiltIn: Bool
    /// Run only this case index and print it in detail.
    public var singleCase: UInt64?
    public var caseTimeout: Double

    public init(seed: UInt64? = nil, cases: Int? = nil, duration: Double? = nil, jobs: Int = 2, outDirectory: String? = nil,
                reports: [ReportFormat] = [.text], flowNames: [String] = [], extraFlows: [FuzzFlow] = [],
                includeBuiltIn: Bool = true, singleCase: UInt64? = nil, caseTimeout: Double = 2) {
        self.seed = seed
        self.cases = cases
        self.duration = duration
        self.jobs = jobs
        self.outDirectory = outDirectory
        self.reports = reports
        self.flowNames = flowNames
        self.extraFlows = extraFlows
        self.includeBuiltIn = includeBuiltIn
        self.singleCase = singleCase
        self.caseTimeout = caseTimeout
    }
}

/// A campaign problem the CLI reports (unknown flow name, unwritable output).
public struct FuzzCampaignError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The one entry function of `authtape fuzz`: prints the seed, runs, writes reports and repro captures.
/// Returns the exit status: 0 without findings, 1 with findings.
public enum FuzzCampaign {
    public static func run(_ options: FuzzCampaignOptions, print: @escaping @Sendable (String) -> Void,
                           progressLine: (@Sendable (String) -> Void)? = nil) async throws -> Int32 {
        let seed = options.seed ?? UInt64(Date().timeIntervalSince1970 * 1000) & 0xFFFF_FFFF
        print("seed \(seed)")
        var flows = options.includeBuiltIn ? BaseFlows.all : []
        if !options.flowNames.isEmpty {
            for name in options.flowNames where BaseFlows.named(name) == nil && !options.extraFlows.contains(where: { $0.name == name }) {
                throw FuzzCampaignError("unknown flow '\(name)'; built-in flows: " + BaseFlows.all.map(\.name).joined(separator: ", "))
            }
            flows = flows.filter { options.flowNames.contains($0.name) }
        }
        flows += options.extraFlows.filter { options.flowNames.isEmpty || options.flowNames.contains($0.name) }
        guard !flows.isEmpty else { throw FuzzCampaignError("no flows to fuzz") }
        let configuration = FuzzConfiguration(
            seed: seed, cases: options.cases, duration: options.duration, jobs: options.jobs,
            caseTimeout: options.caseTimeout, flows: flows)
        let runner = FuzzRunner(configuration: configuration)
        if let index = options.singleCase { return await runSingle(runner: runner, index: index, print: print) }
        var onProgress: (@Sendable (FuzzProgress) -> Void)?
        if let progressLine {
            onProgress = { progress in
                progressLine(String(format: "cases %d  %.0f cases/s  findings %d", progress.cases, progress.casesPerSecond, progress.findings))
            }
        }
        let result = await runner.run(progress: onProgress)
        var withRepro = result
        if let directory = options.outDirectory {
            // A clean campaign writes no repro, so the folder is made here, not only by the first finding.
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw FuzzCampaignError("cannot create \(directory): \(error.localizedDescription)")
            }
            withRepro = try await writeRepros(result, runner: runner, directory: (directory as NSString).appendingPathComponent("findings"))
            let report = FuzzReport(withRepro)
            let files: [(ReportFormat, String)] = [(.text, "summary.txt"), (.json, "report.json"), (.junit, "junit.xml"), (.markdown, "report.md")]
            for (format, name) in files {
                let path = (directory as NSString).appendingPathComponent(name)
                guard FileManager.default.createFile(atPath: path, contents: Data(report.render(format).utf8)) else {
                    throw FuzzCampaignError("cannot write \(path)")
                }
            }
        }
        let report = FuzzReport(withRepro)
        for format in options.reports { print(report.render(format)) }
        let baselineFailures = withRepro.baseline.filter { $0.verdict.kind != VerdictKind.pass }.count
        let problems = withRepro.findings.findingCases + baselineFailures
        return problems > 0 ? 1 : 0
    }

    /// Runs one case and prints its mutation, the oracle's walk and the verdict.
    static func runSingle(runner: FuzzRunner, index: UInt64, print: @Sendable (String) -> Void) async -> Int32 {
        guard let fuzzCase = runner.generator.make(index: index) else {
            print("case \(index): no operator applies")
            return 0
        }
        let (baselineOutcomes, _) = await runner.baseline()
        let watchdog = Watchdog(slots: 1)
        let patrol = Task { await watchdog.patrol() }
        let (verdict, _) = await runner.judge(fuzzCase, baseline: baselineOutcomes["\(fuzzCase.flow)#\(fuzzCase.action)"],
                                              watchdog: watchdog, slot: 0)
        watchdog.stop()
        patrol.cancel()
        print("case \(fuzzCase.id): flow \(fuzzCase.flow) action \(fuzzCase.action) response \(fuzzCase.response)")
        print("operators: " + zip(fuzzCase.operators, fuzzCase.details).map { "\($0) (\($1))" }.joined(separator: ", "))
        print("mutated answer: \(fuzzCase.mutatedResponse)")
        print("verdict: \(verdict.kind.rawValue) at \(verdict.step): expected \(verdict.expected), actual \(verdict.actual)"
              + (verdict.note.isEmpty ? "" : " — \(verdict.note)"))
        return verdict.kind.isFinding ? 1 : 0
    }

    /// Re-runs each finding's (minimised) case, writes its capture, and records the path.
    static func writeRepros(_ result: FuzzRunResult, runner: FuzzRunner, directory: String) async throws -> FuzzRunResult {
        var updated = result
        for (number, finding) in result.findings.findings.enumerated() {
            let fuzzCase = finding.reproCase
            guard let flow = runner.configuration.flows.first(where: { $0.name == fuzzCase.flow }) else { continue }
            let observation = await runner.observe(fuzzCase, flow: flow)
            let document = ReproCapture.document(for: fuzzCase, verdict: finding.verdict, requests: observation?.requests ?? [])
            let name = String(format: "finding-%03d-%@.har", number + 1, finding.key.kind.rawValue)
            let path = try ReproCapture.write(document, directory: directory, name: name)
            updated.findings.updateFinding(finding.key) { $0.reproPath = path }
        }
        return updated
    }
}
