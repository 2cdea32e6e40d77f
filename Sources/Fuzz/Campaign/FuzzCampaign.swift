import Foundation

/// Everything `authtape fuzz` can be asked for; the CLI only parses arguments into this.
public struct FuzzCampaignOptions: Sendable {
    /// The seed; nil picks one from the clock (and notes it).
    public var seed: UInt64?
    public var cases: Int?
    /// Time budget in seconds.
    public var duration: Double?
    public var jobs: Int
    /// Output directory for reports and repro captures.
    public var outDirectory: String?
    /// Formats printed to standard output — all are written to `outDirectory`.
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
    /// Transport-phase cases per fault and mode after the in-process cases; 0 skips the phase.
    public var transportCases: Int
    /// The live transport's timeout in seconds during the transport phase.
    public var transportTimeout: Double
    /// Table-directed answers among the operators (``Operators/campaign``), or not (``Operators/all``).
    public var tableAnswers: Bool
    /// Which built-in flows: V1, V2 or both (a time budget is split evenly between them).
    public var flowFamilies: FlowFamilies

    public init(seed: UInt64? = nil, cases: Int? = nil, duration: Double? = nil, jobs: Int = 2, outDirectory: String? = nil,
                reports: [ReportFormat] = [.text], flowNames: [String] = [], extraFlows: [FuzzFlow] = [],
                includeBuiltIn: Bool = true, singleCase: UInt64? = nil, caseTimeout: Double = 2,
                transportCases: Int = 0, transportTimeout: Double = 1, tableAnswers: Bool = true, flowFamilies: FlowFamilies = .all) {
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
        self.transportCases = transportCases
        self.transportTimeout = transportTimeout
        self.tableAnswers = tableAnswers
        self.flowFamilies = flowFamilies
    }
}

/// A campaign problem the CLI reports: a usage error (unknown flow name, nothing to fuzz) or an
/// output that cannot be written.
public struct FuzzCampaignError: Error, CustomStringConvertible {
    public enum Kind: Sendable { case usage, output }
    public var kind: Kind
    public var description: String
    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

/// Where a campaign's text goes: `output` gets only the reports asked for (standard output, so
/// `--report json | jq` works); `note` gets the seed, summaries and warnings (standard error);
/// `progress`, when set, a progress line now and then.
public struct FuzzCampaignSinks: Sendable {
    public var output: @Sendable (String) -> Void
    public var note: @Sendable (String) -> Void
    public var progress: (@Sendable (String) -> Void)?

    public init(output: @escaping @Sendable (String) -> Void, note: @escaping @Sendable (String) -> Void,
                progress: (@Sendable (String) -> Void)? = nil) {
        self.output = output
        self.note = note
        self.progress = progress
    }
}

/// What a campaign found. The CLI maps it to the exit status (0 when clean, 1 otherwise).
public struct FuzzCampaignOutcome: Sendable, Hashable {
    /// Finding cases, unmutated actions that did not pass and transport-phase findings, of V1 and V2;
    /// for one case (``FuzzCampaignOptions/singleCase``), 1 when it is a finding.
    public var problems: Int

    public init(problems: Int) { self.problems = problems }

    /// No problems.
    public var isClean: Bool { problems == 0 }
}

/// The one entry function of `authtape fuzz`: notes the seed, runs the cases and then the injected
/// transport phase, writes reports and repro captures, and prints the reports asked for.
public enum FuzzCampaign {
    /// Runs the campaign of `options`. `transportPhase` runs after the cases when
    /// ``FuzzCampaignOptions/transportCases`` > 0 (FuzzServers' `TransportFaultCampaignPhase`); without one,
    /// asking for that phase is a usage error.
    public static func run(_ options: FuzzCampaignOptions, sinks: FuzzCampaignSinks,
                           transportPhase: (any CampaignTransportPhase)? = nil) async throws -> FuzzCampaignOutcome {
        let seed = options.seed ?? FuzzSeed.fromClock()
        sinks.note("seed \(seed)")
        let flows = try Self.flows(options)
        let families = (flows.isEmpty ? 0 : 1) + (v2Flows(options).isEmpty ? 0 : 1)
        let configuration = FuzzConfiguration(
            seed: seed, cases: options.cases, duration: budget(options, families: families), jobs: options.jobs,
            caseTimeout: options.caseTimeout, flows: flows, operators: options.tableAnswers ? Operators.campaign : Operators.all)
        let runner = FuzzRunner(configuration: configuration)
        if let index = options.singleCase {
            if flows.isEmpty {
                return FuzzCampaignOutcome(problems: Int(await runSingleV2(options, seed: seed, index: index, print: sinks.output)))
            }
            return await runSingle(runner: runner, index: index, print: sinks.output)
        }
        var v1Text: [ReportFormat: String]?
        var problems = 0
        if !flows.isEmpty {
            let (texts, count) = try await runV1(options, runner: runner, seed: seed, flows: flows, transportPhase: transportPhase, sinks: sinks)
            v1Text = texts
            problems += count
        } else {
            (v1Text, problems) = try await runTransportOnly(options, phase: transportPhase, seed: seed, sinks: sinks)
        }
        let v2 = try await runV2(options, seed: seed, families: families, sinks: sinks)
        problems += Self.problems(v2)
        for format in options.reports { sinks.output(render(v1Text?[format], v2: v2, as: format)) }
        return FuzzCampaignOutcome(problems: problems)
    }

