import Driver
import Foundation
import NativeAuth
import Oracle

/// Drives the engine through capture scripts over a ``ScriptedTransport`` and judges each step: the
/// engine's requests against the recorded ones, its Outcome against the oracle's expectation.
public struct ReplayRunner: Sendable {
    /// Seed of the correlation-id source (flow `n` uses `seed + n`).
    public var seed: UInt64
    /// Called with each flow's transport before the flow runs (tests use it to observe requests).
    public var transportObserver: (@Sendable (ScriptedTransport) -> Void)?
    /// How user actions are read from capture files (``replay(paths:)``).
    public var inference: InferenceOptions

    /// Creates a runner.
    public init(
        seed: UInt64 = 1, inference: InferenceOptions = .standard,
        transportObserver: (@Sendable (ScriptedTransport) -> Void)? = nil
    ) {
        self.seed = seed
        self.inference = inference
        self.transportObserver = transportObserver
    }

    /// Replays capture files; an unreadable file is a failed capture naming the problem.
    public func replay(paths: [String]) async -> ReplayReport {
        var results: [CaptureResult] = []
        for path in paths { results.append(await replay(ScriptInference.script(contentsOf: path, options: inference))) }
        return ReplayReport(captures: results, msal: inference.msal)
    }

    /// The report of captures this runner replayed (``replayFiles(_:)``), naming the MSAL it modelled.
    public func report(_ replayed: [ReplayedCapture]) -> ReplayReport {
        ReplayReport(captures: replayed.map(\.result), msal: inference.msal)
    }

    /// The flow's own app configuration when its exchanges name a client and challenge types;
    /// otherwise the capture's.
    static func configuration(of flow: FlowScript, fallback: ReplayAppConfiguration) -> ReplayAppConfiguration {
        guard !flow.exchanges.isEmpty else { return fallback }
        let own = flow.ownConfiguration ?? ScriptInference.inferConfiguration(flow.exchanges)
        guard !own.clientId.isEmpty, !own.challengeTypes.isEmpty else { return fallback }
        return own
    }

    /// Replays one inferred capture.
    public func replay(_ script: CaptureScript) async -> CaptureResult {
        var flows: [FlowResult] = []
        if !script.problems.isEmpty {
            flows.append(Self.unreplayable(script.problems))
        }
        // V1 and V2 flows in order of their first exchange.
        var ordered: [(entry: Int, result: FlowResult)] = []
        if let configuration = script.configuration {
            for (index, flow) in script.flows.enumerated() {
                // A capture may hold flows of several apps (client ids, challenge types): each
                // flow that starts with its own settings is replayed with them.
                let flowConfiguration = Self.configuration(of: flow, fallback: configuration)
                let result = await replay(flow, configuration: flowConfiguration, seed: seed &+ UInt64(index))
                ordered.append((flow.exchanges.first?.entryIndex ?? 0, result))
            }
        }
        for (index, flow) in script.v2Flows.enumerated() {
            let result = await replay(flow, seed: seed &+ UInt64(script.flows.count + index))
            ordered.append((flow.exchanges.first?.entryIndex ?? 0, result))
        }
        flows += ordered.enumerated().sorted { ($0.element.entry, $0.offset) < ($1.element.entry, $1.offset) }
            .map(\.element.result)
        let passed = !flows.isEmpty && flows.allSatisfy(\.passed)
        return CaptureResult(path: script.path, flows: flows, passed: passed)
    }

