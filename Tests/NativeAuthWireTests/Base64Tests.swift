import Testing

@testable import HAR

@Suite("Base64")
struct Base64Tests {
    @Test("Validating without decoding agrees with decoding on generated texts")
    func validationAgreesWithDecoding() {
        let alphabet = Array("AZaz09+/-_=  \n\r\t!.".utf8)
        var rng = SeededGenerator(state: 0xD1B5_4A32_D192_ED03)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }
        var valid = 0
        for _ in 0..<30_000 {
            var bytes: [UInt8] = []
            let weighted = next(3) == 0
            for _ in 0..<next(14) {
                // Mostly symbols, so that valid texts are common.
                bytes.append(weighted ? alphabet[next(alphabet.count)] : alphabet[next(6)])
            }
            if next(3) == 0 { bytes += Array(repeating: UInt8(ascii: "="), count: next(4)) }
            let text = String(decoding: bytes, as: UTF8.self)
            let decodes = Base64.decode(text) != nil
            #expect(Base64.isValid(text) == decodes, "\(text)")
            if decodes { valid += 1 }
        }
        #expect(valid > 3_000 && valid < 27_000)
        #expect(Base64.isValid(Base64.encode(Array("any carnal pleas".utf8))))
    }

    @Test("Decoding is tolerant of white space, missing padding and the URL-safe alphabet, and refuses the rest")
    func decodingRules() {
        let text = Array("any carnal pleas".utf8)
        #expect(Base64.decode("YW55IGNhcm5hbCBwbGVhcw==") == text)
        #expect(Base64.decode("YW55IGNh\ncm5hbC\tBwbGVhcw") == text)
        #expect(Base64.decode("-_-_") == [0xFB, 0xFF, 0xBF])
        #expect(Base64.decode("+/+/") == [0xFB, 0xFF, 0xBF])
        #expect(Base64.decode("") == [])
        for bad in ["A", "AAAAA", "A===", "AB=C", "AB!C", "é"] {
            #expect(Base64.decode(bad) == nil, "\(bad)")
            #expect(!Base64.isValid(bad), "\(bad)")
        }
    }
}
