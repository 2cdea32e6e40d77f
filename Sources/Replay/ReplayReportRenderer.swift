import Driver
import HAR
import NativeAuth

/// Renders a ``ReplayReport`` in the three formats of `authtape replay --report`.
public enum ReplayReportRenderer {
    /// Report formats.
    public enum Format: String, Sendable, CaseIterable {
        case text, json, junit
    }

    /// The report in `format`, ending with a newline.
    public static func render(_ report: ReplayReport, as format: Format) -> String {
        switch format {
        case .text: text(report)
        case .json: json(report).prettySerializedString() + "\n"
        case .junit: junit(report)
        }
    }

    // MARK: JSON (docs/replay-report.md)

    /// The report as the JSON document of docs/replay-report.md (keys in the documented order).
    public static func json(_ report: ReplayReport) -> JSONValue {
        .object([
            "msal": .object(["setting": .string(report.msal.rawValue), "models": .string(report.msal.oracleProfile.name)]),
            "captures": .array(report.captures.map(json)),
        ])
    }

    private static func json(_ capture: CaptureResult) -> JSONValue {
        .object([
            "path": .string(capture.path), "passed": .bool(capture.passed),
            "flows": .array(capture.flows.map { flow in
                .object(["kind": .string(flow.kind), "steps": .array(flow.steps.map(json))])
            }),
        ])
    }

    private static func json(_ step: StepResult) -> JSONValue {
        var object: JSONObject = [
            "action": .string(step.action), "endpoints": .array(step.endpoints.map { .string($0) }),
            "earlierState": json(step.earlierState), "actual": json(step.actual), "expected": json(step.expected),
            "requestsMatched": .bool(step.requestsMatched),
            "diagnostics": .array(step.diagnostics.map { .string($0) }),
        ]
        if let uncertainty = step.uncertainty { object.append("uncertainty", .string(uncertainty)) }
        return .object(object)
    }

    private static func json(_ outcome: Outcome?) -> JSONValue {
        guard let outcome else { return .null }
        return .object([
            "callback": .string(outcome.callback), "error": optional(outcome.error),
            "newState": optional(outcome.newState), "newStateToken": optional(outcome.newStateToken),
        ])
    }

    private static func json(_ earlier: EarlierState?) -> JSONValue {
        guard let earlier else { return .null }
        return .object([
            "state": .string(earlier.used.state), "token": optional(earlier.used.token),
            "latestState": .string(earlier.latest.state), "latestToken": optional(earlier.latest.token),
        ])
    }

    private static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    // MARK: text

    /// A readable summary: the modelled MSAL, one line per step, diagnostics indented under failing steps.
    public static func text(_ report: ReplayReport) -> String {
        var lines = ["msal: \(report.msal)"]
        var passedCount = 0
        for capture in report.captures {
            if capture.passed { passedCount += 1 }
            lines.append("\(capture.passed ? "PASS" : "FAIL") \(capture.path)")
            for (index, flow) in capture.flows.enumerated() {
                lines.append("  flow \(index + 1) (\(flow.kind)): \(flow.passed ? "passed" : "FAILED")")
                for step in flow.steps {
                    let mark = step.passed ? "ok  " : "FAIL"
                    let actual = step.actual?.description ?? "no outcome"
                    lines.append("    \(mark) \(step.action) [\(step.endpoints.joined(separator: ", "))] → \(actual)")
                    if let earlier = step.earlierState { lines.append("         \(earlier.sentence)") }
                    if let uncertainty = step.uncertainty { lines.append("         uncertain: \(uncertainty)") }
                    if !step.passed, let expected = step.expected, step.actual != expected {
                        lines.append("         expected: \(expected)")
                    }
                    for diagnostic in step.diagnostics { lines.append("         - \(diagnostic)") }
                }
            }
        }
        let failed = report.captures.count - passedCount
        lines.append("\(passedCount) passed, \(failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JUnit

    /// JUnit XML: one test suite per capture (its properties name the modelled MSAL), one test case per step.
    public static func junit(_ report: ReplayReport) -> String {
        let properties = "    <properties><property name=\"msal\" value=\"\(escape(report.msal.rawValue))\"/>"
            + "<property name=\"msalModels\" value=\"\(escape(report.msal.oracleProfile.name))\"/></properties>\n"
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let all = report.captures.flatMap { $0.flows.flatMap(\.steps) }
        out += "<testsuites name=\"authtape replay\" tests=\"\(all.count)\" failures=\"\(all.filter { !$0.passed }.count)\">\n"
        for capture in report.captures {
            let steps = capture.flows.flatMap(\.steps)
            let failures = steps.filter { !$0.passed }.count + (capture.passed || !steps.isEmpty ? 0 : 1)
            out += "  <testsuite name=\"\(escape(capture.path))\" tests=\"\(max(steps.count, 1))\" failures=\"\(failures)\">\n"
            out += properties
            if steps.isEmpty {
                out += "    <testcase classname=\"\(escape(capture.path))\" name=\"capture\">\n"
                out += "      <failure message=\"nothing to replay\"/>\n    </testcase>\n"
            }
            for (flowIndex, flow) in capture.flows.enumerated() {
                for (stepIndex, step) in flow.steps.enumerated() {
                    let name = "flow \(flowIndex + 1) \(flow.kind) step \(stepIndex + 1) \(step.action)"
                    out += "    <testcase classname=\"\(escape(capture.path))\" name=\"\(escape(name))\""
                    if step.passed, step.earlierState == nil, step.uncertainty == nil {
                        out += "/>\n"
                        continue
                    }
                    out += ">\n"
                    if !step.passed {
                        let message = step.diagnostics.first ?? "outcome differs from the oracle"
                        out += "      <failure message=\"\(escape(message))\">"
                        out += escape(step.diagnostics.joined(separator: "\n")) + "</failure>\n"
                    }
                    let notes = [step.earlierState?.sentence, step.uncertainty.map { "uncertain: " + $0 }].compactMap { $0 }
                    if !notes.isEmpty {
                        out += "      <system-out>\(escape(notes.joined(separator: "\n")))</system-out>\n"
                    }
                    out += "    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    static func escape(_ text: String) -> String { XMLText.escape(text) }
}

extension JSONValue {
    fileprivate func prettySerializedString() -> String { String(decoding: prettySerialized(), as: UTF8.self) }
}
