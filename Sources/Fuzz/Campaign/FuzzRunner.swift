import Foundation
import NativeAuth
import Oracle

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
        let limit = configuration.caseLimit
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
                var observation = await observe(plain, flow: flow)
                if observation == nil {
                    // As in the campaign, a hang is the machine's load until it also hangs alone with ten times the deadline.
                    observation = await observe(plain, flow: flow, timeout: configuration.caseTimeout * Self.hangConfirmationFactor)
                }
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
    func confirmHangs(_ findings: FindingSet<FuzzCase>, baseline: [String: Outcome]) async -> FindingSet<FuzzCase> {
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
    public func observe(_ fuzzCase: FuzzCase, flow: FuzzFlow, timeout: Double? = nil) async -> Observation? {
        let source = self.source
        let timeout = timeout ?? configuration.caseTimeout
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
}
