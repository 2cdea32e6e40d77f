import Oracle

/// The de-duplication key of a finding: (kind, step, operator family, expected, actual). The family
/// (``OperatorFamily``) rather than the operator keeps faults apart without splitting one fault into a
/// key per operator; two findings with the same expected and actual outcome under different kinds,
/// steps or families are different keys.
public struct FindingKey: Sendable, Hashable, Comparable, Codable {
    public var kind: VerdictKind
    public var step: String
    /// The primary operator's family (`protocol`, `structural`, `http`, `metamorphic`, `transport`, a
    /// live transport fault's own name).
    public var family: String
    public var expected: String
    public var actual: String

    public init(kind: VerdictKind, step: String, family: String, expected: String, actual: String) {
        self.kind = kind
        self.step = step
        self.family = family
        self.expected = expected
        self.actual = actual
    }

    /// The key of a finding whose primary operator is `operatorName`.
    public init(kind: VerdictKind, step: String, operatorName: String, expected: String, actual: String) {
        self.init(kind: kind, step: step, family: OperatorFamily.of(operatorName), expected: expected, actual: actual)
    }

    /// The operator part of the key: its family.
    public var operatorName: String { family }

    public static func < (lhs: FindingKey, rhs: FindingKey) -> Bool {
        (lhs.kind.rawValue, lhs.step, lhs.family, lhs.expected, lhs.actual)
            < (rhs.kind.rawValue, rhs.step, rhs.family, rhs.expected, rhs.actual)
    }
}

/// One de-duplicated finding: its key, how many cases hit it, and the first (lowest-index) case, of V1
/// (`Finding<FuzzCase>`) or V2 (`Finding<V2FuzzCase>`, ``V2Finding``).
public struct Finding<Case: FindingCase>: Sendable {
    public var key: FindingKey
    public var count: Int
    public var example: Case
    public var verdict: Verdict
    /// What the finding keeps of its example's oracle walk (``FindingCase/WalkSummary``): nothing for V1,
    /// the rows and whether one is uncertain for V2 (``V2WalkSummary``).
    public var walk: Case.WalkSummary
    /// The minimised case, when minimisation ran and shrank it.
    public var minimised: Case?
    /// The repro capture written for it.
    public var reproPath: String?

    /// The case to reproduce: the minimised one when available.
    public var reproCase: Case { minimised ?? example }
}

/// Collects verdicts and groups findings by ``FindingKey`` with counts, for either protocol's cases: the
/// one grouping of V1 (`FindingSet<FuzzCase>`) and V2 (``V2FindingSet``). The example kept for a key is
/// the case with the lowest index, so the result does not depend on which worker finished first.
///
/// What differs between the protocols lives in the case type's associated types, so neither pays for the
/// other's extras: ``FindingCase/Tally`` is what the set counts besides verdicts (V1: the §5 rows,
/// ``RowCoverage``; V2: its rows and the credential egress, ``V2Tally``), and ``FindingCase/WalkSummary``
/// what a finding keeps of its example's walk (V1: nothing; V2: its rows and their uncertainty).
public struct FindingSet<Case: FindingCase>: Sendable {
    private var byKey: [FindingKey: Finding<Case>] = [:]
    /// Verdict counts by kind.
    public private(set) var counts: [VerdictKind: Int] = [:]
    /// Cases judged.
    public private(set) var total = 0
    /// What the judged cases' oracle walks reached (cases recorded with a walk; a hang's case is counted
    /// by its walk too), and for V2 the cases that sent a credential outside the authority.
    public internal(set) var tally: Case.Tally

    public init(tally: Case.Tally) { self.tally = tally }

    /// Records one judged case, and its oracle walk when given.
    public mutating func record(_ fuzzCase: Case, _ verdict: Verdict, walk: Case.Walk? = nil) {
        if let walk { tally.record(walk) }
        total += 1
        counts[verdict.kind, default: 0] += 1
        guard verdict.kind.isFinding else { return }
        add(Finding(key: Self.key(fuzzCase, verdict), count: 1, example: fuzzCase, verdict: verdict, walk: Case.summary(of: walk)))
    }

    /// Merges another set (from another worker).
    public mutating func merge(_ other: FindingSet) {
        total += other.total
        tally.merge(other.tally)
        for (kind, count) in other.counts { counts[kind, default: 0] += count }
        for finding in other.byKey.values { add(finding) }
    }

    /// Takes back a finding whose example a rerun judged otherwise (a hang that was only load): its cases
    /// count under the rerun's verdict, and stay one finding (with all of them) only if that verdict is one.
    public mutating func replace(_ key: FindingKey, with fuzzCase: Case, _ verdict: Verdict, walk: Case.Walk? = nil) {
        guard let finding = byKey.removeValue(forKey: key) else { return }
        counts[key.kind, default: 0] -= finding.count
        counts[verdict.kind, default: 0] += finding.count
        guard verdict.kind.isFinding else { return }
        add(Finding(key: Self.key(fuzzCase, verdict), count: finding.count, example: fuzzCase, verdict: verdict,
                    walk: Case.summary(of: walk)))
    }

    /// Changes one finding in place.
    public mutating func updateFinding(_ key: FindingKey, _ change: (inout Finding<Case>) -> Void) {
        guard var finding = byKey[key] else { return }
        change(&finding)
        byKey[key] = finding
    }

    /// Findings sorted by key.
    public var findings: [Finding<Case>] { byKey.values.sorted { $0.key < $1.key } }

    /// Number of cases that were findings.
    public var findingCases: Int { counts.filter { $0.key.isFinding }.values.reduce(0, +) }

    /// Adds a finding's cases to its key's, keeping the lowest-index example (with its verdict and walk).
    private mutating func add(_ finding: Finding<Case>) {
        guard var existing = byKey[finding.key] else {
            byKey[finding.key] = finding
            return
        }
        existing.count += finding.count
        if finding.example.index < existing.example.index {
            existing.example = finding.example
            existing.verdict = finding.verdict
            existing.walk = finding.walk
        }
        byKey[finding.key] = existing
    }

    private static func key(_ fuzzCase: Case, _ verdict: Verdict) -> FindingKey {
        FindingKey(kind: verdict.kind, step: verdict.step, operatorName: fuzzCase.primaryOperator,
                   expected: verdict.expected, actual: verdict.actual)
    }
}
