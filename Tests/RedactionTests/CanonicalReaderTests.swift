import Testing

@testable import Redaction

/// `CanonicalReader.string()` scans eight bytes at a time; these tests compare it with a
/// byte-at-a-time reading of the same rules.
@Suite("Canonical reader")
struct CanonicalReaderTests {
    /// The rules of `string()`, one byte at a time: the token's end and whether it had escapes.
    static func reference(_ bytes: [UInt8], at start: Int) -> (end: Int, hasEscapes: Bool)? {
        guard start < bytes.count, bytes[start] == 0x22 else { return nil }
        var i = start + 1
        var hasEscapes = false
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x22 {
                let inner = Array(bytes[(start + 1)..<i])
                guard String(validating: inner, as: UTF8.self) != nil else { return nil }
                return (i + 1, hasEscapes)
            }
            if byte < 0x20 { return nil }
            if byte == 0x5C {
                guard i + 1 < bytes.count else { return nil }
                hasEscapes = true
                let next = bytes[i + 1]
                if Array("\"\\nrtbf".utf8).contains(next) {
                    i += 2
                    continue
                }
                guard next == UInt8(ascii: "u"), i + 6 <= bytes.count, bytes[i + 2] == 0x30, bytes[i + 3] == 0x30 else {
                    return nil
                }
                let hex = Array("0123456789abcdef".utf8)
                guard let high = hex.firstIndex(of: bytes[i + 4]), high <= 1, let low = hex.firstIndex(of: bytes[i + 5]) else {
                    return nil
                }
                if [0x0A, 0x0D, 0x09, 0x08, 0x0C].contains(high << 4 | low) { return nil }
                i += 6
                continue
            }
            i += 1
        }
        return nil
    }

    @Test("Strings with quotes, escapes, control bytes and UTF-8 at every offset read as the byte-at-a-time rules say")
    func stringMatchesByteAtATimeRules() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("name".utf8), Array("0123456789abcdef".utf8), [0x5C, 0x22], [0x5C, 0x5C],
            [0x5C, UInt8(ascii: "n")], [0x5C, UInt8(ascii: "x")], Array("\\u001f".utf8), Array("\\u000a".utf8),
            Array("\\u00zz".utf8), [0x0A], [0x1F], [0x7F], Array("é".utf8), Array("漢".utf8), [0xFF], [0xC3],
            [0x22], [0x20], Array("~!".utf8),
        ]
        var generator = CorpusGenerator(seed: 41)
        func next(_ bound: Int) -> Int { generator.next(bound) }
        var checked = 0
        for _ in 0..<20_000 {
            var bytes = Array(repeating: UInt8(ascii: "x"), count: next(9))
            let start = bytes.count
            bytes.append(0x22)
            for _ in 0..<next(12) { bytes += pieces[next(pieces.count)] }
            // Usually closed; sometimes cut short at the end of the buffer.
            if next(8) > 0 { bytes.append(0x22) }
            bytes += Array(repeating: UInt8(ascii: "y"), count: next(10))
            let expected = Self.reference(bytes, at: start)
            let actual = bytes.withUnsafeBufferPointer { buffer -> (end: Int, hasEscapes: Bool)? in
                var reader = CanonicalReader(buffer, position: start)
                guard let token = reader.string() else { return nil }
                #expect(token.range.lowerBound == start && token.range.upperBound == reader.position)
                return (token.range.upperBound, token.hasEscapes)
            }
            #expect(actual?.end == expected?.end && actual?.hasEscapes == expected?.hasEscapes, "\(bytes)")
            if expected != nil { checked += 1 }
        }
        // Both outcomes were exercised.
        #expect(checked > 2_000 && checked < 19_000)
    }
}
