import Foundation
import HAR
import Replay

/// Turns captures into fuzz flows through Replay's script inference: each replayable flow of a
/// capture becomes a ``FuzzFlow`` whose actions are the script's own (the recorded scopes and
/// attributes included) and serve the recorded responses in order.
public enum CaptureFlows {
    /// The flows of the capture at `path`, and why any part of it was left out.
    public static func flows(contentsOf path: String) -> (flows: [FuzzFlow], problems: [String]) {
        flows(from: ScriptInference.script(contentsOf: path))
    }

    /// The flows of an inferred capture script.
    public static func flows(from script: CaptureScript) -> (flows: [FuzzFlow], problems: [String]) {
        var problems = script.problems.map { "\(script.path): \($0)" }
        var flows: [FuzzFlow] = []
        let name = ((script.path as NSString).lastPathComponent as NSString).deletingPathExtension
        for (index, flow) in script.flows.enumerated() {
            guard flow.problems.isEmpty else {
                problems.append("\(script.path) flow \(index + 1) (\(flow.kind)) skipped: " + flow.problems.joined(separator: "; "))
                continue
            }
            var actions: [FuzzAction] = []
            for step in flow.steps {
                guard !step.exchanges.isEmpty else { break }
                actions.append(FuzzAction(step.action, step: step.oracleStep, responses: step.exchanges.map(response)))
            }
            guard !actions.isEmpty else {
                problems.append("\(script.path) flow \(index + 1) (\(flow.kind)) has no action the fuzzer can drive")
                continue
            }
            flows.append(FuzzFlow(
                name: "\(name)#\(index + 1)-\(flow.kind)", actions: actions,
                challengeTypes: Set(script.configuration?.challengeTypes ?? ["oob", "password"]),
                capabilities: Set(script.configuration?.capabilities ?? [])))
        }
        return (flows, problems)
    }

    static func response(_ exchange: RecordedExchange) -> FuzzResponse {
        guard exchange.status != 0 else { return .failure(.connectionReset) }
        return FuzzResponse(
            status: exchange.status, headers: exchange.responseHeaders.map { FuzzResponse.Header($0.0, $0.1) },
            body: exchange.responseBody)
    }
}
