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

/// One de-duplicated finding: its key, how many cases hit it, and the first (lowest-index) case.
public struct Finding: Sendable {
    public var key: FindingKey
    public var count: Int
    public var example: FuzzCase
    public var verdict: Verdict
    /// The minimised case, when minimisation ran and shrank it.
    public var minimised: FuzzCase?
    /// The repro capture written for it.
    public var reproPath: String?

    /// The case to reproduce: the minimised one when available.
    public var reproCase: FuzzCase { minimised ?? example }
}

/// Collects verdicts and groups findings by ``FindingKey`` with counts. The example kept for a key is
/// the case with the lowest index, so the result does not depend on which worker finished first.
public struct FindingSet: Sendable {
    private var byKey: [FindingKey: Finding] = [:]
    /// Verdict counts by kind.
    public private(set) var counts: [VerdictKind: Int] = [:]
    /// Cases judged.
    public private(set) var total = 0
    /// How often the judged cases reached each row of the outcome table (cases recorded with the
    /// oracle's walk; a hang's case is counted by its walk too).
    public private(set) var rows = RowCoverage()

    public init() {}

    /// Records one judged case, and the rows of the oracle's walk when given.
    public mutating func record(_ fuzzCase: FuzzCase, _ verdict: Verdict, walk: ChainPrediction? = nil) {
        if let walk { rows.record(walk) }
        total += 1
        counts[verdict.kind, default: 0] += 1
        guard verdict.kind.isFinding else { return }
        let key = FindingKey(kind: verdict.kind, step: verdict.step, operatorName: fuzzCase.primaryOperator,
                             expected: verdict.expected, actual: verdict.actual)
        if var existing = byKey[key] {
            existing.count += 1
            if fuzzCase.index < existing.example.index {
                existing.example = fuzzCase
                existing.verdict = verdict
            }
            byKey[key] = existing
        } else {
            byKey[key] = Finding(key: key, count: 1, example: fuzzCase, verdict: verdict)
        }
    }

    /// Merges another set (from another worker).
    public mutating func merge(_ other: FindingSet) {
        total += other.total
        rows.merge(other.rows)
        for (kind, count) in other.counts { counts[kind, default: 0] += count }
        for (key, finding) in other.byKey {
            if var existing = byKey[key] {
                existing.count += finding.count
                if finding.example.index < existing.example.index {
                    existing.example = finding.example
                    existing.verdict = finding.verdict
                }
                byKey[key] = existing
            } else {
                byKey[key] = finding
            }
        }
    }

    /// Takes back a finding whose verdict a rerun of its example changed (a hang that was only load), and
    /// records the rerun's verdict for the example in its place.
    public mutating func replace(_ key: FindingKey, with fuzzCase: FuzzCase, _ verdict: Verdict) {
        guard let finding = byKey.removeValue(forKey: key) else { return }
        counts[key.kind, default: 0] -= finding.count
        counts[verdict.kind, default: 0] += finding.count
        if verdict.kind.isFinding {
            total -= 1
            counts[verdict.kind, default: 0] -= 1
            record(fuzzCase, verdict)
        }
    }

    /// Changes one finding in place.
    public mutating func updateFinding(_ key: FindingKey, _ change: (inout Finding) -> Void) {
        guard var finding = byKey[key] else { return }
        change(&finding)
        byKey[key] = finding
    }

    /// Findings sorted by key.
    public var findings: [Finding] { byKey.values.sorted { $0.key < $1.key } }

    /// Number of cases that were findings.
    public var findingCases: Int { counts.filter { $0.key.isFinding }.values.reduce(0, +) }
}
