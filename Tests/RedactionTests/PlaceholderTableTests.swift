import Testing

@testable import Redaction

@Suite("Placeholder table")
struct PlaceholderTableTests {
    @Test("Placeholder text written byte by byte equals the interpolated form for every digit count")
    func placeholderTextMatchesInterpolation() {
        var numbers = Array(1...1_200)
        var power = 10
        while power <= 1_000_000_000_000 {
            numbers += [power - 1, power, power + 1]
            power *= 10
        }
        for kind in ["password", "continuation_token", "x", "method_id2"] {
            for number in numbers {
                #expect(PlaceholderTable.text(safeKind: kind, number: number) == "\(PlaceholderTable.prefix)\(kind)-\(number)")
            }
        }
    }

    @Test("Kinds that sanitise to the same name share one numbering, and reserved placeholders are skipped")
    func sanitisedKindsShareNumbering() {
        let table = PlaceholderTable()
        table.reserve("REDACTED-my_kind-2")
        #expect(table.placeholder(for: "first", kind: "My Kind") == "REDACTED-my_kind-1")
        #expect(table.placeholder(for: "second", kind: "my-kind") == "REDACTED-my_kind-3")
        #expect(table.placeholder(for: "third", kind: "My Kind") == "REDACTED-my_kind-4")
        #expect(table.placeholder(for: "first", kind: "my-kind") == "REDACTED-my_kind-1")
        #expect(table.placeholder(for: "other", kind: "") == "REDACTED-secret-1")
    }

    @Test("Secret hashes are stable for equal texts and differ for texts one byte apart at any position")
    func secretHashesSeparateNearbyTexts() {
        let base = Array("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI0YzEy.signature-part-0123456789".utf8)
        var hashes = Set<Int>()
        for length in 0...base.count {
            let text = String(decoding: base[0..<length], as: UTF8.self)
            #expect(PlaceholderTable.SecretKey.hash(of: text) == PlaceholderTable.SecretKey.hash(of: String(text)))
            hashes.insert(PlaceholderTable.SecretKey.hash(of: text))
            for position in 0..<length {
                var changed = Array(base[0..<length])
                changed[position] ^= 0x01
                hashes.insert(PlaceholderTable.SecretKey.hash(of: String(decoding: changed, as: UTF8.self)))
            }
        }
        let distinctTexts = (0...base.count).reduce(0) { $0 + 1 + $1 }
        #expect(hashes.count == distinctTexts)
    }

    @Test("Both halves of a secret's digest separate texts one byte apart, each on its own")
    func digestHalvesSeparateNearbyTexts() {
        let base = Array("continuation-token-AQABAAEAAAD--DLA3VO7QrddgJg7WevrAgDs_wQA9P8".utf8)
        var firsts = Set<Int>()
        var seconds = Set<UInt64>()
        for position in 0..<base.count {
            var changed = base
            changed[position] ^= 0x20
            let digest = PlaceholderTable.SecretKey.digest(of: String(decoding: changed, as: UTF8.self))
            firsts.insert(digest.hash)
            seconds.insert(digest.check)
        }
        #expect(firsts.count == base.count)
        #expect(seconds.count == base.count)
        let same = PlaceholderTable.SecretKey.digest(of: String(decoding: base, as: UTF8.self))
        #expect(same == PlaceholderTable.SecretKey.digest(of: String(decoding: base, as: UTF8.self)))
    }
}
