import HAR
import Testing

/// A small seeded generator (SplitMix64) so failures can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("JSON with generated inputs")
struct JSONRandomTests {
    static let pieces: [String] = [
        "a", "Z", " ", "\"", "\\", "/", "\n", "\u{01}", "\u{1F}", "é", "€", "😀", "\u{7F}", "0",
    ]

    static func randomString(_ rng: inout SeededGenerator) -> String {
        let length = Int.random(in: 0..<40, using: &rng)
        return String((0..<length).map { _ in pieces.randomElement(using: &rng)! }.joined())
    }

    static func randomValue(_ rng: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &rng))
        case 3: return .double(Double.random(in: -1e6...1e6, using: &rng))
        case 4: return .string(randomString(&rng))
        case 5: return .array((0..<Int.random(in: 0..<5, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            return .object(
                JSONObject(
                    (0..<Int.random(in: 0..<5, using: &rng)).map { _ in
                        (key: randomString(&rng), value: randomValue(&rng, depth: depth + 1))
                    }))
        }
    }

    @Test("generated values survive serialize and parse, compact and pretty")
    func roundTrips() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SeededGenerator(state: seed)
        for _ in 0..<500 {
            let value = Self.randomValue(&rng)
            #expect(try JSONParser.parse(value.serialized()) == value, "seed \(seed)")
            #expect(try JSONParser.parse(value.prettySerialized()) == value, "seed \(seed)")
        }
    }

    @Test("a special character at every position of a string is handled by the fast scanner")
    func specialAtEveryPosition() throws {
        for special in ["\"", "\\", "\n", "\u{01}", "é", "😀"] {
            for length in 0..<34 {
                for position in 0...length {
                    var characters = Array(repeating: "x", count: length)
                    characters.insert(special, at: position)
                    let value = JSONValue.string(characters.joined())
                    #expect(try JSONParser.parse(value.serialized()) == value)
                }
            }
        }
    }

    @Test("every proper prefix of a document is rejected, never accepted or crashing")
    func prefixesRejected() throws {
        let text = Array(#"{"a":[1,-2.5e3,"x\u00e9\"y",{"b":null,"c":true}],"d":false}"#.utf8)
        #expect(try JSONParser.parse(text) != .null)
        for cut in 0..<text.count {
            #expect(throws: JSONParseError.self) { try JSONParser.parse(text[..<cut]) }
        }
    }
}
