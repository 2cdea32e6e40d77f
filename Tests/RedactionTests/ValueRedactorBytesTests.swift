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
        var bytes = ValueRedactor(rules: rules, table: PlaceholderTable())
        var characters = ValueRedactor(rules: rules, table: PlaceholderTable())
        for _ in 0..<600 {
            let url = generator.text(from: pieces, upTo: 7)
            #expect(bytes.redactURL(url) == characters.redactURLByCharacter(url), "\(url)")
        }
        #expect(bytes.counts == characters.counts)
        #expect(bytes.table.count == characters.table.count)
    }

    @Test("appendReplacement gives replace's text, counts and table entries, or nothing where replace keeps the value")
    func appendReplacementEqualsReplace() throws {
        let rules = try CompiledRules(.nativeAuthDefaults)
        let kinds = ["password", "continuation_token", "Continuation Token", "", "ÄB-c", "a_b9", "UPPER", "x"]
        let values = [
            "", "x", "secret value", "REDACTED-password-3", "REDACTED-", "REDACTED-Pass-1", "Rabc", "REDACTED-code-12x",
            "é", "x", "REDACTED-password-3",
        ]
        do {
            var a = ValueRedactor(rules: rules, table: PlaceholderTable())
            var b = ValueRedactor(rules: rules, table: PlaceholderTable())
            for (index, value) in values.enumerated() {
                let kind = kinds[index % kinds.count]
                let replaced = a.replace(value, kind: kind)
                var out: [UInt8] = [0x41]
                let appended = b.appendReplacement(of: value, kind: kind, to: &out)
                #expect(appended == (replaced != value), "\(value)")
                #expect(out == [0x41] + (appended ? Array(replaced.utf8) : []), "\(value)")
                #expect(ValueRedactor.staysAsItIs(value) == (value.isEmpty || PlaceholderTable.isPlaceholder(value)), "\(value)")
            }
            #expect(a.counts == b.counts)
            #expect(a.table.count == b.table.count)
        }
    }
}