    /// The V1 cases and transport phase: each asked-for report rendered, and the number of problems.
    static func runV1(_ options: FuzzCampaignOptions, runner: FuzzRunner, seed: UInt64, flows: [FuzzFlow],
                      transportPhase: (any CampaignTransportPhase)?, sinks: FuzzCampaignSinks)
        async throws -> ([ReportFormat: String], Int)
    {
        var onProgress: (@Sendable (FuzzProgress) -> Void)?
        if let line = sinks.progress {
            onProgress = { progress in
                line(String(format: "cases %d  %.0f cases/s  findings %d", progress.cases, progress.casesPerSecond, progress.findings))
            }
        }
        let result = await runner.run(progress: onProgress)
        var withRepro = result
        if let directory = options.outDirectory {
            // A clean campaign writes no repro, so the folder is made here, not only by the first finding.
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw FuzzCampaignError(.output, "cannot create \(directory): \(error.localizedDescription)")
            }
            withRepro = try await writeRepros(result, runner: runner, directory: (directory as NSString).appendingPathComponent("findings"))
            try write(FuzzReport(withRepro), into: directory, prefix: "")
        }
        var transport: FuzzReport?
        if options.transportCases > 0 {
            transport = try await runTransportPhase(transportPhase, seed: seed, flows: flows, options: options, sinks: sinks)
        }
        let report = FuzzReport(withRepro)
        var texts: [ReportFormat: String] = [:]
        for format in options.reports { texts[format] = render(report, transport: transport, as: format) }
        let baselineFailures = withRepro.baseline.filter { $0.verdict.kind != VerdictKind.pass }.count
        return (texts, withRepro.findings.findingCases + baselineFailures + (transport?.result.findings.findingCases ?? 0))
    }

    /// The flows a campaign of `options` fuzzes: the built-in ones (unless captures replace them) and
    /// the extra ones, narrowed to `flowNames`.
    public static func flows(_ options: FuzzCampaignOptions) throws -> [FuzzFlow] {
        var flows = options.includeBuiltIn && options.flowFamilies.includesV1 ? BaseFlows.all : []
        if !options.flowNames.isEmpty {
            for name in options.flowNames where BaseFlows.named(name) == nil && V2BaseFlows.named(name) == nil
                && !options.extraFlows.contains(where: { $0.name == name })
            {
                throw FuzzCampaignError(.usage, "unknown flow '\(name)'; built-in flows: "
                                        + (BaseFlows.all.map(\.name) + V2BaseFlows.all.map(\.name)).joined(separator: ", "))
            }
            flows = flows.filter { options.flowNames.contains($0.name) }
        }
        if options.flowFamilies.includesV1 {
            flows += options.extraFlows.filter { options.flowNames.isEmpty || options.flowNames.contains($0.name) }
        }
        guard !flows.isEmpty || !v2Flows(options).isEmpty else { throw FuzzCampaignError(.usage, "no flows to fuzz") }
        return flows
    }

    /// One report on standard output: the cases' report, with the transport phase's folded in (a
    /// `transportPhase` member of the JSON, a second section of text and Markdown). JUnit holds the
    /// cases only; `transport-junit.xml` under `--out` has the phase.
    static func render(_ report: FuzzReport, transport: FuzzReport?, as format: ReportFormat) -> String {
        guard let transport else { return report.render(format) }
        switch format {
        case .json:
            guard case .object(var members) = report.jsonNode() else { return report.render(format) }
            members.append(("transportPhase", transport.jsonNode()))
            return JSONNode.object(members).prettySerialized() + "\n"
        case .text, .markdown:
            return report.render(format) + "\ntransport phase:\n" + transport.render(format)
        case .junit:
            return report.render(format)
        }
    }

    /// Writes every format of `report` into `directory` (`summary.txt`, `report.json`, `junit.xml`,
    /// `report.md`, each name after `prefix`).
    static func write(_ report: FuzzReport, into directory: String, prefix: String) throws {
        let files: [(ReportFormat, String)] = [(.text, "summary.txt"), (.json, "report.json"), (.junit, "junit.xml"), (.markdown, "report.md")]
        for (format, name) in files {
            let path = (directory as NSString).appendingPathComponent(prefix + name)
            guard FileManager.default.createFile(atPath: path, contents: Data(report.render(format).utf8)) else {
                throw FuzzCampaignError(.output, "cannot write \(path)")
            }
        }
    }

    /// Runs one case and prints its mutation, the oracle's walk and the verdict.
    static func runSingle(runner: FuzzRunner, index: UInt64, print: @Sendable (String) -> Void) async -> FuzzCampaignOutcome {
        guard let fuzzCase = runner.generator.make(index: index) else {
            print("case \(index): no operator applies")
            return FuzzCampaignOutcome(problems: 0)
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
        return FuzzCampaignOutcome(problems: verdict.kind.isFinding ? 1 : 0)
    }

    /// Re-runs each finding's (minimised) case, writes its capture, and records the path.
    static func writeRepros(_ result: FuzzRunResult, runner: FuzzRunner, directory: String) async throws -> FuzzRunResult {
        var updated = result
        for (number, finding) in result.findings.findings.enumerated() {
            let fuzzCase = finding.reproCase
            guard let flow = runner.configuration.flows.first(where: { $0.name == fuzzCase.flow }) else { continue }
            let observation = await runner.observe(fuzzCase, flow: flow)
            let document = try ReproCapture.document(for: fuzzCase, verdict: finding.verdict, requests: observation?.requests ?? [])
            let name = String(format: "finding-%03d-%@.har", number + 1, finding.key.kind.rawValue)
            let path = try ReproCapture.write(document, directory: directory, name: name)
            updated.findings.updateFinding(finding.key) { $0.reproPath = path }
        }
        return updated
    }
}
