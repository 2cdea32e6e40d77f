/// One fuzz campaign as an `authtape fuzz --out` folder holds it: the summary and counts of
/// `report.json`, and each unique finding with the repro capture of its minimised case.
public struct FuzzSection: Sendable {
    /// The folder as given.
    public var name: String
    /// Which phase: `cases` for the in-process campaign, `transport faults` for the live-transport phase.
    public var phase: String
    public var seed: String
    public var cases: Int
    public var elapsedSeconds: Double
    public var casesPerSecond: Double
    /// Verdict counts by kind, in the report's order.
    public var verdicts: [(kind: String, count: Int)]
    /// Unique findings, in the report's order.
    public var findings: [FindingView]
    /// Unmutated actions that did not pass.
    public var baselineProblems: [String]
    /// Outcome-table rows the cases reached, and the table's size; nil in a report without them
    /// (the transport-fault phase, older reports).
    public var rows: (hit: Int, of: Int)?

    /// Creates a section.
    public init(name: String, phase: String, seed: String, cases: Int, elapsedSeconds: Double, casesPerSecond: Double,
                verdicts: [(kind: String, count: Int)], findings: [FindingView], baselineProblems: [String],
                rows: (hit: Int, of: Int)? = nil) {
        self.name = name
        self.phase = phase
        self.seed = seed
        self.cases = cases
        self.elapsedSeconds = elapsedSeconds
        self.casesPerSecond = casesPerSecond
        self.verdicts = verdicts
        self.findings = findings
        self.baselineProblems = baselineProblems
        self.rows = rows
    }

    /// Cases that were findings (every verdict but `pass` and `undecided`).
    public var findingCases: Int {
        verdicts.filter { $0.kind != "pass" && $0.kind != "undecided" }.reduce(0) { $0 + $1.count }
    }
}

/// One de-duplicated finding of a campaign.
public struct FindingView: Sendable {
    /// Verdict kind (`mismatch`, `wrongToken`, …).
    public var kind: String
    /// The oracle step whose answer was mutated.
    public var step: String
    public var operatorName: String
    public var expected: String
    public var actual: String
    /// Cases that hit it.
    public var count: Int
    public var note: String
    /// `seed:index` of the example case.
    public var caseID: String
    public var flow: String
    public var action: Int
    public var operators: [String]
    /// What each operator changed.
    public var details: [String]
    /// Whether the example is the minimised case.
    public var minimised: Bool
    /// The repro capture's path as the page names it, when one was written.
    public var reproPath: String?
    /// The repro capture, read and replayed; nil when there is none or it cannot be read.
    public var repro: CaptureSection?

    /// The commands that reproduce the finding: replaying its capture, and regenerating its case.
    public var commands: [String] {
        var lines: [String] = []
        if let reproPath { lines.append("authtape replay " + ShellWord.quote(reproPath)) }
        let parts = caseID.split(separator: ":")
        if parts.count == 2 {
            lines.append("authtape fuzz --seed \(ShellWord.quote(String(parts[0]))) --case \(ShellWord.quote(String(parts[1])))")
        }
        return lines
    }
}

/// Quoting for a word of a shell command shown on the page.
enum ShellWord {
    /// `word` unchanged when it holds only characters no shell treats specially, else single-quoted.
    static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:=@%+,".unicodeScalars.contains(scalar))
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
