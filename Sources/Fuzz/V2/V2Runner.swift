import Foundation
import NativeAuth
import Oracle
import Replay

/// What a V2 campaign runs: the limits every campaign shares (``CampaignLimits``, read as this
/// configuration's own members: `configuration.jobs`), flows, operators and the MSAL modelled.
public struct V2Configuration: CampaignConfiguration {
    /// Seed, budget, workers, deadline and minimisation, shared with V1's ``FuzzConfiguration``.
    public var limits: CampaignLimits
    public var flows: [V2FuzzFlow]
    public var operators: [any MutationOperator]
    /// The MSAL the campaign models, as `replay --msal` does: the engine under test gets its V2 options
    /// (``ModelledMSAL/engineOptions``, unless the runner is given another source) and the oracle its
    /// profile, so a 2.17 campaign judges a 2.17-configured engine by the 2.17 rows.
    public var msal: ModelledMSAL

    public init(seed: UInt64, cases: Int? = nil, duration: Double? = nil, jobs: Int = 2,
                caseTimeout: Double = CampaignLimits.defaultCaseTimeout, flows: [V2FuzzFlow] = V2BaseFlows.all,
                operators: [any MutationOperator] = Operators.v2, msal: ModelledMSAL = .standard, minimise: Bool = true) {
        limits = CampaignLimits(seed: seed, cases: cases, duration: duration, jobs: jobs, caseTimeout: caseTimeout, minimise: minimise)
        self.flows = flows
        self.operators = operators
        self.msal = msal
    }

    /// The oracle's profile: ``msal``'s.
    public var profile: V2OracleProfile { msal.oracleProfile }
}

/// The result of a V2 campaign.
public struct V2RunResult: Sendable {
    public var seed: UInt64
    public var findings: V2FindingSet
    public var elapsed: Double
    /// Verdicts of the unmutated flows (each action once); non-pass ones count as problems.
    public var baseline: [(flow: String, action: Int, verdict: Verdict)]
    public var casesPerSecond: Double { elapsed > 0 ? Double(findings.total) / elapsed : 0 }
}

/// Runs V2 cases: generates them from the seed, drives the engine's V2 API with a per-case deadline,
/// judges each against the V2 oracle, de-duplicates findings, counts V2 rows and minimises findings.
public struct V2Runner: Sendable {
    public let configuration: V2Configuration
    public let source: any V2OutcomeSource
    public let generator: V2CaseGenerator
    let flowsByName: [String: V2FuzzFlow]

