import Driver
import Foundation
import NativeAuth
import NativeAuthWire
import Oracle

extension ReplayRunner {
    /// Replays one V2 flow with a fresh application over a ``V2ScriptedTransport``: each action is
    /// performed by ``V2ActionPerformer`` on the state holding the token its recorded request carries,
    /// the engine's requests are matched against the recorded ones and its Outcome compared with the
    /// V2 oracle's. The engine runs with `options`, by default those of the MSAL the flow's expectations
    /// model (``V2FlowScript/msal``).
    public func replay(_ flow: V2FlowScript, seed: UInt64, options: MSALNativeAuthV2Options? = nil) async -> FlowResult {
        let options = options ?? flow.msal.engineOptions
        let transport = V2ScriptedTransport(exchanges: flow.exchanges)
        var performer: V2ActionPerformer
        do {
            guard let url = URL(string: flow.authority) else {
                throw ConfigurationProblem(description: "authority \(flow.authority) is not a URL")
            }
            let driver = try EngineDriver(
                clientId: flow.clientId, authority: url, challengeTypes: ["oob", "password"], capabilities: [],
                transport: transport, uuids: SeededUUIDSource(seed: seed), v2Options: options)
            performer = driver.v2Performer()
        } catch {
            return FlowResult(kind: flow.kind, steps: [Self.problemStep("the app cannot be configured: \(error)")])
        }
        var steps: [StepResult] = []
        for step in flow.steps { steps.append(await run(step, performer: &performer, transport: transport)) }
        if !flow.problems.isEmpty { steps.append(Self.problemStep(flow.problems)) }
        return FlowResult(kind: flow.kind, steps: steps)
    }

    private func run(_ step: V2ScriptStep, performer: inout V2ActionPerformer, transport: V2ScriptedTransport) async
        -> StepResult
    {
        transport.expect(step.exchanges)
        var diagnostics = step.notes
        var actual: Outcome?
        var earlierState: EarlierState?
        do {
            let performed = try await performer.perform(step.action, token: step.token)
            actual = performed.outcome
            earlierState = performed.earlierState
        } catch {
            diagnostics.append(error.message)
        }
        var matched = transport.log.allSatisfy { $0.answeredBy != nil }
        for served in transport.log {
            if let refusal = served.refusal { diagnostics.append("request refused (fail closed): " + refusal) }
        }
        let missing = transport.unanswered
        if actual != nil, !missing.isEmpty {
            matched = false
            diagnostics.append(
                "the engine ended \(step.action.name) without sending " + missing.map(\.label).joined(separator: ", "))
        }
        if let actual, let expected = step.expected, actual != expected {
            diagnostics.append(Self.mismatch(actual: actual, expected: expected, step: step))
        }
        var uncertainty: String?
        if !step.uncertainRows.isEmpty {
            uncertainty = "the oracle's verdict rests on uncertain table rows \(step.uncertainRows.joined(separator: ", ")) "
                + "(spec native-auth-v2 §3.4 U/T)"
        }
        return StepResult(
            action: step.action.name, endpoints: step.exchanges.map { V2Exchange.step($0.operation, relation: nil, path: $0.path) },
            earlierState: earlierState, actual: actual, expected: step.expected, requestsMatched: matched,
            diagnostics: diagnostics, uncertainty: uncertainty)
    }

    static func mismatch(actual: Outcome, expected: Outcome, step: V2ScriptStep) -> String {
        let responses = step.exchanges.map { "\($0.label) → \($0.status)" }.joined(separator: ", ")
        return "\(step.action.name) (oracle step \(step.oracleStep)) ended in \(actual), expected \(expected) "
            + "for the recorded responses [\(responses)]"
    }
}
