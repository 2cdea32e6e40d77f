import Driver
import Foundation
import Fuzz
import NativeAuth
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Options of the transport phase of `authtape fuzz`.
public struct TransportFaultOptions: Sendable {
    /// The run seed (the same seed gives the same cases).
    public var seed: UInt64
    /// The flows faults are placed in.
    public var flows: [FuzzFlow]
    /// Cases per (fault, persistent) combination; nine combinations.
    public var perMode: Int
    /// The live transport's per-request timeout in seconds (a never-answering server ends after it).
    /// Rounded up to whole seconds: FoundationNetworking on Linux truncates a fractional timeout, so
    /// 0.5 s would time out at once.
    public var timeout: Double
    /// Extra seconds, beyond every attempt timing out, before a case counts as a hang.
    public var slack: Double

    public init(seed: UInt64, flows: [FuzzFlow] = BaseFlows.all, perMode: Int = 1, timeout: Double = 1, slack: Double = 5) {
        self.seed = seed
        self.flows = flows
        self.perMode = perMode
        self.timeout = max(1, timeout.rounded(.up))
        self.slack = slack
    }
}

/// The judgement of one transport-fault case.
public struct TransportFaultResult: Sendable {
    public var fuzzCase: TransportFaultCase
    public var verdict: Verdict
    /// The `TransportError` kinds the live transport reported during the broken action, in order.
    public var kinds: [String]
    /// Their messages (URL-loading error codes and paths, no secrets).
    public var messages: [String]
    /// Seconds the case took.
    public var seconds: Double
}

/// Runs transport-fault cases: each drives the NativeAuth engine, with its live `URLSessionTransport`,
/// against a ``FaultServer`` that serves the flow's scripted answers and breaks one exchange. The
/// expected outcome comes from the oracle's walk over the answers as the client sees them (a failed
/// attempt is status 0) and ``TransportFaultExpectation``; every case must end within a deadline.
public enum TransportFaultPhase {
    /// Runs every case of `options` one after another (so timing does not change outcomes) and returns a
    /// result the fuzz reports can render. `onCase` is told about each case as it ends.
    public static func run(_ options: TransportFaultOptions,
                           onCase: (@Sendable (TransportFaultResult) -> Void)? = nil) async -> (FuzzRunResult, [TransportFaultResult]) {
        let start = ContinuousClock.now
        var findings = FindingSet()
        var results: [TransportFaultResult] = []
        for fuzzCase in TransportFaultCase.cases(seed: options.seed, flows: options.flows, perMode: options.perMode) {
            guard let flow = options.flows.first(where: { $0.name == fuzzCase.flow }) else { continue }
            let result = await judge(fuzzCase, flow: flow, options: options)
            findings.record(fuzzCase.fuzzCase(of: flow), result.verdict)
            results.append(result)
            onCase?(result)
        }
        let elapsed = (ContinuousClock.now - start) / .seconds(1)
        return (FuzzRunResult(seed: options.seed, findings: findings, elapsed: elapsed, baseline: []), results)
    }

    /// Runs and judges one case.
    public static func judge(_ fuzzCase: TransportFaultCase, flow: FuzzFlow, options: TransportFaultOptions) async -> TransportFaultResult {
        let began = ContinuousClock.now
        let plain = fuzzCase.fuzzCase(of: flow)
        let deadline = options.timeout * Double(max(fuzzCase.attempts, 1)) + options.slack + 0.5 * Double(fuzzCase.action)
        let run = await observe(fuzzCase, flow: flow, timeout: options.timeout, deadline: deadline)
        var verdict = Judge.judge(plain, observation: run?.observation, baseline: nil,
                                  secrets: FuzzRunner.secrets(flow: flow, fuzzCase: plain))
        let kinds = run?.kinds ?? []
        let messages = run?.messages ?? []
        let expectation = TransportFaultExpectation.of(fuzzCase.fault)
        if run == nil {
            verdict.actual = "no outcome within \(String(format: "%.1f", deadline)) s"
            verdict.note = "the engine did not end after a \(fuzzCase.fault.rawValue) (transport timeout \(options.timeout) s)"
        } else if verdict.kind == .pass, !expectation.accepts(kinds, attempts: fuzzCase.attempts) {
            verdict.kind = .mismatch
            verdict.expected += " after " + describe(expectation.expectedKinds(attempts: fuzzCase.attempts))
            verdict.actual += " after " + describe(kinds)
            verdict.note = "the live transport reported another failure kind than §0.1 gives for \(fuzzCase.fault.rawValue): "
                + messages.joined(separator: "; ")
        } else if verdict.kind.isFinding {
            verdict.note += (verdict.note.isEmpty ? "" : "; ") + "transport reported " + describe(kinds)
                + (messages.isEmpty ? "" : " (" + messages.joined(separator: "; ") + ")")
        }
        let seconds = (ContinuousClock.now - began) / .seconds(1)
        return TransportFaultResult(fuzzCase: fuzzCase, verdict: verdict, kinds: kinds, messages: messages, seconds: seconds)
    }

