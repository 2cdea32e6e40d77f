import Foundation
import NativeAuth
import Oracle

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

/// Runs a campaign's cases on `jobs` workers ("lanes"), each with its own session of the source, and
/// watches them with one loop: a lane whose case passes its deadline has that case judged a hang and
/// is abandoned (its task may never end, its session goes with it); a fresh lane takes its place.
/// No timer or task is created per case.
final class LaneCampaign: Sendable {
    let runner: FuzzRunner
    /// The unmutated outcomes, by flow name and action.
    let baseline: [String: [Outcome?]]
    let limit: Int
    let start: ContinuousClock.Instant
    let progress: (@Sendable (FuzzProgress) -> Void)?
    let counter = CaseCounter()
    /// How often the watchdog looks at the lanes.
    static let patrolInterval = Duration.milliseconds(10)

    init(runner: FuzzRunner, baseline: [String: Outcome], limit: Int, start: ContinuousClock.Instant,
         progress: (@Sendable (FuzzProgress) -> Void)?) {
        self.runner = runner
        var byFlow: [String: [Outcome?]] = [:]
        for flow in runner.configuration.flows where byFlow[flow.name] == nil {
            byFlow[flow.name] = flow.actions.indices.map { baseline["\(flow.name)#\($0)"] }
        }
        self.baseline = byFlow
        self.limit = limit
        self.start = start
        self.progress = progress
    }

    /// Runs every case and returns the merged findings.
    func run() async -> FindingSet<FuzzCase> {
        var lanes = (0..<runner.configuration.jobs).map { _ in launch() }
        var merged = FindingSet()
        while !lanes.isEmpty {
            try? await Task.sleep(for: LaneCampaign.patrolInterval)
            let now = ContinuousClock.now
            var next: [Lane] = []
            for lane in lanes {
                switch lane.poll(now: now) {
                case .running:
                    next.append(lane)
                case .finished(let findings):
                    merged.merge(findings)
                case .overdue(let fuzzCase, let findings):
                    merged.merge(findings)
                    let (verdict, walk) = hang(fuzzCase)
                    merged.record(fuzzCase, verdict, walk: walk)
                    report(counter.finished(finding: verdict.kind.isFinding))
                    next.append(launch())
                }
            }
            lanes = next
        }
        return merged
    }

    private func launch() -> Lane {
        let lane = Lane()
        Task { await work(lane) }
        return lane
    }

    private func baseline(_ fuzzCase: FuzzCase) -> Outcome? {
        guard let outcomes = baseline[fuzzCase.flow], fuzzCase.action < outcomes.count else { return nil }
        return outcomes[fuzzCase.action]
    }

    private func hang(_ fuzzCase: FuzzCase) -> (Verdict, ChainPrediction?) {
        guard let flow = runner.flowsByName[fuzzCase.flow] else { return (Lane.unknownFlow(fuzzCase), nil) }
        let judged = runner.verdictAndWalk(fuzzCase, flow: flow, observation: nil, baseline: baseline(fuzzCase))
        return (judged.verdict, judged.walk)
    }

    private func report(_ done: (cases: Int, findings: Int)) {
        if let progress, done.cases % 2_000 == 0 {
            progress(FuzzProgress(cases: done.cases, findings: done.findings, elapsed: (ContinuousClock.now - start).seconds))
        }
    }

    /// One lane's loop: take the next index, make the case, observe it, judge it. Yields now and then
    /// so the watchdog (and more lanes than threads) get their turn.
    private func work(_ lane: Lane) async {
        let session = runner.source.makeSession()
        let timeout = Duration.milliseconds(Int64(runner.configuration.caseTimeout * 1_000))
        let duration = runner.configuration.duration
        var sinceYield = 0
        while let index = counter.next(limit: limit) {
            let now = ContinuousClock.now
            if let duration, (now - start).seconds >= duration { break }
            guard let fuzzCase = runner.generator.make(index: UInt64(index)) else { continue }
            let verdict: Verdict
            var walk: ChainPrediction?
            if let flow = runner.flowsByName[fuzzCase.flow] {
                lane.begin(fuzzCase, deadline: now + timeout)
                let observation = await session.observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses)
                guard lane.end() else { return }
                (verdict, walk) = runner.verdictAndWalk(fuzzCase, flow: flow, observation: observation, baseline: baseline(fuzzCase))
            } else {
                verdict = Lane.unknownFlow(fuzzCase)
            }
            lane.record(fuzzCase, verdict, walk: walk)
            report(counter.finished(finding: verdict.kind.isFinding))
            sinceYield += 1
            if sinceYield == 32 {
                sinceYield = 0
                await Task.yield()
            }
        }
        lane.finish()
    }
}

/// One worker's state as the watchdog sees it: the case in progress and its deadline, the findings
/// so far, and whether the worker finished or was given up on.
final class Lane: @unchecked Sendable {
    enum Poll {
        case running
        case finished(FindingSet<FuzzCase>)
        /// The case passed its deadline; the lane is abandoned and hands over what it found before.
        case overdue(FuzzCase, FindingSet<FuzzCase>)
    }

    private let lock = NSLock()
    private var current: FuzzCase?
    private var deadline = ContinuousClock.now
    private var abandoned = false
    private var finished = false
    private var findings = FindingSet()

    func begin(_ fuzzCase: FuzzCase, deadline: ContinuousClock.Instant) {
        lock.withLock {
            current = fuzzCase
            self.deadline = deadline
        }
    }

    /// Ends the current case; false when the watchdog already judged it a hang (the lane must stop).
    func end() -> Bool {
        lock.withLock {
            current = nil
            return !abandoned
        }
    }

    func record(_ fuzzCase: FuzzCase, _ verdict: Verdict, walk: ChainPrediction?) {
        lock.withLock { findings.record(fuzzCase, verdict, walk: walk) }
    }

    func finish() { lock.withLock { finished = true } }

    func poll(now: ContinuousClock.Instant) -> Poll {
        lock.withLock {
            if finished { return .finished(findings) }
            guard let fuzzCase = current, deadline <= now else { return .running }
            abandoned = true
            current = nil
            return .overdue(fuzzCase, findings)
        }
    }

    static func unknownFlow(_ fuzzCase: FuzzCase) -> Verdict {
        Verdict(kind: .prefixBroken, step: fuzzCase.step.name, expected: "-", actual: "-", note: "unknown flow")
    }
}
