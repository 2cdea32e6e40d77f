import Testing

@testable import Redaction

@Suite("Secret index")
struct SecretIndexTests {
    static func index(_ pairs: [(String, String)], capacity: Int = SecretIndex.defaultCapacity) -> SecretIndex {
        let index = SecretIndex(capacity: capacity)
        for (secret, placeholder) in pairs { index.add(secret, placeholder: placeholder) }
        return index
    }

    @Test("A code is replaced as a whole token only: never inside a longer number, id or placeholder")
    func replacesWholeTokensOnly() {
        let known = Self.index([("48213907", "REDACTED-code-1")]).snapshot()
        #expect(known.replacing(in: "code=48213907&x=1") == "code=REDACTED-code-1&x=1")
        #expect(known.replacing(in: "/challenge/48213907") == "/challenge/REDACTED-code-1")
        #expect(known.replacing(in: "48213907") == "REDACTED-code-1")
        #expect(known.replacing(in: "next=code%3D48213907%26a") == "next=code%3DREDACTED-code-1%26a")
        #expect(known.replacing(in: "line\\n48213907\\u002648213907") == "line\\nREDACTED-code-1\\u0026REDACTED-code-1")
        #expect(known.replacing(in: "948213907") == nil)
        #expect(known.replacing(in: "482139070") == nil)
        #expect(known.replacing(in: "48213907-ab") == nil)
        #expect(known.replacing(in: "id_48213907") == nil)
        #expect(known.replacing(in: "REDACTED-code-48213907") == nil)
    }

    @Test("A secret is found as written raw, JSON-escaped and form-encoded")
    func findsEscapedForms() {
        let known = Self.index([("alex.c@example.com", "E1"), ("p/w \"q\" 1", "P1")]).snapshot()
        #expect(known.replacing(in: "u=alex.c%40example.com&v") == "u=E1&v")
        #expect(known.replacing(in: "hi alex.c@example.com.") == "hi E1.")
        #expect(known.replacing(in: #"{"p":"p/w \"q\" 1"}"#) == #"{"p":"P1"}"#)
        #expect(known.replacing(in: #"{"p":"p\/w \"q\" 1"}"#) == #"{"p":"P1"}"#)
        #expect(known.replacing(in: "p=p%2Fw+%22q%22+1&") == "p=P1&")
        #expect(known.replacing(in: "p=p%2Fw%20%22q%22%201&") == "p=P1&")
    }

    @Test("Values shorter than the minimum are not searched for")
    func skipsShortValues() {
        let index = Self.index([("12345", "C1"), ("true", "B1")])
        #expect(index.snapshot().isEmpty)
        #expect(index.snapshot().replacing(in: "a 12345 true") == nil)
    }

    @Test("The longest of two secrets sharing a start wins")
    func longestMatchWins() {
        let known = Self.index([("abcdef", "S1"), ("abcdef.ghijk", "S2")]).snapshot()
        #expect(known.replacing(in: "x abcdef.ghijk y abcdef.") == "x S2 y S1.")
    }

    @Test("Beyond its capacity the index forgets its oldest secrets and keeps the newest")
    func forgetsOldestBeyondCapacity() {
        let pairs = (0..<40).map { ("secret-value-\($0)", "REDACTED-s-\($0)") }
        let index = Self.index(pairs, capacity: 16)
        let known = index.snapshot()
        #expect(index.forgotten > 0)
        #expect(known.replacing(in: "secret-value-39") == "REDACTED-s-39")
        #expect(known.replacing(in: "secret-value-0") == nil)
        #expect(known.forms.count <= 16)
    }

    @Test("Secrets given placeholders by a table are indexed, placeholders themselves are not")
    func tableFeedsTheIndex() {
        let table = PlaceholderTable()
        let placeholder = table.placeholder(for: "CT-abcdef123", kind: "continuation_token")
        _ = table.placeholder(for: "REDACTED-code-7", kind: "code")
        #expect(table.index?.snapshot().replacing(in: "t=CT-abcdef123") == "t=\(placeholder)")
        #expect(table.index?.secretCount == 1)
        #expect(PlaceholderTable(indexing: false).index == nil)
    }
}

extension SecretIndexTests {
    @Test("Word bytes are exactly ASCII letters, digits, _ and -, and every non-ASCII byte")
    func wordBytes() {
        for byte in UInt8.min...UInt8.max {
            let scalar = Unicode.Scalar(byte)
            let expected = byte >= 0x80 || (byte < 0x80 && (Character(scalar).isLetter || Character(scalar).isNumber))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            #expect(SecretIndex.isWordByte(byte) == expected, "byte \(byte)")
        }
    }
}
