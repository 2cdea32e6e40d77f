import HAR

/// Redacts HAR entries and documents with a rule set.
///
/// One `Redactor` stands for one capture: its placeholder table makes the same secret map to
/// the same placeholder in every entry it redacts. It is safe to use from several threads.
///
/// There is one walk over an entry: `authtape redact`'s, on the entry's JSON bytes
/// (`EntryFields`, `ValueRedactor.entryEdits`). The recorder redacts each journal line with
/// it (`redactEntry(bytes:)`); the typed calls below write their value as JSON, redact those
/// bytes, and read the result back.
public final class Redactor: Sendable {
    /// The rules in force.
    public let ruleSet: RuleSet
    /// The placeholders issued so far.
    public let placeholders: PlaceholderTable
    let compiled: CompiledRules

    /// Compiles `ruleSet`.
    /// - Throws: `PatternError` naming the rule whose regular expression is invalid.
    public init(ruleSet: RuleSet = .nativeAuthDefaults, placeholders: PlaceholderTable = PlaceholderTable()) throws(PatternError) {
        self.ruleSet = ruleSet
        self.placeholders = placeholders
        self.compiled = try CompiledRules(ruleSet)
    }

    /// A copy of `entry` with every secret replaced, and what was replaced by kind
    /// (`redactEntry(bytes:)` on the entry's compact JSON).
    /// - Throws: `HARError` when the entry cannot be redacted (a body marked base64 that is
    ///   not base64); nothing is returned unredacted.
    public func redact(_ entry: HAREntry) throws(HARError) -> (entry: HAREntry, summary: RedactionSummary) {
        var bytes: [UInt8] = []
        entry.appendCompactJSON(to: &bytes)
        let (redacted, summary) = try redactEntry(bytes: bytes)
        return (try HAREntry(json: try HARReader.parseJSON(redacted, source: "")), summary)
    }

    /// A copy of `document` with every entry and every other value redacted, and the total
    /// summary: `redactStream(bytes:)` on the document's bytes, so every value redacted
    /// anywhere is replaced wherever else it is, earlier entries too.
    /// - Throws: `HARError` when the document cannot be redacted; nothing is returned unredacted.
    public func redact(_ document: HARDocument) throws(HARError) -> (document: HARDocument, summary: RedactionSummary) {
        let (redacted, summary) = try redactStream(bytes: HARWriter.bytes(document))
        return (try HARReader.read(bytes: redacted, source: ""), summary)
    }
}

/// How many values of each kind a redaction replaced.
public struct RedactionSummary: Sendable, Hashable {
    /// Replacements by kind of secret, for example `["password": 2, "code": 1]`.
    public var counts: [String: Int]

    public init(counts: [String: Int]) {
        self.counts = counts
    }

    /// All replacements.
    public var total: Int { counts.values.reduce(0, +) }

    mutating func add(_ other: RedactionSummary) {
        counts.merge(other.counts, uniquingKeysWith: +)
    }
}
