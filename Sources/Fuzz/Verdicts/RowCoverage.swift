import Oracle

/// Row coverage: how often the cases of a campaign reach each row of the outcome table (the oracle's
/// rows, `OutcomeTable.rows`, keyed by their unique `specRef`). A row is hit when the oracle's walk of
/// a case's answers matches it at some hop, so the count says which server behaviours were put to the
/// engine, not whether the engine got them right (the verdicts say that).
public struct RowCoverage: Sendable {
    /// Hits per row, by specRef; every row of the table is present, unhit rows with 0.
    public private(set) var hits: [String: Int]
    /// Cases counted.
    public private(set) var cases = 0

    public init() {
        hits = Dictionary(OutcomeTable.rows.map { ($0.specRef, 0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Counts the rows of one case's oracle walk.
    public mutating func record(_ prediction: ChainPrediction) {
        cases += 1
        for hop in prediction.hops {
            if let row = hop.row { hits[row.specRef, default: 0] += 1 }
        }
    }

    /// Adds another worker's counts.
    public mutating func merge(_ other: RowCoverage) {
        cases += other.cases
        for (row, count) in other.hits { hits[row, default: 0] += count }
    }

    /// Rows never hit, in table order.
    public var unhit: [OutcomeRow] { OutcomeTable.rows.filter { (hits[$0.specRef] ?? 0) == 0 } }

    /// Rows hit at least once.
    public var hitCount: Int { OutcomeTable.rows.filter { (hits[$0.specRef] ?? 0) > 0 }.count }

    /// The coverage of cases `0..<count` of `generator` (the cases a campaign of that many runs), from
    /// the oracle alone.
    public static func of(_ generator: CaseGenerator, cases count: Int) -> RowCoverage {
        var coverage = RowCoverage()
        for index in 0..<max(0, count) {
            guard let fuzzCase = generator.make(index: UInt64(index)) else { continue }
            coverage.record(Judge.predict(step: fuzzCase.step, responses: fuzzCase.responses))
        }
        return coverage
    }

    /// `rows hit: H/T`, then one line per row with its count (unhit rows marked), in table order.
    public func text() -> String {
        var lines = ["rows hit: \(hitCount)/\(OutcomeTable.rows.count) (\(cases) cases)"]
        for row in OutcomeTable.rows {
            let count = hits[row.specRef] ?? 0
            lines.append((count == 0 ? "  NEVER " : "  ") + "\(row.specRef) [\(row.step.name)]: \(count)")
        }
        return lines.joined(separator: "\n")
    }
}
