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
    public var findings: FindingSet<FuzzCase>
    public var elapsed: Double
    /// Verdicts of the unmutated flows (each action judged once); non-pass ones are listed as findings too.
    public var baseline: [(flow: String, action: Int, verdict: Verdict)]
    public var casesPerSecond: Double { elapsed > 0 ? Double(findings.total) / elapsed : 0 }

    public init(seed: UInt64, findings: FindingSet<FuzzCase>, elapsed: Double, baseline: [(flow: String, action: Int, verdict: Verdict)]) {
        self.seed = seed
        self.findings = findings
        self.elapsed = elapsed
        self.baseline = baseline
    }
}
