import Testing

@testable import NativeAuthWire

@Suite("JSON properties")
struct WireJSONPropertyTests {
    static let characters: [Character] = Array("aZ09 \"\\/\n\r\t\u{1}\u{1F}é€🙂𝄞{}[],:")

    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> WireJSON {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2:
            let numbers = ["0", "-1", "8", "3599", "1.5", "-2.25e-3", "1E10", "12345678901234567890"]
            return .number(numbers.randomElement(using: &generator)!)
        case 3: return .string(randomString(using: &generator))
        case 4:
            return .array(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    randomValue(depth: depth + 1, using: &generator)
                })
        default:
            return .object(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    WireJSON.Member(randomString(using: &generator), randomValue(depth: depth + 1, using: &generator))
                })
        }
    }

    static func randomString(using generator: inout SeededGenerator) -> String {
        String(
            (0..<Int.random(in: 0...10, using: &generator)).map { _ in characters.randomElement(using: &generator)! })
    }

    @Test("random values survive serialise then parse (seed 424242)")
    func randomRoundTrips() throws {
        var generator = SeededGenerator(state: 424_242)
        for _ in 0..<500 {
            let value = Self.randomValue(depth: 0, using: &generator)
            #expect(try WireJSON.parse(value.serialized()) == value)
        }
    }

    @Test("truncating valid JSON anywhere gives an error inside the input, never a crash (seed 99)")
    func truncationsAreErrors() {
        var generator = SeededGenerator(state: 99)
        for _ in 0..<200 {
            let value = WireJSON.array([Self.randomValue(depth: 1, using: &generator)])
            let bytes = Array(value.serialized().utf8)
            let cut = Int.random(in: 0..<bytes.count, using: &generator)
            do {
                _ = try WireJSON.parse(bytes: bytes[..<cut])
                Issue.record("a truncated array parsed")
            } catch {
                #expect(error.offset <= cut)
            }
        }
    }
}
