import HAR
import Testing

@testable import Redaction

/// The byte-writing forms of placeholders (`appendPlaceholder`, `appendReplacement`) must
/// give exactly the strings, calls and counts of the string forms.
@Suite("Placeholders written as bytes")
struct ProvisionalPlaceholdersTests {
    static let kinds = ["password", "continuation_token", "Continuation Token", "", "ÄB-c", "a_b9", "UPPER", "x"]

    @Test("Appended provisional placeholders are the strings placeholder(for:kind:) gives, kinds sanitized")
    func appendedEqualsString() {
        var strings = ProvisionalPlaceholders()
        var bytes = ProvisionalPlaceholders()
        var out: [UInt8] = Array("xy".utf8)
        var expected = out
        for (index, kind) in Self.kinds.enumerated() {
            let secret = "secret-\(index)-\(kind)"
            let text = strings.placeholder(for: secret, kind: kind)
            let digits = String(index)
            let expectedText = "REDACTED-\(PlaceholderTable.sanitize(kind))-7302958146"
                + String(repeating: "0", count: ProvisionalPlaceholders.indexWidth - digits.count) + digits
            #expect(text == expectedText, "\(kind)")
            #expect(PlaceholderTable.isPlaceholder(text), "\(kind)")
            bytes.appendPlaceholder(for: secret, kind: kind, to: &out)
            expected += Array(text.utf8)
            #expect(out == expected, "\(kind)")
        }
        #expect(PlaceholderTable.prefixText.description == PlaceholderTable.prefix)
        #expect(ProvisionalPlaceholders.markerText.description.utf8.elementsEqual(ProvisionalPlaceholders.marker))
        #expect(strings.calls.map(\.secret) == bytes.calls.map(\.secret))
        #expect(strings.calls.map(\.kind) == bytes.calls.map(\.kind))
        #expect(strings.calls.map(\.hash) == bytes.calls.map(\.hash))
        // And they are found again, whatever their kind.
        var seen = Array(repeating: false, count: bytes.calls.count)
        var found: [(range: Range<Int>, call: Int)] = []
        #expect(ProvisionalPlaceholders.locate(in: out, calls: bytes.calls, seen: &seen, into: &found))
        #expect(found.map(\.call) == Array(0..<Self.kinds.count))
    }

    @Test("appendReplacement gives replace's text, counts and table entries, or nothing where replace keeps the value")
    func appendReplacementEqualsReplace() throws {
        let rules = try CompiledRules(.nativeAuthDefaults)
        let values = [
            "", "x", "secret value", "REDACTED-password-3", "REDACTED-", "REDACTED-Pass-1", "Rabc", "REDACTED-code-12x",
            "é", "x", "REDACTED-password-3",
        ]
        for provisional in [false, true] {
            var (a, b) = ValueRedactor.pair(rules: rules, provisional: provisional)
            for (index, value) in values.enumerated() {
                let kind = Self.kinds[index % Self.kinds.count]
                let replaced = a.replace(value, kind: kind)
                var out: [UInt8] = [0x41]
                let appended = b.appendReplacement(of: value, kind: kind, to: &out)
                #expect(appended == (replaced != value), "\(value)")
                #expect(out == [0x41] + (appended ? Array(replaced.utf8) : []), "\(value)")
                #expect(ValueRedactor.staysAsItIs(value) == (value.isEmpty || PlaceholderTable.isPlaceholder(value)), "\(value)")
            }
            #expect(a.counts == b.counts)
            #expect(a.table.count == b.table.count)
            #expect(a.provisional?.calls.map(\.secret) == b.provisional?.calls.map(\.secret))
        }
    }
}