    /// A runner of `configuration` on `source`, by default the V2 engine configured for the campaign's MSAL.
    public init(configuration: V2Configuration, source: (any V2OutcomeSource)? = nil) {
        self.configuration = configuration
        self.source = source ?? V2EngineSource(options: configuration.msal.engineOptions)
        generator = V2CaseGenerator(flows: configuration.flows, operators: configuration.operators, seed: configuration.seed)
        flowsByName = Dictionary(configuration.flows.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Runs the campaign.
    public func run(progress: (@Sendable (FuzzProgress) -> Void)? = nil) async -> V2RunResult {
        let start = ContinuousClock.now
        let (outcomes, verdicts) = await baseline()
        let limit = configuration.caseLimit
        let counter = CaseCounter()
        let watchdog = Watchdog(slots: configuration.jobs)
        let patrol = Task { await watchdog.patrol() }
        var merged = V2FindingSet(profile: configuration.profile)
        await withTaskGroup(of: V2FindingSet.self) { group in
            for slot in 0..<configuration.jobs {
                group.addTask {
                    await self.work(slot: slot, counter: counter, limit: limit, start: start, baseline: outcomes,
                                    watchdog: watchdog, progress: progress)
                }
            }
            for await part in group { merged.merge(part) }
        }
        merged = await confirmHangs(merged, baseline: outcomes, watchdog: watchdog)
        let elapsed = (ContinuousClock.now - start).seconds
        if configuration.minimise { merged = await minimiseAll(merged, baseline: outcomes, watchdog: watchdog) }
        watchdog.stop()
        patrol.cancel()
        return V2RunResult(seed: configuration.seed, findings: merged, elapsed: elapsed, baseline: verdicts)
    }

    private func work(slot: Int, counter: CaseCounter, limit: Int, start: ContinuousClock.Instant, baseline: [String: Outcome],
                      watchdog: Watchdog, progress: (@Sendable (FuzzProgress) -> Void)?) async -> V2FindingSet {
        var findings = V2FindingSet(profile: configuration.profile)
        while let index = counter.next(limit: limit) {
            if let duration = configuration.duration, (ContinuousClock.now - start).seconds >= duration { break }
            guard let fuzzCase = generator.make(index: UInt64(index)) else { continue }
            let (verdict, walk, observation) = await judge(fuzzCase, baseline: baseline["\(fuzzCase.flow)#\(fuzzCase.action)"],
                                                           watchdog: watchdog, slot: slot)
            findings.record(fuzzCase, verdict, walk: walk)
            if let observation {
                EgressScan.record(fuzzCase.id, index: fuzzCase.index, observation: observation, step: verdict.step, into: &findings.egress)
            }
            let done = counter.finished(finding: verdict.kind.isFinding)
            if let progress, done.cases % 2_000 == 0 {
                progress(FuzzProgress(cases: done.cases, findings: done.findings, elapsed: (ContinuousClock.now - start).seconds))
            }
        }
        return findings
    }

    /// Runs every unmutated action once: the outcomes metamorphic cases compare against, and verdicts.
    public func baseline() async -> ([String: Outcome], [(flow: String, action: Int, verdict: Verdict)]) {
        var outcomes: [String: Outcome] = [:]
        var verdicts: [(flow: String, action: Int, verdict: Verdict)] = []
        let watchdog = Watchdog(slots: 1)
        let patrol = Task { await watchdog.patrol() }
        for flow in configuration.flows {
            for index in flow.actions.indices {
                let plain = V2FuzzCase.plain(flow, action: index, seed: configuration.seed)
                var (verdict, _, observation) = await judge(plain, baseline: nil, watchdog: watchdog, slot: 0)
                if verdict.kind == .hang {
                    // As in the campaign, a hang is the machine's load until it also hangs alone with ten times the deadline.
                    (verdict, _, observation) = await judge(plain, baseline: nil, watchdog: watchdog, slot: 0,
                                                            timeout: configuration.caseTimeout * FuzzRunner.hangConfirmationFactor)
                }
                outcomes["\(flow.name)#\(index)"] = observation?.outcome
                verdicts.append((flow.name, index, verdict))
            }
        }
        watchdog.stop()
        patrol.cancel()
        return (outcomes, verdicts)
    }

    /// A hang can be the machine's load (a megabyte-long answer in a debug build): each hang's case runs
    /// again alone with ten times the deadline (``FuzzRunner/hangConfirmationFactor``), and its verdict
    /// replaces the hang when it ends then.
    func confirmHangs(_ findings: V2FindingSet, baseline: [String: Outcome], watchdog: Watchdog) async -> V2FindingSet {
        var confirmed = findings
        for finding in findings.findings where finding.key.kind == .hang {
            let example = finding.example
            let (verdict, walk, _) = await judge(example, baseline: baseline["\(example.flow)#\(example.action)"], watchdog: watchdog,
                                                 slot: 0, timeout: configuration.caseTimeout * FuzzRunner.hangConfirmationFactor)
            if verdict.kind != .hang { confirmed.replace(finding.key, with: example, verdict, walk: walk) }
        }
        return confirmed
    }

    /// Runs one case under the deadline (`timeout`, else the configured one) and judges it.
    public func judge(_ fuzzCase: V2FuzzCase, baseline: Outcome?, watchdog: Watchdog, slot: Int, timeout: Double? = nil)
        async -> (Verdict, V2ChainPrediction, Observation?)
    {
        let walk = V2Judge.predict(fuzzCase, profile: configuration.profile)
        guard let flow = flowsByName[fuzzCase.flow] else {
            return (Verdict(kind: .prefixBroken, step: fuzzCase.stepName, expected: "-", actual: "-", note: "unknown flow"), walk, nil)
        }
        let source = self.source
        let observation: Observation? = await withCheckedContinuation { continuation in
            let shot = OneShot(continuation)
            watchdog.arm(slot: slot, shot: shot, seconds: timeout ?? configuration.caseTimeout)
            Task { shot.resume(await source.observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses)) }
        }
        watchdog.disarm(slot: slot)
        let verdict = V2Judge.judge(fuzzCase, observation: observation, baseline: baseline, prediction: walk,
                                    secrets: { V2Judge.secrets(flow: flow, fuzzCase: fuzzCase) })
        return (verdict, walk, observation)
    }

    /// Shrinks each finding's changed answer while its key stays the same (V1's ``Minimiser`` candidates).
    func minimiseAll(_ set: V2FindingSet, baseline: [String: Outcome], watchdog: Watchdog) async -> V2FindingSet {
        var result = set
        let shrinker = Minimiser.candidates(_:)
        for finding in set.findings where finding.key.kind != .hang && finding.key.kind != .prefixBroken {
            var best = finding.example
            var runs = 0
            var improved = true
            while improved, runs < 48 {
                improved = false
                for candidate in shrinker(best.mutatedResponse) where runs < 48 {
                    runs += 1
                    var trial = best
                    trial.responses[trial.response] = candidate
                    let (verdict, _, _) = await judge(trial, baseline: baseline["\(trial.flow)#\(trial.action)"], watchdog: watchdog, slot: 0)
                    let key = FindingKey(kind: verdict.kind, step: verdict.step, operatorName: trial.primaryOperator,
                                         expected: verdict.expected, actual: verdict.actual)
                    if key == finding.key {
                        best = trial
                        improved = true
                        break
                    }
                }
            }
            if best != finding.example {
                best.details.append("minimised")
                result.updateFinding(finding.key) { $0.minimised = best }
            }
        }
        return result
    }
}
