import Oracle

/// One de-duplicated V2 finding: its key, how many cases hit it, the lowest-index case, and whether the
/// oracle's walk used a row the spec marks uncertain (every report says so).
public struct V2Finding: Sendable {
    public var key: FindingKey
    public var count: Int
    public var example: V2FuzzCase
    public var verdict: Verdict
    /// True when a row of the example's walk is uncertain (spec **U**, or inferred for the profile).
    public var uncertain: Bool
    /// The ids of the rows the example's walk used.
    public var rows: [String]
    /// The minimised case, when minimisation shrank it.
    public var minimised: V2FuzzCase?
    /// The repro capture written for it.
    public var reproPath: String?

    public var reproCase: V2FuzzCase { minimised ?? example }
}

/// Collects V2 verdicts, groups findings by ``FindingKey`` (kind, step, operator family, expected,
/// actual) with counts, and counts the V2 rows the cases reached.
public struct V2FindingSet: Sendable {
    private var byKey: [FindingKey: V2Finding] = [:]
    public private(set) var counts: [VerdictKind: Int] = [:]
    public private(set) var total = 0
    public private(set) var rows: V2RowCoverage
    /// Cases that sent a credential outside the authority (``EgressLog``): listed apart, never findings.
    public var egress = EgressLog()

    public init(profile: V2OracleProfile = .iOS_2_18_1) { rows = V2RowCoverage(profile: profile) }

    public mutating func record(_ fuzzCase: V2FuzzCase, _ verdict: Verdict, walk: V2ChainPrediction?) {
        if let walk { rows.record(walk) }
        total += 1
        counts[verdict.kind, default: 0] += 1
        guard verdict.kind.isFinding else { return }
        let key = FindingKey(kind: verdict.kind, step: verdict.step, operatorName: fuzzCase.primaryOperator,
                             expected: verdict.expected, actual: verdict.actual)
        let finding = V2Finding(key: key, count: 1, example: fuzzCase, verdict: verdict, uncertain: walk?.uncertain ?? false,
                                rows: walk.map(V2Judge.rowIds) ?? [])
        add(finding)
    }

    private mutating func add(_ finding: V2Finding) {
        guard var existing = byKey[finding.key] else {
            byKey[finding.key] = finding
            return
        }
        existing.count += finding.count
        if finding.example.index < existing.example.index {
            existing.example = finding.example
            existing.verdict = finding.verdict
            existing.uncertain = finding.uncertain
            existing.rows = finding.rows
        }
        byKey[finding.key] = existing
    }

    public mutating func merge(_ other: V2FindingSet) {
        total += other.total
        rows.merge(other.rows)
        egress.merge(other.egress)
        for (kind, count) in other.counts { counts[kind, default: 0] += count }
        for finding in other.byKey.values { add(finding) }
    }

    /// Takes back a finding whose example a rerun judged otherwise (a hang that was only load): its cases
    /// count under the rerun's verdict, and stay a finding only if that verdict is one.
    public mutating func replace(_ key: FindingKey, with fuzzCase: V2FuzzCase, _ verdict: Verdict, walk: V2ChainPrediction) {
        guard let finding = byKey.removeValue(forKey: key) else { return }
        counts[key.kind, default: 0] -= finding.count
        counts[verdict.kind, default: 0] += finding.count
        guard verdict.kind.isFinding else { return }
        let newKey = FindingKey(kind: verdict.kind, step: verdict.step, operatorName: fuzzCase.primaryOperator,
                                expected: verdict.expected, actual: verdict.actual)
        add(V2Finding(key: newKey, count: finding.count, example: fuzzCase, verdict: verdict, uncertain: walk.uncertain,
                      rows: V2Judge.rowIds(walk)))
    }

    public mutating func updateFinding(_ key: FindingKey, _ change: (inout V2Finding) -> Void) {
        guard var finding = byKey[key] else { return }
        change(&finding)
        byKey[key] = finding
    }

    public var findings: [V2Finding] { byKey.values.sorted { $0.key < $1.key } }
    public var findingCases: Int { counts.filter { $0.key.isFinding }.values.reduce(0, +) }
}

/// Row coverage of the V2 table (spec native-auth-v2 §3.4): how often cases reached each `V2Row`, by id,
/// and the token rows of `getAccessToken` after a V2 sign-in (``V2TokenWalk/rows``).
public struct V2RowCoverage: Sendable {
    /// The table's rows, in order, then the token rows.
    public let table: [V2Row]
    public private(set) var hits: [String: Int]
    public private(set) var cases = 0

    public init(profile: V2OracleProfile = .iOS_2_18_1) {
        table = V2OutcomeTable.rows(profile: profile) + V2TokenWalk.rows
        hits = Dictionary(table.map { ($0.id, 0) }, uniquingKeysWith: { first, _ in first })
    }

    public mutating func record(_ prediction: V2ChainPrediction) {
        cases += 1
        if let row = prediction.unsentRow { hits[row.id, default: 0] += 1 }
        for hop in prediction.hops {
            if let row = hop.row { hits[row.id, default: 0] += 1 }
        }
    }

    public mutating func merge(_ other: V2RowCoverage) {
        cases += other.cases
        for (row, count) in other.hits { hits[row, default: 0] += count }
    }

    /// Rows of the table hit at least once.
    public var hitCount: Int { table.filter { (hits[$0.id] ?? 0) > 0 }.count }
    public var unhit: [V2Row] { table.filter { (hits[$0.id] ?? 0) == 0 } }

    /// `V2 rows hit: H/T`, then one line per row with its count (unhit rows marked, uncertain rows noted).
    public func text() -> String {
        var lines = ["V2 rows hit: \(hitCount)/\(table.count) (\(cases) cases)"]
        for row in table {
            let count = hits[row.id] ?? 0
            lines.append((count == 0 ? "  NEVER " : "  ") + "\(row.id) [\(row.request)]\(row.uncertain ? " (uncertain)" : ""): \(count)")
        }
        return lines.joined(separator: "\n")
    }
}
