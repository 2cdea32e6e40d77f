import Driver
import Foundation
import Fuzz
import NativeAuth
import Oracle
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport phase for V2 flows: the V2 engine, with its live `URLSessionTransport`, against a
/// ``FaultServer`` that serves a V2 flow's scripted answers and breaks one exchange. V2 does not retry
/// (spec native-auth-v2 §3.2), so every mode breaks one attempt: a reset, an empty reply, a body cut short
/// or silence must end the action in `onFlowError` with a general error, the broken request sent once, as
/// the V2 oracle's walk of the answers (the broken one as status 0) says; a slow body is an answer.
public enum V2TransportFaultPhase {
    /// The cases of `seed`: `perMode` per fault, at positions of `flows` drawn from ``FuzzRandom``. Their
    /// indices (and so ids, `seed:tN`) start at `firstIndex`, so that in a campaign they follow V1's cases;
    /// the draws do not depend on it.
    public static func cases(seed: UInt64, flows: [V2FuzzFlow], perMode: Int, firstIndex: Int = 0) -> [TransportFaultCase] {
        let usable = flows.filter { !$0.positions.isEmpty && !$0.callsAccount }
        guard !usable.isEmpty, perMode > 0 else { return [] }
        var result: [TransportFaultCase] = []
        for _ in 0..<perMode {
            for fault in LiveFault.allCases {
                var random = FuzzRandom(runSeed: seed ^ 0x7632_7472_616E_7370, caseIndex: UInt64(result.count))
                let flow = random.pick(usable)
                let (action, response) = random.pick(flow.positions)
                result.append(TransportFaultCase(seed: seed, index: firstIndex + result.count, flow: flow.name, action: action,
                                                 response: response, fault: fault, persistent: false))
            }
        }
        return result
    }

    /// Runs every case one after another and judges each.
    public static func run(seed: UInt64, flows: [V2FuzzFlow] = V2BaseFlows.all, perMode: Int = 1, timeout: Double = 1,
                           slack: Double = 5, firstIndex: Int = 0,
                           onCase: (@Sendable (TransportFaultResult) -> Void)? = nil) async -> [TransportFaultResult] {
        var results: [TransportFaultResult] = []
        for fuzzCase in cases(seed: seed, flows: flows, perMode: perMode, firstIndex: firstIndex) {
            guard let flow = flows.first(where: { $0.name == fuzzCase.flow }) else { continue }
            let result = await judge(fuzzCase, flow: flow, timeout: max(1, timeout.rounded(.up)), slack: slack)
            results.append(result)
            onCase?(result)
        }
        return results
    }

    /// The case the campaign's finding set records for a V2 result: the broken action's answers as the client
    /// sees them. ``FuzzCase`` is V1's type; its `step` is the one field the reports do not show, so it holds
    /// a stand-in, and the V2 step is in the verdict (and so in the finding's key).
    static func reportCase(_ fuzzCase: TransportFaultCase, flow: V2FuzzFlow) -> FuzzCase {
        let v2Case = Self.plain(fuzzCase, flow: flow)
        return FuzzCase(seed: v2Case.seed, index: v2Case.index, flow: v2Case.flow, action: v2Case.action, response: v2Case.response,
                        step: .signInInitiate, operators: v2Case.operators, details: v2Case.details, responses: v2Case.responses,
                        metamorphic: false)
    }

    /// The plain V2 case the oracle judges: the broken action's answers as the client sees them.
    static func plain(_ fuzzCase: TransportFaultCase, flow: V2FuzzFlow) -> V2FuzzCase {
        V2FuzzCase(seed: fuzzCase.seed, index: (1 << 40) + UInt64(fuzzCase.index), flow: flow.name, action: fuzzCase.action,
                   response: fuzzCase.response, step: flow.actions[fuzzCase.action].step, operators: [fuzzCase.operatorName],
                   details: ["\(fuzzCase.fault.rawValue) on answer \(fuzzCase.response) of action \(fuzzCase.action)"],
                   responses: fuzzCase.items(answers: flow.actions[fuzzCase.action].responses).map(\.oracleResponse),
                   metamorphic: false)
    }

