import Foundation
import Oracle
import Replay

/// Report formats of a campaign.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, junit, markdown
}

/// Renders a campaign's result as a readable summary, JSON, JUnit XML or Markdown. Output is
/// deterministic for a fixed seed and case count except the timing line/fields.
public struct FuzzReport: Sendable {
    public let result: FuzzRunResult

    public init(_ result: FuzzRunResult) { self.result = result }

    /// Baseline actions that did not pass.
    var baselineProblems: [(flow: String, action: Int, verdict: Verdict)] { ReportParts.problems(result.baseline) }

    /// The report in `format`.
    public func render(_ format: ReportFormat) -> String {
        switch format {
        case .text: text()
        case .json: json()
        case .junit: junit()
        case .markdown: markdown()
        }
    }

    /// A readable summary: seed, counts, then findings grouped by step and operator.
    public func text() -> String {
        let set = result.findings
        var lines = ["authtape fuzz — seed \(result.seed)"]
            + ReportParts.countLines("cases", set, elapsed: result.elapsed, casesPerSecond: result.casesPerSecond)
        if set.rows.cases > 0 { lines.append(rowsLine) }
        for problem in baselineProblems {
            lines.append("baseline \(problem.flow)#\(problem.action): \(problem.verdict.kind.rawValue) expected \(problem.verdict.expected) actual \(problem.verdict.actual)")
        }
        if !set.findings.isEmpty {
            lines.append("")
            lines.append(pad("kind", 13) + pad("step", 34) + pad("family", 19) + pad("count", 7) + "expected ⇒ actual")
            for finding in set.findings {
                let key = finding.key
                lines.append(pad(key.kind.rawValue, 13) + pad(key.step, 34) + pad(key.operatorName, 19)
                             + pad(String(finding.count), 7) + "\(key.expected) ⇒ \(key.actual)")
                lines.append(ReportParts.exampleLine(finding))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `rows hit: H of T §5 rows`: how many outcome-table rows the judged cases reached.
    var rowsLine: String {
        "rows hit: \(result.findings.rows.hitCount) of \(OutcomeTable.rows.count) §5 rows"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// JSON: seed, counts, findings (key, count, example case, repro path), baseline problems.
    public func json() -> String { jsonNode().prettySerialized() + "\n" }

    /// The JSON report as a value (the campaign folds the transport phase's into it).
    public func jsonNode() -> JSONNode {
        var root = ReportParts.jsonHead(tool: "authtape fuzz", seed: result.seed, result.findings, elapsed: result.elapsed,
                                        casesPerSecond: result.casesPerSecond)
        let rows = result.findings.rows
        root.append(("rows", .object([
            ("hit", .number(String(rows.hitCount))), ("of", .number(String(OutcomeTable.rows.count))),
            ("hits", .object(OutcomeTable.rows.map { ($0.specRef, .number(String(rows.hits[$0.specRef] ?? 0))) })),
        ])))
        root.append(("findings", .array(result.findings.findings.map { ReportParts.findingJSON($0) })))
        root.append(("baselineProblems", ReportParts.problemsJSON(result.baseline)))
        return JSONNode.object(root)
    }

    /// JUnit XML: one test case per unique finding (failed) and one per flow baseline.
    public func junit() -> String {
        let findings = result.findings.findings
        let failures = findings.count + baselineProblems.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            Self.junitHeader(tests: findings.count + result.baseline.count, failures: failures),
            #"  <testsuite name="fuzz seed \#(result.seed)" tests="\#(findings.count + result.baseline.count)" failures="\#(failures)" time="\#(String(format: "%.3f", result.elapsed))">"#,
            #"    <properties><property name="seed" value="\#(result.seed)"/><property name="cases" value="\#(result.findings.total)"/><property name="rowsHit" value="\#(result.findings.rows.hitCount)"/></properties>"#,
        ]
        lines += ReportParts.baselineTestCases(result.baseline, classname: "baseline")
        for finding in findings {
            let key = finding.key
            lines.append(ReportParts.findingTestCase(
                key, classname: "fuzz.\(xml(key.step))", name: "\(key.kind.rawValue) \(key.step) \(key.operatorName): \(key.expected) ⇒ \(key.actual)",
                body: "\(finding.count) case(s); e.g. case \(finding.reproCase.id) (\(finding.reproCase.details.joined(separator: "; ")))"
                    + (finding.reproPath.map { "; repro \($0)" } ?? "")))
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `<testsuites>` line of a campaign's JUnit document.
    static func junitHeader(tests: Int, failures: Int) -> String {
        #"<testsuites name="authtape fuzz" tests="\#(tests)" failures="\#(failures)">"#
    }

    /// `document` (this tool's JUnit, one element per line) with its `<testsuites>` line counting every
    /// test case and failure of all its suites (V1's and V2's when both ran).
    static func recountingJUnit(_ document: String) -> String {
        var lines = document.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("<testsuites ") }) else { return document }
        // Names, messages and bodies are escaped, so these only occur as elements.
        let tests = document.components(separatedBy: "<testcase ").count - 1
        let failures = document.components(separatedBy: "<failure ").count - 1
        lines[header] = junitHeader(tests: tests, failures: failures)
        return lines.joined(separator: "\n")
    }

    /// A Markdown table of findings.
    public func markdown() -> String {
        var lines = [
            "# authtape fuzz — seed \(result.seed)", "",
            "\(result.findings.total) cases, \(result.findings.findings.count) unique finding\(result.findings.findings.count == 1 ? "" : "s"); \(rowsLine).", "",
            "| kind | step | family | count | expected | actual | example |", "|---|---|---|---|---|---|---|",
        ]
        for finding in result.findings.findings {
            let key = finding.key
            let cells = [key.kind.rawValue, key.step, key.operatorName, String(finding.count), key.expected, key.actual,
                         "\(finding.reproCase.id): " + finding.reproCase.details.joined(separator: "; ")]
            lines.append(ReportParts.markdownRow(cells))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func xml(_ text: String) -> String { ReportParts.xml(text) }
}
