/// Rules by lowercased name, looked up from bytes without making a lowercased string.
///
/// `CompiledRules` keeps its `[String: RedactionRule]` tables (lowercased keys) for the typed
/// path; the splice path asks this copy with the raw bytes of a name.
struct NameTable: Sendable {
    /// Entries by name length in bytes, as (name, index in `rules`).
    private var byLength: [[(name: [UInt8], index: Int)]] = []
    /// The rules. Lookups give an index, so that the common question (is it `keep`?) is
    /// answered without copying the rule: a copy retains its strings, which both threads
    /// share.
    private var rules: [RedactionRule] = []
    private var actions: [RedactionRule.Action] = []
    /// Each rule's kind, so that asking for it retains one string, not a whole rule.
    private var kinds: [String] = []
    /// Whether every name is ASCII. Swift compares strings by canonical equivalence, so a
    /// non-ASCII name could equal other bytes: byte lookups are only exact for ASCII tables.
    private(set) var isASCII = true

    init(_ table: [String: RedactionRule]) {
        for (name, rule) in table {
            let bytes = Array(name.utf8)
            if bytes.contains(where: { $0 >= 0x80 }) { isASCII = false }
            while byLength.count <= bytes.count { byLength.append([]) }
            byLength[bytes.count].append((bytes, rules.count))
            rules.append(rule)
            actions.append(rule.action)
            kinds.append(rule.kind)
        }
    }

    /// Where the rule for `bytes` is, with ASCII letters compared without case: for an ASCII
    /// name this finds `table[name.lowercased()]`, for a name already lowercased `table[name]`.
    func index(ignoringASCIICase bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count < byLength.count else { return nil }
        for entry in byLength[bytes.count] where Self.equalIgnoringASCIICase(bytes, entry.name) { return entry.index }
        return nil
    }

    func action(at index: Int) -> RedactionRule.Action { actions[index] }

    func rule(at index: Int) -> RedactionRule { rules[index] }

    func kind(at index: Int) -> String { kinds[index] }

    /// Whether `bytes` equal `lowercased` once their ASCII capitals are lowered.
    static func equalIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercased: [UInt8]) -> Bool {
        guard bytes.count == lowercased.count else { return false }
        for i in 0..<bytes.count {
            let byte = bytes[i]
            if (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) != lowercased[i] { return false }
        }
        return true
    }
}
