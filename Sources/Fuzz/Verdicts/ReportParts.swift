import Foundation
import Oracle
import Replay

/// What a report shows of a finding's case: V1's ``FuzzCase`` and V2's ``V2FuzzCase``.
public protocol ReportedCase: FindingCase {
    /// `seed:index`.
    var id: String { get }
    var flow: String { get }
    var action: Int { get }
    var response: Int { get }
    var operators: [String] { get }
    var details: [String] { get }
}

extension FuzzCase: ReportedCase {}
extension V2FuzzCase: ReportedCase {}

/// The skeleton V1's ``FuzzReport`` and V2's ``V2Report`` share: counts, verdicts, the example line and
/// JSON of a finding, baseline problems, JUnit test cases and Markdown rows. Each report adds its own
/// (V1's §5 rows; V2's rows, uncertainty and egress) around these.
enum ReportParts {
    typealias BaselineEntry = (flow: String, action: Int, verdict: Verdict)

    /// Baseline actions that did not pass.
    static func problems(_ baseline: [BaselineEntry]) -> [BaselineEntry] { baseline.filter { $0.verdict.kind != .pass } }

    /// `<label>: N  findings: U unique / C cases  time: …  rate: …`, then `verdicts: kind=count …`.
    static func countLines<Case>(_ label: String, _ set: FindingSet<Case>, elapsed: Double, casesPerSecond: Double) -> [String] {
        [
            "\(label): \(set.total)  findings: \(set.findings.count) unique / \(set.findingCases) cases  "
                + String(format: "time: %.2fs  rate: %.0f cases/s", elapsed, casesPerSecond),
            "verdicts: " + VerdictKind.allCases.compactMap { kind in set.counts[kind].map { "\(kind.rawValue)=\($0)" } }.joined(separator: " "),
        ]
    }

    /// `    e.g. case ID flow#action op+op: details<extra>`, then the repro path when there is one.
    static func exampleLine<Case: ReportedCase>(_ finding: Finding<Case>, extra: String = "") -> String {
        let example = finding.reproCase
        return "    e.g. case \(example.id) \(example.flow)#\(example.action) " + example.operators.joined(separator: "+") + ": "
            + example.details.joined(separator: "; ") + extra + (finding.reproPath.map { "  repro: \($0)" } ?? "")
    }

    /// The JSON head of a report: tool, seed, cases, timing and verdict counts.
    static func jsonHead<Case>(tool: String, seed: UInt64, _ set: FindingSet<Case>, elapsed: Double,
                               casesPerSecond: Double) -> [(String, JSONNode)] {
        [
            ("tool", .string(tool)), ("seed", .string(String(seed))), ("cases", .number(String(set.total))),
            ("elapsedSeconds", .number(String(format: "%.3f", elapsed))),
            ("casesPerSecond", .number(String(format: "%.0f", casesPerSecond))),
            ("verdicts", .object(VerdictKind.allCases.map { ($0.rawValue, .number(String(set.counts[$0] ?? 0))) })),
        ]
    }

    /// One finding as JSON: its key, operator and count, then `extra` (V2's uncertainty and rows), the
    /// verdict's note, the example case and the repro path.
    static func findingJSON<Case: ReportedCase>(_ finding: Finding<Case>, extra: [(String, JSONNode)] = []) -> JSONNode {
        let example = finding.reproCase
        return .object([
            ("kind", .string(finding.key.kind.rawValue)), ("step", .string(finding.key.step)),
            ("family", .string(finding.key.family)), ("operator", .string(example.primaryOperator)),
            ("expected", .string(finding.key.expected)), ("actual", .string(finding.key.actual)),
            ("count", .number(String(finding.count))),
        ] + extra + [
            ("note", .string(finding.verdict.note)),
            ("case", .object([
                ("id", .string(example.id)), ("flow", .string(example.flow)), ("action", .number(String(example.action))),
                ("response", .number(String(example.response))), ("operators", .array(example.operators.map(JSONNode.string))),
                ("details", .array(example.details.map(JSONNode.string))), ("minimised", .bool(finding.minimised != nil)),
            ])),
            ("repro", finding.reproPath.map(JSONNode.string) ?? .null),
        ])
    }

    /// Baseline problems as JSON.
    static func problemsJSON(_ baseline: [BaselineEntry]) -> JSONNode {
        .array(problems(baseline).map {
            .object([("flow", .string($0.flow)), ("action", .number(String($0.action))), ("kind", .string($0.verdict.kind.rawValue)),
                     ("expected", .string($0.verdict.expected)), ("actual", .string($0.verdict.actual))])
        })
    }

    /// One JUnit test case per baseline action, failed when it did not pass.
    static func baselineTestCases(_ baseline: [BaselineEntry], classname: String) -> [String] {
        baseline.map { entry in
            let name = xml("baseline \(entry.flow)#\(entry.action)")
            guard entry.verdict.kind != .pass else { return #"    <testcase classname="\#(classname)" name="\#(name)"/>"# }
            return #"    <testcase classname="\#(classname)" name="\#(name)"><failure type="\#(entry.verdict.kind.rawValue)" message="\#(xml("expected \(entry.verdict.expected), actual \(entry.verdict.actual)"))"/></testcase>"#
        }
    }

    /// One failed JUnit test case for a finding (`name` and `body` unescaped).
    static func findingTestCase(_ key: FindingKey, classname: String, name: String, body: String) -> String {
        #"    <testcase classname="\#(classname)" name="\#(xml(name))"><failure type="\#(key.kind.rawValue)" message="\#(xml("expected \(key.expected), actual \(key.actual)"))">\#(xml(body))</failure></testcase>"#
    }

    /// A Markdown table row of `cells` (`|` escaped).
    static func markdownRow(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }

    static func xml(_ text: String) -> String { XMLText.escape(text) }
}
