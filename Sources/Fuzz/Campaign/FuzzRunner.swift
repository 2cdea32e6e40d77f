import Foundation
import NativeAuth
import Oracle

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
                flows: [FuzzFlow] = BaseFlows.all, operators: [any MutationOperator] = Operators.campaign, minimise: Bool = true) {
        self.seed = seed
        self.cases = cases
        self.duration = duration
        self.jobs = max(1, jobs)
        // Any deadline a user writes is honoured within [1 ms, 1 day]; NaN falls back to the default (a timer
        // in milliseconds must never be made from an unchecked Double).
        self.caseTimeout = caseTimeout.isNaN ? 2 : min(max(caseTimeout, 0.001), 86_400)
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

    public init(seed: UInt64, findings: FindingSet, elapsed: Double, baseline: [(flow: String, action: Int, verdict: Verdict)]) {
        self.seed = seed
        self.findings = findings
        self.elapsed = elapsed
        self.baseline = baseline
    }
}

/// Runs cases: generates them from the seed, drives the system under test with a per-case deadline,
/// judges each against the oracle, de-duplicates findings and minimises them.
public struct FuzzRunner: Sendable {
    public let configuration: FuzzConfiguration
    public let source: any OutcomeSource
    public let generator: CaseGenerator
    /// Flows by name (the first of a name wins, as in a lookup by name).
    let flowsByName: [String: FuzzFlow]
    /// The secrets of each flow's unmutated prefixes, worked out once.
    let secretsPlan: SecretsPlan
    /// The oracle's classifications of unmutated answers, shared by all cases.
    let answerClasses = AnswerClasses()

