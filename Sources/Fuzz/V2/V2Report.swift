import Foundation
import Oracle
import Replay

/// Renders a V2 campaign's result: text, JSON, JUnit (a `<testsuite>`) or Markdown. Every finding on an
/// uncertain row says `UNCERTAIN` (text, Markdown), `"uncertain": true` (JSON) or `[uncertain row]` (JUnit).
public struct V2Report: Sendable {
    public let result: V2RunResult

    public init(_ result: V2RunResult) { self.result = result }

    var baselineProblems: [(flow: String, action: Int, verdict: Verdict)] { result.baseline.filter { $0.verdict.kind != .pass } }

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
        var lines = [
            "authtape fuzz V2 — seed \(result.seed)",
            "V2 cases: \(set.total)  findings: \(set.findings.count) unique / \(set.findingCases) cases  "
                + String(format: "time: %.2fs  rate: %.0f cases/s", result.elapsed, result.casesPerSecond),
            "verdicts: " + VerdictKind.allCases.compactMap { kind in set.counts[kind].map { "\(kind.rawValue)=\($0)" } }.joined(separator: " "),
            rowsLine,
        ]
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
            let example = finding.reproCase
            lines.append("    e.g. case \(example.id) \(example.flow)#\(example.action) " + example.operators.joined(separator: "+") + ": "
                         + example.details.joined(separator: "; ") + " — rows " + finding.rows.joined(separator: ",")
                         + (finding.reproPath.map { "  repro: \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public func jsonNode() -> JSONNode {
        let set = result.findings
        return .object([
            ("tool", .string("authtape fuzz v2")), ("seed", .string(String(result.seed))), ("cases", .number(String(set.total))),
            ("elapsedSeconds", .number(String(format: "%.3f", result.elapsed))),
            ("casesPerSecond", .number(String(format: "%.0f", result.casesPerSecond))),
            ("verdicts", .object(VerdictKind.allCases.map { ($0.rawValue, .number(String(set.counts[$0] ?? 0))) })),
            ("rows", .object([
                ("hit", .number(String(set.rows.hitCount))), ("of", .number(String(set.rows.table.count))),
                ("hits", .object(set.rows.table.map { ($0.id, .number(String(set.rows.hits[$0.id] ?? 0))) })),
            ])),
            ("findings", .array(set.findings.map { finding in
                let example = finding.reproCase
                return .object([
                    ("kind", .string(finding.key.kind.rawValue)), ("step", .string(finding.key.step)),
                    ("family", .string(finding.key.family)), ("operator", .string(example.primaryOperator)),
                    ("expected", .string(finding.key.expected)), ("actual", .string(finding.key.actual)),
                    ("count", .number(String(finding.count))), ("uncertain", .bool(finding.uncertain)),
                    ("rows", .array(finding.rows.map(JSONNode.string))), ("note", .string(finding.verdict.note)),
                    ("case", .object([
                        ("id", .string(example.id)), ("flow", .string(example.flow)), ("action", .number(String(example.action))),
                        ("response", .number(String(example.response))), ("operators", .array(example.operators.map(JSONNode.string))),
                        ("details", .array(example.details.map(JSONNode.string))), ("minimised", .bool(finding.minimised != nil)),
                    ])),
                    ("repro", finding.reproPath.map(JSONNode.string) ?? .null),
                ])
            })),
            ("egress", set.egress.jsonNode()),
            ("baselineProblems", .array(baselineProblems.map {
                .object([("flow", .string($0.flow)), ("action", .number(String($0.action))), ("kind", .string($0.verdict.kind.rawValue)),
                         ("expected", .string($0.verdict.expected)), ("actual", .string($0.verdict.actual))])
            })),
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
        for entry in result.baseline {
            let name = xml("baseline \(entry.flow)#\(entry.action)")
            if entry.verdict.kind == .pass {
                lines.append(#"    <testcase classname="v2.baseline" name="\#(name)"/>"#)
            } else {
                lines.append(#"    <testcase classname="v2.baseline" name="\#(name)"><failure type="\#(entry.verdict.kind.rawValue)" message="\#(xml("expected \(entry.verdict.expected), actual \(entry.verdict.actual)"))"/></testcase>"#)
            }
        }
        for finding in findings {
            let key = finding.key
            let name = xml("\(key.kind.rawValue)\(finding.uncertain ? " [uncertain row]" : "") \(key.step) \(key.family): \(key.expected) ⇒ \(key.actual)")
            let body = xml("\(finding.count) case(s); e.g. case \(finding.reproCase.id) (\(finding.reproCase.details.joined(separator: "; "))); rows "
                           + finding.rows.joined(separator: ",") + (finding.reproPath.map { "; repro \($0)" } ?? ""))
            lines.append(#"    <testcase classname="fuzz.v2" name="\#(name)"><failure type="\#(key.kind.rawValue)" message="\#(xml("expected \(key.expected), actual \(key.actual)"))">\#(body)</failure></testcase>"#)
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
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        if set.egress.total > 0 { lines += [""] + set.egress.lines().map { "    " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    private func xml(_ text: String) -> String { XMLText.escape(text) }
}
