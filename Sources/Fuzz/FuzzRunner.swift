import Foundation
import NativeAuth

/// What a campaign runs: seed, budget, parallelism, deadline, flows and operators.
public struct FuzzConfiguration: Sendable {
    /// The run seed; printed first, every case derives from it.
    public var seed: UInt64
    /// Stop after this many cases (when `duration` is nil, 1,000 by default).
    public var cases: Int?
    /// Stop after this many seconds.
    public var duration: Double?
    /// Parallel workers.
    public var jobs: Int
    /// Per-case deadline in seconds; a case that has not ended by then is a `hang`.
    public var caseTimeout: Double
    /// The base flows.
    public var flows: [FuzzFlow]
    /// The operators.
    public var operators: [any MutationOperator]
    /// Minimise findings after the campaign.
    public var minimise: Bool

    public init(seed: UInt64, cases: Int? = nil, duration: Double? = nil, jobs: Int = 2, caseTimeout: Double = 2,
                flows: [FuzzFlow] = BaseFlows.all, operators: [any MutationOperator] = Operators.all, minimise: Bool = true) {
        self.seed = seed
        self.cases = cases
        self.duration = duration
        self.jobs = max(1, jobs)
        self.caseTimeout = caseTimeout
        self.flows = flows
        self.operators = operators
        self.minimise = minimise
    }
}

/// A campaign's progress, reported while it runs.
public struct FuzzProgress: Sendable {
    public var cases: Int
    public var findings: Int
    public var elapsed: Double
    public var casesPerSecond: Double { elapsed > 0 ? Double(cases) / elapsed : 0 }
}

/// The result of a campaign.
public struct FuzzRunResult: Sendable {
    public var seed: UInt64
    public var findings: FindingSet
    public var elapsed: Double
    /// Verdicts of the unmutated flows (each action judged once); non-pass ones are listed as findings too.
    public var baseline: [(flow: String, action: Int, verdict: Verdict)]
    public var casesPerSecond: Double { elapsed > 0 ? Double(findings.total) / elapsed : 0 }
}

/// Runs cases: generates them from the seed, drives the system under test with a per-case deadline,
/// judges each against the oracle, de-duplicates findings and minimises them.
public struct FuzzRunner: Sendable {
    public let configuration: FuzzConfiguration
    public let source: any OutcomeSource
    public let generator: CaseGenerator

    public init(configuration: FuzzConfiguration, source: any OutcomeSource = EngineOutcomeSource()) {
        self.configuration = configuration
        self.source = source
        generator = CaseGenerator(flows: configuration.flows, operators: configuration.operators, seed: configuration.seed)
    }

    /// Runs the campaign.
    public func run(progress: (@Sendable (FuzzProgress) -> Void)? = nil) async -> FuzzRunResult {
        let start = ContinuousClock.now
        let (baselineOutcomes, baselineVerdicts) = await baseline()
        let limit = configuration.cases ?? (configuration.duration == nil ? 1_000 : Int.max)
        let counter = CaseCounter()
        let watchdog = Watchdog(slots: configuration.jobs)
        let watch = Task { await watchdog.patrol() }
        var merged = FindingSet()
        await withTaskGroup(of: FindingSet.self) { group in
            for worker in 0..<configuration.jobs {
                group.addTask {
                    var local = FindingSet()
                    while let index = counter.next(limit: limit) {
                        if let duration = configuration.duration, (ContinuousClock.now - start).seconds >= duration { break }
                        guard let fuzzCase = generator.make(index: UInt64(index)) else { continue }
                        let key = "\(fuzzCase.flow)#\(fuzzCase.action)"
                        let (verdict, _) = await judge(fuzzCase, baseline: baselineOutcomes[key], watchdog: watchdog, slot: worker)
                        local.record(fuzzCase, verdict)
                        let done = counter.finished(finding: verdict.kind.isFinding)
                        if let progress, done.cases % 2_000 == 0 {
                            progress(FuzzProgress(cases: done.cases, findings: done.findings, elapsed: (ContinuousClock.now - start).seconds))
                        }
                    }
                    return local
                }
            }
            for await local in group { merged.merge(local) }
        }
        let elapsed = (ContinuousClock.now - start).seconds
        if configuration.minimise {
            merged = await Minimiser(runner: self, baseline: baselineOutcomes, watchdog: watchdog).minimiseAll(merged)
        }
        watchdog.stop()
        watch.cancel()
        return FuzzRunResult(seed: configuration.seed, findings: merged, elapsed: elapsed, baseline: baselineVerdicts)
    }