    public init(configuration: FuzzConfiguration, source: any OutcomeSource = EngineOutcomeSource()) {
        self.configuration = configuration
        self.source = source
        generator = CaseGenerator(flows: configuration.flows, operators: configuration.operators, seed: configuration.seed)
        flowsByName = Dictionary(configuration.flows.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        secretsPlan = SecretsPlan(flows: configuration.flows)
    }

    /// Runs the campaign.
    public func run(progress: (@Sendable (FuzzProgress) -> Void)? = nil) async -> FuzzRunResult {
        let start = ContinuousClock.now
        let (baselineOutcomes, baselineVerdicts) = await baseline()
        let limit = configuration.cases ?? (configuration.duration == nil ? 1_000 : Int.max)
        let campaign = LaneCampaign(runner: self, baseline: baselineOutcomes, limit: limit, start: start, progress: progress)
        var merged = await campaign.run()
        merged = await confirmHangs(merged, baseline: baselineOutcomes)
        let elapsed = (ContinuousClock.now - start).seconds
        if configuration.minimise {
            let watchdog = Watchdog(slots: 1)
            let watch = Task { await watchdog.patrol() }
            merged = await Minimiser(runner: self, baseline: baselineOutcomes, watchdog: watchdog).minimiseAll(merged)
            watchdog.stop()
            watch.cancel()
        }
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
                verdicts.append((flow.name, index, TokenCacheRead.servesFromCache(flow: flow, action: index)
                    ? TokenCacheRead.verdict(plain, observation: observation)
                    : Judge.judge(plain, observation: observation, baseline: nil,
                                  secrets: FuzzRunner.secrets(flow: flow, fuzzCase: plain))))
            }
        }
        return (outcomes, verdicts)
    }

    /// How many times the case deadline a hang gets when it is run again alone.
    static let hangConfirmationFactor = 10.0

    /// A hang can be the machine's load rather than the engine: each hang finding's case is run again
    /// alone with ten times the deadline, and the finding stands only if it does not end then either;
    /// otherwise the rerun's verdict replaces it (a pass, or another finding).
    func confirmHangs(_ findings: FindingSet, baseline: [String: Outcome]) async -> FindingSet {
        var confirmed = findings
        let watchdog = Watchdog(slots: 1)
        let watch = Task { await watchdog.patrol() }
        defer {
            watchdog.stop()
            watch.cancel()
        }
        for finding in findings.findings where finding.key.kind == .hang {
            let fuzzCase = finding.example
            let (verdict, _) = await judge(
                fuzzCase, baseline: baseline["\(fuzzCase.flow)#\(fuzzCase.action)"], watchdog: watchdog, slot: 0,
                timeout: configuration.caseTimeout * Self.hangConfirmationFactor)
            if verdict.kind != .hang { confirmed.replace(finding.key, with: fuzzCase, verdict) }
        }
        return confirmed
    }

    /// Runs one case under the deadline and judges it (outside the campaign's workers: minimisation,
    /// a single case, a hang's confirmation with a longer `timeout`).
    public func judge(_ fuzzCase: FuzzCase, baseline: Outcome?, watchdog: Watchdog, slot: Int, timeout: Double? = nil)
        async -> (Verdict, Observation?)
    {
        guard let flow = flowsByName[fuzzCase.flow] else {
            return (Verdict(kind: .prefixBroken, step: fuzzCase.step.name, expected: "-", actual: "-", note: "unknown flow"), nil)
        }
        let source = self.source
        let observation: Observation? = await withCheckedContinuation { continuation in
            let shot = OneShot(continuation)
            watchdog.arm(slot: slot, shot: shot, seconds: timeout ?? configuration.caseTimeout)
            Task {
                shot.resume(await source.observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses))
            }
        }
        watchdog.disarm(slot: slot)
        return (verdict(fuzzCase, flow: flow, observation: observation, baseline: baseline), observation)
    }

    /// The verdict of a case; the secrets are worked out only when an error message must be checked.
    func verdict(_ fuzzCase: FuzzCase, flow: FuzzFlow, observation: Observation?, baseline: Outcome?) -> Verdict {
        verdictAndWalk(fuzzCase, flow: flow, observation: observation, baseline: baseline).verdict
    }

    /// The verdict of a case and the oracle's walk of its answers (whose rows the campaign counts).
    func verdictAndWalk(_ fuzzCase: FuzzCase, flow: FuzzFlow, observation: Observation?, baseline: Outcome?)
        -> (verdict: Verdict, walk: ChainPrediction)
    {
        if TokenCacheRead.servesFromCache(flow: flow, action: fuzzCase.action) {
            return (TokenCacheRead.verdict(fuzzCase, observation: observation), TokenCacheRead.noRows(fuzzCase.step))
        }
        let walk = answerClasses.predict(fuzzCase, flow: flow)
        let verdict = Judge.judge(fuzzCase, observation: observation, baseline: baseline, prediction: walk,
                                  secretsIfNeeded: { secretsPlan.secrets(flow: flow, fuzzCase: fuzzCase) })
        return (verdict, walk)
    }

    /// Runs one case with its own timer (outside a campaign); nil when it did not end in time.
    public func observe(_ fuzzCase: FuzzCase, flow: FuzzFlow) async -> Observation? {
        let source = self.source
        let timeout = configuration.caseTimeout
        return await withCheckedContinuation { continuation in
            let shot = OneShot(continuation)
            let timer = Task {
                try? await Task.sleep(for: .milliseconds(Int64(timeout * 1_000)))
                shot.resume(nil)
            }
            Task {
                shot.resume(await source.observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses))
                timer.cancel()
            }
        }
    }

    /// Secrets of a case: values the user typed and tokens the server sent.
    package static func secrets(flow: FuzzFlow, fuzzCase: FuzzCase) -> [String] {
        var secrets: [String] = []
        for index in 0...fuzzCase.action {
            secrets += flow.actions[index].call.secrets
            secrets += tokens(in: index == fuzzCase.action ? fuzzCase.responses : flow.actions[index].responses)
        }
        return secrets.filter(isSecret)
    }

    /// The token values (`continuation_token`, access, refresh and id tokens) of some answers.
    static func tokens(in answers: [FuzzResponse]) -> [String] {
        var tokens: [String] = []
        for answer in answers {
            guard let node = JSONNode.parse(answer.body) else { continue }
            for key in ["continuation_token", "access_token", "refresh_token", "id_token"] {
                tokens += node.values(of: key).compactMap(\.stringValue)
            }
        }
        return tokens
    }

    /// A value worth checking for: six characters or more, and not just `A`s (the huge-string filler).
    static func isSecret(_ value: String) -> Bool {
        hasSixCharacters(value) && !isFiller(value)
    }

    /// `value.utf8.allSatisfy { $0 == "A" }`, eight bytes at a time (a huge-string filler is a megabyte).
    static func isFiller(_ value: String) -> Bool {
        let a = UInt8(ascii: "A")
        return value.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            let count = buffer.count
            var i = 0
            let word: UInt64 = 0x4141_4141_4141_4141
            while i + 8 <= count {
                if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) != word { return false }
                i += 8
            }
            while i < count {
                if base[i] != a { return false }
                i += 1
            }
            return true
        } ?? value.utf8.allSatisfy { $0 == a }
    }

    /// `value.count >= 6` without counting every character of a long value.
    static func hasSixCharacters(_ value: String) -> Bool {
        // Six ASCII bytes other than CR are six characters (only CR LF joins ASCII into one character),
        // so most values are decided without breaking them into characters.
        let utf8 = value.utf8
        if utf8.count < 6 { return false }
        if utf8.prefix(6).allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return true }
        return !value.dropFirst(5).isEmpty
    }
}

