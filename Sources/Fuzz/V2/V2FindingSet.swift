import Oracle

/// A de-duplicated V2 finding (``Finding``): its example's walk summary says which rows it used and
/// whether one of them is uncertain (every report says so).
public typealias V2Finding = Finding<V2FuzzCase>

/// V2's findings (``FindingSet``): grouped as V1's, counting the V2 rows the cases reached and the cases
/// that sent a credential outside the authority (``V2Tally``).
public typealias V2FindingSet = FindingSet<V2FuzzCase>

/// What a V2 finding keeps of its example's oracle walk.
public struct V2WalkSummary: Sendable, Hashable {
    /// True when a row of the walk is uncertain (spec **U**, or inferred for the profile).
    public var uncertain: Bool
    /// The ids of the rows the walk used.
    public var rows: [String]
}

/// What a V2 finding set counts besides verdicts: the rows the cases reached, and the cases that sent a
/// credential outside the authority (``EgressLog``: listed apart, never findings).
public struct V2Tally: CaseTally {
    public private(set) var rows: V2RowCoverage
    public var egress = EgressLog()

    public init(profile: V2OracleProfile = .iOS_2_18_1) { rows = V2RowCoverage(profile: profile) }

    public mutating func record(_ walk: V2ChainPrediction) { rows.record(walk) }

    public mutating func merge(_ other: V2Tally) {
        rows.merge(other.rows)
        egress.merge(other.egress)
    }
}

extension V2FuzzCase: FindingCase {
    public typealias Walk = V2ChainPrediction
    public typealias Tally = V2Tally

    public static func summary(of walk: V2ChainPrediction?) -> V2WalkSummary {
        V2WalkSummary(uncertain: walk?.uncertain ?? false, rows: walk.map(V2Judge.rowIds) ?? [])
    }
}

extension FindingSet where Case == V2FuzzCase {
    /// An empty V2 set counting the rows of `profile`'s table.
    public init(profile: V2OracleProfile = .iOS_2_18_1) { self.init(tally: V2Tally(profile: profile)) }

    /// How often the judged cases reached each V2 row.
    public var rows: V2RowCoverage { tally.rows }

    /// Cases that sent a credential outside the authority.
    public var egress: EgressLog {
        get { tally.egress }
        set { tally.egress = newValue }
    }
}

extension Finding where Case == V2FuzzCase {
    /// True when a row of the example's walk is uncertain.
    public var uncertain: Bool { walk.uncertain }
    /// The ids of the rows the example's walk used.
    public var rows: [String] { walk.rows }
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
