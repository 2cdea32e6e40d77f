import Foundation
import NativeAuth

/// When a campaign first caught one planted fault.
public struct FaultKill: Sendable {
    public var fault: PlantedFault
    /// The case that first caught it (nil: never caught within the budget).
    public var caseIndex: UInt64?
    /// The verdict of that case with the fault planted.
    public var verdict: Verdict?
    /// The operators of that case.
    public var operators: [String]
    /// True when the unmutated base flows already expose the fault (no mutation needed).
    public var caughtByBaseline: Bool

    /// Cases the campaign ran until the fault was caught (the catching case included).
    public var caseCount: UInt64? { caseIndex.map { $0 + 1 } }
}

/// The proof that the fuzzer can fail: runs the cases of a campaign (same seed, flows and operators, so
/// the same cases in the same order as `authtape fuzz`) once on the real engine and judges each case a
/// second time for every planted fault not caught yet, with that fault applied to the observation
/// (``PlantedFault/apply(flow:action:to:)``, what ``FaultySource`` does). A fault is caught by the first
/// case whose verdict with the fault is a finding the real engine's verdict is not. It stops when the
/// budget ends or every fault is caught (after every earlier case, so kills do not depend on timing).
public struct FaultProof: Sendable {
    public let runner: FuzzRunner
    public let faults: [PlantedFault]

    public init(configuration: FuzzConfiguration, faults: [PlantedFault] = PlantedFaults.all) {
        runner = FuzzRunner(configuration: configuration)
        self.faults = faults
    }

    /// Runs the proof: one ``FaultKill`` per fault, in the order of `faults`.
    public func run() async -> [FaultKill] {
        let (baselines, real) = await baselineObservations()
        let state = ProofState(faults: faults, cases: runner.configuration.cases, duration: runner.configuration.duration)
        for (f, fault) in faults.enumerated() {
            for (key, observation) in real {
                guard let flow = runner.flowsByName[key.flow] else { continue }
                let faulty = fault.apply(flow: flow, action: key.action, to: observation)
                if faulty.outcome != observation.outcome || faulty.actionRequests != observation.actionRequests {
                    state.baselineCatch(f)
                }
            }
        }
        let jobs = runner.configuration.jobs
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<jobs {
                group.addTask { await self.lane(state: state, baselines: baselines) }
            }
        }
        return state.kills()
    }

    /// The real engine's observation of every unmutated action, and the outcome each fault turns it into.
    private func baselineObservations() async -> ([Int: [String: Outcome]], [ActionKey: Observation]) {
        var real: [ActionKey: Observation] = [:]
        for flow in runner.configuration.flows {
            for (index, action) in flow.actions.enumerated() {
                let plain = FuzzCase(seed: runner.configuration.seed, index: 0, flow: flow.name, action: index, response: 0,
                                     step: action.step, operators: ["none"], details: ["unmutated"],
                                     responses: action.responses, metamorphic: false)
                if let observation = await runner.observe(plain, flow: flow) { real[ActionKey(flow: flow.name, action: index)] = observation }
            }
        }
        var perFault: [Int: [String: Outcome]] = [:]
        for (f, fault) in faults.enumerated() {
            var outcomes: [String: Outcome] = [:]
            for (key, observation) in real {
                guard let flow = runner.flowsByName[key.flow] else { continue }
                outcomes["\(key.flow)#\(key.action)"] = fault.apply(flow: flow, action: key.action, to: observation).outcome
            }
            perFault[f] = outcomes
        }
        var plain: [String: Outcome] = [:]
        for (key, observation) in real { plain["\(key.flow)#\(key.action)"] = observation.outcome }
        perFault[-1] = plain
        return (perFault, real)
    }

    private func lane(state: ProofState, baselines: [Int: [String: Outcome]]) async {
        let session = runner.source.makeSession()
        while let index = state.next() {
            guard let fuzzCase = runner.generator.make(index: UInt64(index)),
                  let flow = runner.flowsByName[fuzzCase.flow] else { continue }
            let observation = await session.observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses)
            let key = "\(fuzzCase.flow)#\(fuzzCase.action)"
            let real = runner.verdict(fuzzCase, flow: flow, observation: observation, baseline: baselines[-1]?[key])
            for f in state.alive(below: index) {
                let faulty = faults[f].apply(flow: flow, action: fuzzCase.action, to: observation)
                let faultyBaseline = baselines[f]?[key]
                guard faulty.outcome != observation.outcome || faulty.actionRequests != observation.actionRequests
                        || faultyBaseline != baselines[-1]?[key] else { continue }
                let verdict = runner.verdict(fuzzCase, flow: flow, observation: faulty, baseline: faultyBaseline)
                if verdict.kind.isFinding, verdict != real { state.caught(f, at: index, verdict, fuzzCase.operators) }
            }
        }
    }
}

struct ActionKey: Hashable {
    var flow: String
    var action: Int
}

/// The proof's shared progress: next case index, the first catch of each fault.
final class ProofState: @unchecked Sendable {
    private let lock = NSLock()
    private var kill: [(index: Int, verdict: Verdict, operators: [String])?]
    private var baseline: [Bool]
    private let faults: [PlantedFault]
    private var cursor = 0
    private let limit: Int?
    private let deadline: ContinuousClock.Instant?

    /// Progress over `faults` for a budget of `cases` cases (1,000 when neither is given) or `duration` seconds.
    init(faults: [PlantedFault], cases: Int?, duration: Double?) {
        self.faults = faults
        kill = Array(repeating: nil, count: faults.count)
        baseline = Array(repeating: false, count: faults.count)
        limit = duration == nil ? (cases ?? 1_000) : cases
        deadline = duration.map { ContinuousClock.now + .milliseconds($0.isNaN ? 0 : Int64(max(0, min($0, 86_400)) * 1_000)) }
    }

    func baselineCatch(_ fault: Int) { lock.withLock { baseline[fault] = true } }

    /// The next case to run, nil when the budget is spent or every fault is caught by an earlier case.
    func next() -> Int? {
        lock.withLock {
            if let limit, cursor >= limit { return nil }
            if let deadline, ContinuousClock.now >= deadline { return nil }
            if kill.allSatisfy({ $0 != nil }), let last = kill.compactMap({ $0?.index }).max(), cursor > last { return nil }
            defer { cursor += 1 }
            return cursor
        }
    }

    /// Faults that case `index` may still catch first.
    func alive(below index: Int) -> [Int] {
        lock.withLock { kill.indices.filter { kill[$0].map { $0.index > index } ?? true } }
    }

    func caught(_ fault: Int, at index: Int, _ verdict: Verdict, _ operators: [String]) {
        lock.withLock {
            if let known = kill[fault], known.index <= index { return }
            kill[fault] = (index, verdict, operators)
        }
    }

    func kills() -> [FaultKill] {
        lock.withLock {
            faults.indices.map { f in
                FaultKill(fault: faults[f], caseIndex: kill[f].map { UInt64($0.index) }, verdict: kill[f]?.verdict,
                          operators: kill[f]?.operators ?? [], caughtByBaseline: baseline[f])
            }
        }
    }
}