/// The secrets of each flow action's unmutated prefix (typed values up to the action, tokens of the
/// earlier actions' answers), so a case only reads the tokens of its own answers.
struct SecretsPlan: Sendable {
    /// Per flow name: per action, the prefix's secrets (already filtered with `isSecret`), and the action's
    /// unmutated answers with the tokens of each, so a case parses only the answers it changed.
    private let prefixes: [String: [(secrets: [String], answers: [FuzzResponse], tokens: [[String]])]]

    init(flows: [FuzzFlow]) {
        var prefixes: [String: [(secrets: [String], answers: [FuzzResponse], tokens: [[String]])]] = [:]
        for flow in flows where prefixes[flow.name] == nil {
            var running: [String] = []
            var perAction: [(secrets: [String], answers: [FuzzResponse], tokens: [[String]])] = []
            for action in flow.actions {
                let tokens = action.responses.map { FuzzRunner.tokens(in: [$0]) }
                perAction.append(((running + action.call.secrets).filter(FuzzRunner.isSecret), action.responses, tokens))
                running += action.call.secrets + tokens.flatMap { $0 }
            }
            prefixes[flow.name] = perAction
        }
        self.prefixes = prefixes
    }

    /// Equal to ``FuzzRunner/secrets(flow:fuzzCase:)`` (filtering distributes over the concatenation).
    func secrets(flow: FuzzFlow, fuzzCase: FuzzCase) -> [String] {
        guard let perAction = prefixes[flow.name], fuzzCase.action < perAction.count else {
            return FuzzRunner.secrets(flow: flow, fuzzCase: fuzzCase)
        }
        let plan = perAction[fuzzCase.action]
        var secrets = plan.secrets
        for (index, answer) in fuzzCase.responses.enumerated() {
            // Unchanged answers share their bytes with the flow's, so this comparison is cheap.
            let tokens = index < plan.answers.count && plan.answers[index] == answer
                ? plan.tokens[index] : FuzzRunner.tokens(in: [answer])
            secrets += tokens.filter(FuzzRunner.isSecret)
        }
        return secrets
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
    func run() async -> FindingSet {
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
        case finished(FindingSet)
        /// The case passed its deadline; the lane is abandoned and hands over what it found before.
        case overdue(FuzzCase, FindingSet)
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
