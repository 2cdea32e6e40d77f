import Foundation
import NativeAuth
import Oracle

/// Which flows a campaign fuzzes: the V1 ones, the V2 ones, or both (the default).
public enum FlowFamilies: String, Sendable, CaseIterable {
    case v1, v2, all

    public var includesV1: Bool { self != .v2 }
    public var includesV2: Bool { self != .v1 }
}

extension FuzzCampaign {
    /// The V2 flows a campaign of `options` fuzzes: the built-in ones when V2 is asked for and no capture
    /// replaces the built-in flows, narrowed to `flowNames` (a name of either family is known).
    static func v2Flows(_ options: FuzzCampaignOptions) -> [V2FuzzFlow] {
        guard options.flowFamilies.includesV2, options.includeBuiltIn else { return [] }
        return V2BaseFlows.all.filter { options.flowNames.isEmpty || options.flowNames.contains($0.name) }
    }

    /// The time budget of each family: split evenly when both run.
    static func budget(_ options: FuzzCampaignOptions, families: Int) -> Double? {
        options.duration.map { $0 / Double(max(families, 1)) }
    }

    /// Runs the V2 campaign of `options` (nil when it has no flows), writing its reports and repro captures
    /// into `options.outDirectory`: `v2-summary.txt`, `v2-report.json`, `v2-junit.xml`, `v2-report.md` beside
    /// V1's reports, or, when no V1 flow ran, the campaign's own `summary.txt`, `report.json`, `junit.xml`,
    /// `report.md` (what `authtape view` reads); repro captures in `findings/v2-finding-NNN-<kind>.har`.
    static func runV2(_ options: FuzzCampaignOptions, seed: UInt64, families: Int, sinks: FuzzCampaignSinks) async throws -> V2RunResult? {
        let flows = v2Flows(options)
        guard !flows.isEmpty else { return nil }
        let runner = V2Runner(configuration: V2Configuration(
            seed: seed, cases: options.cases, duration: budget(options, families: families), jobs: options.jobs,
            caseTimeout: options.caseTimeout, flows: flows))
        var onProgress: (@Sendable (FuzzProgress) -> Void)?
        if let line = sinks.progress {
            onProgress = { progress in
                line(String(format: "V2 cases %d  %.0f cases/s  findings %d", progress.cases, progress.casesPerSecond, progress.findings))
            }
        }
        var result = await runner.run(progress: onProgress)
        if let directory = options.outDirectory {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw FuzzCampaignError(.output, "cannot create \(directory): \(error.localizedDescription)")
            }
            result = try await writeV2Repros(result, runner: runner, directory: (directory as NSString).appendingPathComponent("findings"))
            try write(V2Report(result), into: directory, prefix: families > 1 ? "v2-" : "")
        }
        sinks.note(String(format: "V2 flows: %d cases, %d findings, %.0f cases/s, V2 rows hit %d/%d", result.findings.total,
                          result.findings.findings.count, result.casesPerSecond, result.findings.rows.hitCount,
                          result.findings.rows.table.count))
        return result
    }

    /// Writes every format of `report` into `directory` (`summary.txt`, `report.json`, `junit.xml`,
    /// `report.md`, each name after `prefix`).
    static func write(_ report: V2Report, into directory: String, prefix: String) throws {
        let files: [(ReportFormat, String)] = [(.text, "summary.txt"), (.json, "report.json"), (.junit, "junit.xml"), (.markdown, "report.md")]
        for (format, name) in files {
            let path = (directory as NSString).appendingPathComponent(prefix + name)
            guard FileManager.default.createFile(atPath: path, contents: Data(report.render(format).utf8)) else {
                throw FuzzCampaignError(.output, "cannot write \(path)")
            }
        }
    }

    /// Re-runs each V2 finding's (minimised) case and writes its capture.
    static func writeV2Repros(_ result: V2RunResult, runner: V2Runner, directory: String) async throws -> V2RunResult {
        var updated = result
        let watchdog = Watchdog(slots: 1)
        let patrol = Task { await watchdog.patrol() }
        defer {
            watchdog.stop()
            patrol.cancel()
        }
        for (number, finding) in result.findings.findings.enumerated() {
            let (_, walk, observation) = await runner.judge(finding.reproCase, baseline: nil, watchdog: watchdog, slot: 0)
            let document = try V2ReproCapture.document(for: finding, walk: walk, requests: observation?.requests ?? [])
            let name = String(format: "v2-finding-%03d-%@.har", number + 1, finding.key.kind.rawValue)
            let path = try ReproCapture.write(document, directory: directory, name: name)
            updated.findings.updateFinding(finding.key) { $0.reproPath = path }
        }
        return updated
    }

    /// One report on standard output holding V1's (when it ran) and V2's: a `v2` member of the JSON, a
    /// second `<testsuite>` of the JUnit document (whose `<testsuites>` counts both), a V2 section of text
    /// and Markdown.
    static func render(_ v1: String?, v2: V2RunResult?, as format: ReportFormat) -> String {
        guard let v2 else { return v1 ?? "" }
        let report = V2Report(v2)
        guard let v1 else { return report.render(format) }
        switch format {
        case .json:
            guard let node = JSONNode.parse(Array(v1.utf8)), case .object(var members) = node else { return v1 }
            members.append(("v2", report.jsonNode()))
            return JSONNode.object(members).prettySerialized() + "\n"
        case .junit:
            guard let end = v1.range(of: "</testsuites>", options: .backwards) else { return v1 }
            return FuzzReport.recountingJUnit(String(v1[..<end.lowerBound]) + report.junitSuite() + "</testsuites>\n")
        case .text, .markdown:
            return v1 + "\n" + report.render(format)
        }
    }

    /// Runs one V2 case and prints its change, the oracle's walk and the verdict.
    static func runSingleV2(_ options: FuzzCampaignOptions, seed: UInt64, index: UInt64, print: @Sendable (String) -> Void) async -> Int32 {
        let runner = V2Runner(configuration: V2Configuration(seed: seed, caseTimeout: options.caseTimeout, flows: v2Flows(options)))
        guard let fuzzCase = runner.generator.make(index: index) else {
            print("case \(index): no operator applies")
            return 0
        }
        let (outcomes, _) = await runner.baseline()
        let watchdog = Watchdog(slots: 1)
        let patrol = Task { await watchdog.patrol() }
        let (verdict, walk, _) = await runner.judge(fuzzCase, baseline: outcomes["\(fuzzCase.flow)#\(fuzzCase.action)"], watchdog: watchdog, slot: 0)
        watchdog.stop()
        patrol.cancel()
        print("V2 case \(fuzzCase.id): flow \(fuzzCase.flow) action \(fuzzCase.action) (\(fuzzCase.step)) response \(fuzzCase.response)")
        print("operators: " + zip(fuzzCase.operators, fuzzCase.details).map { "\($0) (\($1))" }.joined(separator: ", "))
        print("mutated answer: \(fuzzCase.mutatedResponse)")
        print("oracle walk: " + walk.hops.map { "\($0.request) ⇒ \($0.row?.id ?? "?")\($0.row?.uncertain == true ? " (uncertain)" : "")" }
            .joined(separator: ", ") + " ⇒ \(walk.expectation)")
        print("verdict: \(verdict.kind.rawValue) at \(verdict.step): expected \(verdict.expected), actual \(verdict.actual) — \(verdict.note)")
        return verdict.kind.isFinding ? 1 : 0
    }

    /// Problems of a V2 run: finding cases and unmutated actions that did not pass.
    static func problems(_ v2: V2RunResult?) -> Int {
        guard let v2 else { return 0 }
        return v2.findings.findingCases + v2.baseline.filter { $0.verdict.kind != .pass }.count
    }
}
