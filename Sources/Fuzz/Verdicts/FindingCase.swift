import Oracle

/// A judged case a ``FindingSet`` groups: V1's ``FuzzCase`` and V2's ``V2FuzzCase``. The set needs its
/// index (the lowest-index case is a key's example) and primary operator (whose family is part of the
/// ``FindingKey``); the associated types carry what only one protocol has.
public protocol FindingCase: Sendable {
    /// The oracle's walk of the case's answers (V1 ``ChainPrediction``, V2 ``V2ChainPrediction``).
    associatedtype Walk: Sendable
    /// What a finding set counts of its cases besides verdicts, from their walks.
    associatedtype Tally: CaseTally where Tally.Walk == Walk
    /// What a finding keeps of its example's walk (`Void` when nothing).
    associatedtype WalkSummary: Sendable

    /// The case number within the run.
    var index: UInt64 { get }
    /// The primary operator's name.
    var primaryOperator: String { get }

    /// The summary a finding keeps of `walk` (nil when the case was recorded without one).
    static func summary(of walk: Walk?) -> WalkSummary
}

/// What a ``FindingSet`` counts of its cases besides verdicts: recorded from each case's walk, merged
/// across workers.
public protocol CaseTally: Sendable {
    associatedtype Walk
    mutating func record(_ walk: Walk)
    mutating func merge(_ other: Self)
}

/// V1 counts the §5 rows its cases reach; its findings keep nothing of their walks.
extension FuzzCase: FindingCase {
    public typealias Walk = ChainPrediction
    public typealias Tally = RowCoverage
    public typealias WalkSummary = Void
    public static func summary(of walk: ChainPrediction?) {}
}

extension RowCoverage: CaseTally {}

extension FindingSet where Case == FuzzCase {
    /// An empty V1 set.
    public init() { self.init(tally: RowCoverage()) }

    /// How often the judged cases reached each row of the outcome table.
    public var rows: RowCoverage { tally }
}
