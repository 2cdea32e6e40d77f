import HAR
import Testing

@testable import Redaction

/// `ValueRedactor`'s byte-level paths must give what its Character-level ones give.
@Suite("Value redaction on bytes")
struct ValueRedactorBytesTests {
    @Test("ASCII URLs give the Character-wise split's text, counts and placeholders")
    func urlsSameAsCharacterWise() throws {
        let rules = try CompiledRules(.nativeAuthDefaults)
        var generator = CorpusGenerator(seed: 3)
        let pieces = [
            "https://h/p", "?", "#", "&", "=", "login_hint=a%40b.c", "password=x", "eyJhbGciOiJI.eyJzdWIiOiIx.c2ln", "a@example.org",
            "+1 425 555 0100", "/x", "dc=ESTS", "REDACTED-password-2", "",
        ]
        for provisional in [false, true] {
            var (bytes, characters) = ValueRedactor.pair(rules: rules, provisional: provisional)
            for _ in 0..<600 {
                let url = generator.text(from: pieces, upTo: 7)
                #expect(bytes.redactURL(url) == characters.redactURLByCharacter(url), "\(url)")
            }
            #expect(bytes.counts == characters.counts)
            #expect(bytes.table.count == characters.table.count)
            #expect(bytes.provisional?.calls.map(\.secret) == characters.provisional?.calls.map(\.secret))
        }
    }
}

extension ValueRedactor {
    /// Two redactors over fresh tables, both with provisional placeholders or neither, for
    /// tests that redact the same values two ways and compare.
    static func pair(rules: CompiledRules, provisional: Bool) -> (ValueRedactor, ValueRedactor) {
        var first = ValueRedactor(rules: rules, table: PlaceholderTable())
        var second = ValueRedactor(rules: rules, table: PlaceholderTable())
        if provisional {
            first.provisional = ProvisionalPlaceholders()
            second.provisional = ProvisionalPlaceholders()
        }
        return (first, second)
    }
}
