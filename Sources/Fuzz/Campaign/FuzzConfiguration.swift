import Foundation
import NativeAuth
import Oracle

/// What a campaign runs: seed, budget, parallelism, deadline (``CampaignLimits``, read as this
/// configuration's own members: `configuration.jobs`), flows and operators.
public struct FuzzConfiguration: CampaignConfiguration {
    /// Seed, budget, workers, deadline and minimisation, shared with V2's ``V2Configuration``.
    public var limits: CampaignLimits
    /// The base flows.
    public var flows: [FuzzFlow]
    /// The operators.
    public var operators: [any MutationOperator]

    public init(seed: UInt64, cases: Int? = nil, duration: Double? = nil, jobs: Int = 2,
                caseTimeout: Double = CampaignLimits.defaultCaseTimeout, flows: [FuzzFlow] = BaseFlows.all,
                operators: [any MutationOperator] = Operators.campaign, minimise: Bool = true) {
        limits = CampaignLimits(seed: seed, cases: cases, duration: duration, jobs: jobs, caseTimeout: caseTimeout, minimise: minimise)
        self.flows = flows
        self.operators = operators
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