    /// Runs every unmutated action once: the outcomes metamorphic cases compare against, and verdicts.
    public func baseline() async -> ([String: Outcome], [(flow: String, action: Int, verdict: Verdict)]) {
        var outcomes: [String: Outcome] = [:]
        var verdicts: [(flow: String, action: Int, verdict: Verdict)] = []
        for flow in configuration.flows {
            for (index, action) in flow.actions.enumerated() {
                let plain = FuzzCase(seed: configuration.seed, index: 0, flow: flow.name, action: index, response: 0,
                                     step: action.step, operators: ["none"], details: ["unmutated"],
                                     responses: action.responses, metamorphic: false)
                let observation = await observe(plain, flow: flow)
                outcomes["\(flow.name)#\(index)"] = observation?.outcome
                verdicts.append((flow.name, index, Judge.judge(plain, observation: observation, baseline: nil,
                                                               secrets: FuzzRunner.secrets(flow: flow, fuzzCase: plain))))
            }
        }
        return (outcomes, verdicts)
    }

    /// Runs one case under the deadline and judges it.
    public func judge(_ fuzzCase: FuzzCase, baseline: Outcome?, watchdog: Watchdog, slot: Int) async -> (Verdict, Observation?) {
        guard let flow = configuration.flows.first(where: { $0.name == fuzzCase.flow }) else {
            return (Verdict(kind: .prefixBroken, step: fuzzCase.step.name, expected: "-", actual: "-", note: "unknown flow"), nil)
        }
        let source = self.source
        let observation: Observation? = await withCheckedContinuation { continuation in
            let shot = OneShot(continuation)
            watchdog.arm(slot: slot, shot: shot, seconds: configuration.caseTimeout)
            Task {
                shot.resume(await source.observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses))
            }
        }
        watchdog.disarm(slot: slot)
        let verdict = Judge.judge(fuzzCase, observation: observation, baseline: baseline,
                                  secrets: FuzzRunner.secrets(flow: flow, fuzzCase: fuzzCase))
        return (verdict, observation)
    }

    /// Runs one case with its own timer (outside a campaign); nil when it did not end in time.
    public func observe(_ fuzzCase: FuzzCase, flow: FuzzFlow) async -> Observation? {
        let source = self.source
        let timeout = configuration.caseTimeout
        return await withCheckedContinuation { continuation in
            let shot = OneShot(continuation)
            Task { shot.resume(await source.observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses)) }
            Task {
                try? await Task.sleep(for: .milliseconds(Int64(timeout * 1_000)))
                shot.resume(nil)
            }
        }
    }

    /// Secrets of a case: values the user typed and tokens the server sent.
    static func secrets(flow: FuzzFlow, fuzzCase: FuzzCase) -> [String] {
        var secrets: [String] = []
        for index in 0...fuzzCase.action {
            secrets += flow.actions[index].call.secrets
            let answers = index == fuzzCase.action ? fuzzCase.responses : flow.actions[index].responses
            for answer in answers {
                guard let node = JSONNode.parse(answer.body) else { continue }
                for key in ["continuation_token", "access_token", "refresh_token", "id_token"] {
                    secrets += node.values(of: key).compactMap(\.stringValue)
                }
            }
        }
        return secrets.filter { $0.count >= 6 && !$0.allSatisfy { $0 == "A" } }
    }
}

/// Hands out case indexes and counts finished cases.
final class CaseCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var done = 0
    private var findings = 0

    func next(limit: Int) -> Int? {
        lock.withLock {
            guard nextIndex < limit else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }

    func finished(finding: Bool) -> (cases: Int, findings: Int) {
        lock.withLock {
            done += 1
            if finding { findings += 1 }
            return (done, findings)
        }
    }
}

/// Resumes a continuation once: with the observation, or with nil when the deadline passes first.
final class OneShot: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Observation?, Never>?

    init(_ continuation: CheckedContinuation<Observation?, Never>) { self.continuation = continuation }

    func resume(_ value: Observation?) {
        let taken: CheckedContinuation<Observation?, Never>? = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        taken?.resume(returning: value)
    }
}

/// One timer for all workers: each worker arms its slot per case; the patrol ends overdue cases as hangs.
/// A hung case's task is abandoned (it may never finish); the campaign goes on.
public final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [(shot: OneShot, deadline: ContinuousClock.Instant)?]
    private var stopped = false

    init(slots: Int) { self.slots = Array(repeating: nil, count: max(slots, 1)) }

    func arm(slot: Int, shot: OneShot, seconds: Double) {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1_000)))
        lock.withLock { slots[slot] = (shot, deadline) }
    }

    func disarm(slot: Int) { lock.withLock { slots[slot] = nil } }

    func stop() { lock.withLock { stopped = true } }

    func patrol() async {
        while !(lock.withLock { stopped }) {
            try? await Task.sleep(for: .milliseconds(20))
            let now = ContinuousClock.now
            let overdue: [OneShot] = lock.withLock {
                var due: [OneShot] = []
                for index in slots.indices {
                    if let slot = slots[index], slot.deadline <= now {
                        due.append(slot.shot)
                        slots[index] = nil
                    }
                }
                return due
            }
            for shot in overdue { shot.resume(nil) }
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
