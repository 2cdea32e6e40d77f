import Foundation
import Oracle
import Replay

/// Renders a V2 campaign's result: text, JSON, JUnit (a `<testsuite>`) or Markdown. Every finding on an
/// uncertain row says `UNCERTAIN` (text, Markdown), `"uncertain": true` (JSON) or `[uncertain row]` (JUnit).
public struct V2Report: Sendable {
    public let result: V2RunResult

    public init(_ result: V2RunResult) { self.result = result }

    var baselineProblems: [(flow: String, action: Int, verdict: Verdict)] { ReportParts.problems(result.baseline) }

    public func render(_ format: ReportFormat) -> String {
        switch format {
        case .text: text()
        case .json: jsonNode().prettySerialized() + "\n"
        case .junit: junitDocument()
        case .markdown: markdown()
        }
    }

    /// `V2 rows hit: H of T rows (native-auth-v2 §3.4 and the token cache's §5.9)`.
    var rowsLine: String {
        "V2 rows hit: \(result.findings.rows.hitCount) of \(result.findings.rows.table.count) rows (native-auth-v2 §3.4 and the token cache's §5.9)"
    }

    private func uncertainMark(_ finding: V2Finding) -> String { finding.uncertain ? " UNCERTAIN row" : "" }

    public func text() -> String {
        let set = result.findings
        var lines = ["authtape fuzz V2 — seed \(result.seed)"]
            + ReportParts.countLines("V2 cases", set, elapsed: result.elapsed, casesPerSecond: result.casesPerSecond) + [rowsLine]
        let hits = set.rows.table.filter { (set.rows.hits[$0.id] ?? 0) > 0 }.map { "\($0.id)=\(set.rows.hits[$0.id] ?? 0)" }
        if !hits.isEmpty { lines.append("V2 row hits: " + hits.joined(separator: " ")) }
        for problem in baselineProblems {
            lines.append("baseline \(problem.flow)#\(problem.action): \(problem.verdict.kind.rawValue) expected \(problem.verdict.expected) "
                         + "actual \(problem.verdict.actual) — \(problem.verdict.note)")
        }
        lines += set.egress.lines()
        for finding in set.findings {
            let key = finding.key
            lines.append("\(key.kind.rawValue)\(uncertainMark(finding)) \(key.step) [\(key.family)] ×\(finding.count): \(key.expected) ⇒ \(key.actual)")
            lines.append(ReportParts.exampleLine(finding, extra: " — rows " + finding.rows.joined(separator: ",")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public func jsonNode() -> JSONNode {
        let set = result.findings
        return .object(ReportParts.jsonHead(tool: "authtape fuzz v2", seed: result.seed, set, elapsed: result.elapsed,
                                            casesPerSecond: result.casesPerSecond) + [
            ("rows", .object([
                ("hit", .number(String(set.rows.hitCount))), ("of", .number(String(set.rows.table.count))),
                ("hits", .object(set.rows.table.map { ($0.id, .number(String(set.rows.hits[$0.id] ?? 0))) })),
            ])),
            ("findings", .array(set.findings.map { finding in
                ReportParts.findingJSON(finding, extra: [
                    ("uncertain", .bool(finding.uncertain)), ("rows", .array(finding.rows.map(JSONNode.string))),
                ])
            })),
            ("egress", set.egress.jsonNode()),
            ("baselineProblems", ReportParts.problemsJSON(result.baseline)),
        ])
    }

    /// A whole JUnit document holding ``junitSuite()``.
    func junitDocument() -> String {
        let count = result.findings.findings.count + result.baseline.count
        let failures = result.findings.findings.count + baselineProblems.count
        return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + FuzzReport.junitHeader(tests: count, failures: failures) + "\n" + junitSuite() + "</testsuites>\n"
    }

    /// One `<testsuite>`: a test case per V2 baseline action and per unique finding.
    func junitSuite() -> String {
        let findings = result.findings.findings
        let failures = findings.count + baselineProblems.count
        var lines = [
            #"  <testsuite name="fuzz v2 seed \#(result.seed)" tests="\#(findings.count + result.baseline.count)" failures="\#(failures)" time="\#(String(format: "%.3f", result.elapsed))">"#,
            #"    <properties><property name="seed" value="\#(result.seed)"/><property name="cases" value="\#(result.findings.total)"/><property name="v2RowsHit" value="\#(result.findings.rows.hitCount)"/><property name="v2Rows" value="\#(result.findings.rows.table.count)"/></properties>"#,
        ]
        lines += ReportParts.baselineTestCases(result.baseline, classname: "v2.baseline")
        for finding in findings {
            let key = finding.key
            lines.append(ReportParts.findingTestCase(
                key, classname: "fuzz.v2",
                name: "\(key.kind.rawValue)\(finding.uncertain ? " [uncertain row]" : "") \(key.step) \(key.family): \(key.expected) ⇒ \(key.actual)",
                body: "\(finding.count) case(s); e.g. case \(finding.reproCase.id) (\(finding.reproCase.details.joined(separator: "; "))); rows "
                    + finding.rows.joined(separator: ",") + (finding.reproPath.map { "; repro \($0)" } ?? "")))
        }
        lines.append("  </testsuite>")
        return lines.joined(separator: "\n") + "\n"
    }

    public func markdown() -> String {
        let set = result.findings
        var lines = [
            "## V2 flows — seed \(result.seed)", "",
            "\(set.total) cases, \(set.findings.count) unique finding\(set.findings.count == 1 ? "" : "s"); \(rowsLine).", "",
            "| kind | step | family | count | expected | actual | uncertain | example |", "|---|---|---|---|---|---|---|---|",
        ]
        for finding in set.findings {
            let key = finding.key
            let cells = [key.kind.rawValue, key.step, key.family, String(finding.count), key.expected, key.actual,
                         finding.uncertain ? "UNCERTAIN row" : "", "\(finding.reproCase.id): " + finding.reproCase.details.joined(separator: "; ")]
            lines.append(ReportParts.markdownRow(cells))
        }
        if set.egress.total > 0 { lines += [""] + set.egress.lines().map { "    " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

}
