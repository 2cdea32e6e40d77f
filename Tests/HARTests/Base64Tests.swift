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
}
