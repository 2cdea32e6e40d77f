/// The egress cases of a campaign, grouped as a report lists them: one entry per (step, credential kinds,
/// reason), with how many cases had it and the first case (lowest index) as the example. Mergeable like
/// findings (each worker keeps its own). Not findings: a campaign's exit status never depends on it.
public struct EgressLog: Sendable, Hashable {
    /// One group of egress cases.
    public struct Entry: Sendable, Hashable {
        /// The step of the action (as verdicts name it).
        public var step: String
        /// The credential kinds that left, in ``CredentialEgress/Kind`` order.
        public var kinds: [CredentialEgress.Kind]
        /// Why they left: other origin, http, or both.
        public var reasons: [CredentialEgress.Reason]
        /// How many cases.
        public var count: Int
        /// The first case's id, index and report line.
        public var exampleId: String
        public var exampleIndex: UInt64
        public var exampleLine: String
    }

    private struct Key: Hashable {
        var step: String
        var kinds: [CredentialEgress.Kind]
        var reasons: [CredentialEgress.Reason]
    }

    private var groups: [Key: Entry] = [:]

    public init() {}

    /// Notes the egress verdict of one case (nothing when no credential left the authority).
    public mutating func record(caseId: String, index: UInt64, step: String, _ egress: CredentialEgress) {
        guard let line = egress.reportLine(caseId: caseId, step: step) else { return }
        let reasons = Array(Set(egress.leaks.map(\.reason))).sorted { $0.rawValue < $1.rawValue }
        let key = Key(step: step, kinds: egress.kinds, reasons: reasons)
        if var entry = groups[key] {
            entry.count += 1
            if index < entry.exampleIndex {
                entry.exampleId = caseId
                entry.exampleIndex = index
                entry.exampleLine = line
            }
            groups[key] = entry
        } else {
            groups[key] = Entry(step: step, kinds: egress.kinds, reasons: reasons, count: 1, exampleId: caseId, exampleIndex: index,
                                exampleLine: line)
        }
    }

    /// Adds another worker's log.
    public mutating func merge(_ other: EgressLog) {
        for (key, entry) in other.groups {
            guard var mine = groups[key] else {
                groups[key] = entry
                continue
            }
            mine.count += entry.count
            if entry.exampleIndex < mine.exampleIndex {
                mine.exampleId = entry.exampleId
                mine.exampleIndex = entry.exampleIndex
                mine.exampleLine = entry.exampleLine
            }
            groups[key] = mine
        }
    }

    /// The groups, most cases first (then by step and kinds, so the order is stable).
    public var entries: [Entry] {
        groups.values.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            if a.step != b.step { return a.step < b.step }
            if a.kinds != b.kinds { return a.kinds.map(\.rawValue).lexicographicallyPrecedes(b.kinds.map(\.rawValue)) }
            return a.reasons.map(\.rawValue).lexicographicallyPrecedes(b.reasons.map(\.rawValue))
        }
    }

    /// How many cases sent a credential outside the authority.
    public var total: Int { groups.values.reduce(0) { $0 + $1.count } }

    /// The JSON report's `egress` member: `{"cases": N, "groups": [{step, kinds, reasons, count, example, line}]}`.
    public func jsonNode() -> JSONNode {
        .object([
            ("cases", .number(String(total))),
            ("groups", .array(entries.map { entry in
                .object([
                    ("step", .string(entry.step)), ("kinds", .array(entry.kinds.map { .string($0.rawValue) })),
                    ("reasons", .array(entry.reasons.map { .string($0.rawValue) })), ("count", .number(String(entry.count))),
                    ("example", .string(entry.exampleId)), ("line", .string(entry.exampleLine)),
                ])
            })),
        ])
    }

    /// The report's egress section: `egress: N cases (a risk of the SDK's link handling, not findings)`, then one
    /// line per group: `  <count>× <example report line>`. Empty when no case had egress.
    public func lines() -> [String] {
        guard total > 0 else { return [] }
        return ["egress: \(total) cases (credentials sent outside the authority; a risk of the SDK's link handling, not findings)"]
            + entries.map { "  \($0.count)× \($0.exampleLine)" }
    }
}