    static func describe(_ kinds: [String]) -> String {
        kinds.isEmpty ? "no transport failure" : kinds.joined(separator: ", ")
    }

    /// What the engine did, with the transport failure kinds, or nil when it did not end by `deadline`.
    struct Run: Sendable {
        var observation: Observation
        var kinds: [String]
        var messages: [String] = []
    }

    static func observe(_ fuzzCase: TransportFaultCase, flow: FuzzFlow, timeout: Double, deadline: Double) async -> Run? {
        let server: FaultServer
        do {
            server = try await FaultServer.scripted()
        } catch {
            return Run(observation: Observation(outcome: nil, prefixProblem: "the fault server could not start: \(error)"), kinds: [])
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 1
        let session = URLSession(configuration: configuration)
        let transport = KindRecordingTransport(URLSessionTransport(session: session, timeout: timeout))
        let result = await Deadline.first(seconds: deadline) {
            await drive(fuzzCase, flow: flow, server: server, transport: transport)
        }
        await server.stop()
        session.finishTasksAndInvalidate()
        guard let result else { return nil }
        let since = transport.markIndex
        return Run(observation: result, kinds: transport.kinds(since: since), messages: transport.messages(since: since))
    }

    /// Runs actions `0...action`; the broken action gets the case's items, earlier ones their script.
    static func drive(_ fuzzCase: TransportFaultCase, flow: FuzzFlow, server: FaultServer,
                      transport: KindRecordingTransport) async -> Observation {
        let driver: EngineDriver
        do {
            driver = try EngineDriver(
                authority: server.baseURL.appendingPathComponent("contoso.onmicrosoft.com"),
                challengeTypes: flow.challengeTypes, capabilities: flow.capabilities, transport: transport,
                uuids: SeededUUIDSource(seed: 7))
        } catch {
            return Observation(outcome: nil, prefixProblem: "the engine rejected the configuration")
        }
        var previous = HeldObjects()
        for index in 0...fuzzCase.action {
            let step = flow.actions[index]
            let broken = index == fuzzCase.action
            server.load(broken ? fuzzCase.items(of: flow) : step.responses.map { ServedItem($0) }, action: index)
            let before = server.requests.count
            if broken { transport.mark() }
            guard let performed = await driver.perform(step.call, held: previous) else {
                return Observation(outcome: nil, requests: server.requests,
                                   prefixProblem: "action \(index) (\(step.call.methodName)) has no state to call it on")
            }
            previous = performed.held
            if broken {
                let requests = server.requests
                return Observation(outcome: performed.outcome, errorMessage: previous.errorMessage,
                                   requests: requests, actionRequests: requests.count - before)
            }
        }
        return Observation(outcome: nil, prefixProblem: "action \(fuzzCase.action) is out of range")
    }
}

/// Forwards to the live transport unchanged and notes the kind of every ``TransportError`` it throws.
final class KindRecordingTransport: Transport, @unchecked Sendable {
    private let inner: any Transport
    private let lock = NSLock()
    private var seen: [String] = []
    private var texts: [String] = []
    private var markAt = 0

    init(_ inner: any Transport) { self.inner = inner }

    func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        do {
            return try await inner.send(request)
        } catch let error as TransportError {
            lock.withLock {
                seen.append(error.kind.rawValue)
                texts.append(error.message)
            }
            throw error
        }
    }

    /// Starts counting the broken action's failures.
    func mark() { lock.withLock { markAt = seen.count } }
    var markIndex: Int { lock.withLock { markAt } }
    func kinds(since index: Int) -> [String] { lock.withLock { Array(seen[min(index, seen.count)...]) } }
    func messages(since index: Int) -> [String] { lock.withLock { Array(texts[min(index, texts.count)...]) } }
}

/// Races an operation against a deadline without waiting for the loser: a hung engine is abandoned.
enum Deadline {
    static func first<T: Sendable>(seconds: Double, _ operation: @escaping @Sendable () async -> T) async -> T? {
        let gate = OneShot<T>()
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            gate.install(continuation)
            Task { gate.resume(await operation()) }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                gate.resume(nil)
            }
        }
    }
}
