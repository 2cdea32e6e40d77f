/// The budget and pacing every campaign shares, V1's (``FuzzConfiguration``) and V2's (``V2Configuration``):
/// seed, when to stop, how many workers, the per-case deadline and whether findings are minimised. Both
/// configurations embed one and read its members as their own (`configuration.jobs`), so the defaults and
/// the clamping of what a user writes live here only.
public struct CampaignLimits: Sendable, Hashable {
    /// The run seed; printed first, every case derives from it.
    public var seed: UInt64
    /// Stop after this many cases (when `duration` is nil, 1,000 by default).
    public var cases: Int?
    /// Stop after this many seconds.
    public var duration: Double?
    /// Parallel workers (at least one).
    public var jobs: Int
    /// Per-case deadline in seconds; a case that has not ended by then is a `hang`.
    public var caseTimeout: Double
    /// Minimise findings after the campaign.
    public var minimise: Bool

    /// The default per-case deadline, in seconds.
    public static let defaultCaseTimeout = 2.0
    /// The cases a campaign runs when given neither a case count nor a duration.
    public static let defaultCases = 1_000

    public init(seed: UInt64, cases: Int? = nil, duration: Double? = nil, jobs: Int = 2,
                caseTimeout: Double = CampaignLimits.defaultCaseTimeout, minimise: Bool = true) {
        self.seed = seed
        self.cases = cases
        self.duration = duration
        self.jobs = max(1, jobs)
        // Any deadline a user writes is honoured within [1 ms, 1 day]; NaN falls back to the default (a timer
        // in milliseconds must never be made from an unchecked Double).
        self.caseTimeout = caseTimeout.isNaN ? Self.defaultCaseTimeout : min(max(caseTimeout, 0.001), 86_400)
        self.minimise = minimise
    }

    /// The highest case count the campaign runs: `cases`, else 1,000 when no duration bounds it, else
    /// unbounded (the duration stops it).
    public var caseLimit: Int { cases ?? (duration == nil ? Self.defaultCases : Int.max) }
}

/// A campaign's configuration (``FuzzConfiguration``, ``V2Configuration``): its ``CampaignLimits`` read and
/// written as its own members (`configuration.jobs`, `configuration.caseLimit`).
@dynamicMemberLookup
public protocol CampaignConfiguration: Sendable {
    var limits: CampaignLimits { get set }
}

extension CampaignConfiguration {
    public subscript<Value>(dynamicMember member: WritableKeyPath<CampaignLimits, Value>) -> Value {
        get { limits[keyPath: member] }
        set { limits[keyPath: member] = newValue }
    }

    public subscript<Value>(dynamicMember member: KeyPath<CampaignLimits, Value>) -> Value { limits[keyPath: member] }
}