    /// Runs and judges one case.
    public static func judge(_ fuzzCase: TransportFaultCase, flow: V2FuzzFlow, timeout: Double, slack: Double = 5) async
        -> TransportFaultResult
    {
        let began = ContinuousClock.now
        let plain = plain(fuzzCase, flow: flow)
        let deadline = timeout * Double(max(fuzzCase.attempts, 1)) + slack
        let run = await observe(fuzzCase, flow: flow, timeout: timeout, deadline: deadline)
        var verdict = V2Judge.judge(plain, observation: run?.observation, baseline: nil,
                                    prediction: V2Judge.predict(step: plain.step, responses: plain.responses),
                                    secrets: { V2Judge.secrets(flow: flow, fuzzCase: plain) })
        let kinds = run?.kinds ?? []
        let expectation = TransportFaultExpectation.of(fuzzCase.fault)
        if run == nil {
            verdict.kind = .hang
            verdict.actual = "no outcome within \(String(format: "%.1f", deadline)) s"
        } else if verdict.kind == .pass, !expectation.accepts(kinds, attempts: fuzzCase.attempts) {
            verdict.kind = .mismatch
            verdict.expected += " after " + TransportFaultPhase.describe(expectation.expectedKinds(attempts: fuzzCase.attempts))
            verdict.actual += " after " + TransportFaultPhase.describe(kinds)
            verdict.note = "the live transport reported another failure kind than §0.1 gives for \(fuzzCase.fault.rawValue)"
        }
        let seconds = (ContinuousClock.now - began) / .seconds(1)
        return TransportFaultResult(fuzzCase: fuzzCase, verdict: verdict, kinds: kinds, messages: run?.messages ?? [],
                                    seconds: seconds)
    }

    static func observe(_ fuzzCase: TransportFaultCase, flow: V2FuzzFlow, timeout: Double, deadline: Double) async
        -> TransportFaultPhase.Run?
    {
        let server: FaultServer
        do {
            server = try await FaultServer.scripted()
        } catch {
            return TransportFaultPhase.Run(
                observation: Observation(outcome: nil, prefixProblem: "the fault server could not start: \(error)"), kinds: [])
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 1
        let session = URLSession(configuration: configuration)
        let transport = KindRecordingTransport(URLSessionTransport(session: session, timeout: timeout))
        let result = await Deadline.first(seconds: deadline) { await drive(fuzzCase, flow: flow, server: server, transport: transport) }
        await server.stop()
        session.finishTasksAndInvalidate()
        guard let result else { return nil }
        let since = transport.markIndex
        return TransportFaultPhase.Run(observation: result, kinds: transport.kinds(since: since), messages: transport.messages(since: since))
    }

    /// Runs actions `0...action` through Replay's ``V2ActionPerformer``; the broken action gets the case's items.
    static func drive(_ fuzzCase: TransportFaultCase, flow: V2FuzzFlow, server: FaultServer,
                      transport: KindRecordingTransport) async -> Observation {
        let environment = NativeAuthEnvironment(transport: transport, clock: CaseClock(), uuidSource: SeededUUIDSource(seed: 7))
        guard let app = try? MSALNativeAuthPublicClientApplication(
            clientId: EngineDriver.defaultClientId, authority: server.baseURL.appendingPathComponent(V2Answers.tenant),
            challengeTypes: [.OOB, .password], environment: environment)
        else { return Observation(outcome: nil, prefixProblem: "the engine rejected the configuration") }
        var performer = V2ActionPerformer(app: app)
        var previous: [FuzzResponse] = []
        for index in 0...fuzzCase.action {
            let step = flow.actions[index]
            let broken = index == fuzzCase.action
            server.load(broken ? fuzzCase.items(answers: step.responses) : step.responses.map { ServedItem($0) }, action: index)
            let before = server.requests.count
            if broken { transport.mark() }
            guard let action = V2LiveAction.of(step.step, after: previous),
                  let performed = try? await performer.perform(action)
            else {
                return Observation(outcome: nil, requests: server.requests,
                                   prefixProblem: "action \(index) (\(step.step)) has no state to call it on")
            }
            previous = step.responses
            if broken {
                let requests = server.requests
                return Observation(outcome: performed.outcome, errorMessage: performed.result.error?.errorDescription,
                                   requests: requests, actionRequests: requests.count - before)
            }
        }
        return Observation(outcome: nil, prefixProblem: "action \(fuzzCase.action) is out of range")
    }
}