    /// Replays one flow with a fresh application (its own transport, clock, ids and token cache).
    public func replay(_ flow: FlowScript, configuration: ReplayAppConfiguration, seed: UInt64) async -> FlowResult {
        let transport = ScriptedTransport(exchanges: flow.exchanges)
        transportObserver?(transport)
        let driver: EngineDriver
        do {
            driver = try Self.driver(configuration, transport: transport, seed: seed)
        } catch {
            return FlowResult(kind: flow.kind, steps: [Self.problemStep("the app cannot be configured: \(error)")])
        }
        var performer = ActionPerformer(driver: driver)
        var steps: [StepResult] = []
        for step in flow.steps {
            steps.append(await run(step, performer: &performer, transport: transport))
        }
        if !flow.problems.isEmpty { steps.append(Self.problemStep(flow.problems)) }
        return FlowResult(kind: flow.kind, steps: steps)
    }

    private func run(_ step: ScriptStep, performer: inout ActionPerformer, transport: ScriptedTransport) async
        -> StepResult
    {
        transport.expect(step.exchanges)
        var diagnostics = step.notes
        var actual: Outcome?
        var earlierState: EarlierState?
        do {
            let performed = try await performer.perform(
                step.action, on: step.state, token: step.exchanges.first?.field("continuation_token"))
            actual = performed.outcome
            earlierState = performed.earlierState
        } catch {
            diagnostics.append(error.message)
        }
        let log = transport.log
        var matched = log.allSatisfy { $0.answeredBy != nil }
        for served in log { if let refusal = served.refusal { diagnostics.append("request refused (fail closed): " + refusal) } }
        let missing = transport.unanswered
        if actual != nil, !missing.isEmpty {
            matched = false
            diagnostics.append(
                "the engine ended \(step.action.name) without sending "
                    + missing.map(\.label).joined(separator: ", "))
        }
        if let actual, let expected = step.expected, actual != expected {
            diagnostics.append(Self.mismatch(actual: actual, expected: expected, step: step))
        }
        return StepResult(
            action: step.action.name, endpoints: step.exchanges.map(\.endpoint.path), earlierState: earlierState,
            actual: actual, expected: step.expected, requestsMatched: matched, diagnostics: diagnostics)
    }

    static func mismatch(actual: Outcome, expected: Outcome, step: ScriptStep) -> String {
        var parts: [String] = []
        if actual.callback != expected.callback { parts.append("callback \(actual.callback), expected \(expected.callback)") }
        if actual.error != expected.error {
            parts.append("error \(actual.error ?? "none"), expected \(expected.error ?? "none")")
        }
        if actual.newState != expected.newState {
            parts.append("newState \(actual.newState ?? "nil"), expected \(expected.newState ?? "nil")")
        }
        if actual.newStateToken != expected.newStateToken {
            parts.append("newStateToken \(actual.newStateToken ?? "nil"), expected \(expected.newStateToken ?? "nil")")
        }
        let responses = step.exchanges.map { "\($0.label) → \($0.status)" }.joined(separator: ", ")
        return "\(step.action.name) (oracle step \(step.oracleStep.name)) ended in \(parts.joined(separator: "; ")) "
            + "for the recorded responses [\(responses)]"
    }

    static func driver(_ configuration: ReplayAppConfiguration, transport: ScriptedTransport, seed: UInt64) throws
        -> EngineDriver
    {
        guard let url = URL(string: configuration.authority) else {
            throw ConfigurationProblem(description: "authority \(configuration.authority) is not a URL")
        }
        return try EngineDriver(
            clientId: configuration.clientId, authority: url, challengeTypes: configuration.challengeTypes,
            capabilities: configuration.capabilities, transport: transport, uuids: SeededUUIDSource(seed: seed))
    }

    /// Why the app of a flow cannot be configured.
    struct ConfigurationProblem: Error, CustomStringConvertible {
        var description: String
    }

    static func problemStep(_ problems: [String]) -> StepResult {
        StepResult(action: "none", endpoints: [], actual: nil, expected: nil, requestsMatched: false, diagnostics: problems)
    }

    static func problemStep(_ problem: String) -> StepResult { problemStep([problem]) }

    static func unreplayable(_ problems: [String]) -> FlowResult {
        FlowResult(kind: "unreplayable", steps: [problemStep(problems)])
    }
}
