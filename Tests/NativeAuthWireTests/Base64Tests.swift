import Foundation
import Testing

@testable import NativeAuthWire

@Suite("Base64")
struct Base64Tests {
    @Test("Validating without decoding agrees with decoding on generated texts, white space skipped or refused")
    func validationAgreesWithDecoding() {
        let alphabet = Array("AZaz09+/-_=  \n\r\t!.".utf8)
        var rng = SplitMix64(seed: 0xD1B5_4A32_D192_ED03)
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
            for whiteSpace in [Base64.WhiteSpace.skipped, .refused] {
                let decodes = Base64.decode(text, whiteSpace: whiteSpace) != nil
                #expect(Base64.isValid(text, whiteSpace: whiteSpace) == decodes, "\(text)")
                if decodes, whiteSpace == .skipped { valid += 1 }
            }
        }
        #expect(valid > 3_000 && valid < 27_000)
        #expect(Base64.isValid(Base64.encode(Array("any carnal pleas".utf8))))
    }

    @Test("Decoding is tolerant of missing padding and the URL-safe alphabet, of white space only where asked, and refuses the rest")
    func decodingRules() {
        let text = Array("any carnal pleas".utf8)
        #expect(Base64.decode("YW55IGNhcm5hbCBwbGVhcw==") == text)
        #expect(Base64.decode("YW55IGNh\ncm5hbC\tBwbGVhcw", whiteSpace: .skipped) == text)
        #expect(Base64.decode("YW55IGNh\ncm5hbC\tBwbGVhcw") == nil)
        #expect(Base64.decode("-_-_") == [0xFB, 0xFF, 0xBF])
        #expect(Base64.decode("+/+/") == [0xFB, 0xFF, 0xBF])
        #expect(Base64.decode("") == [])
        for bad in ["A", "AAAAA", "A===", "AB=C", "AB!C", "é", "AB==="] {
            #expect(Base64.decode(bad, whiteSpace: .skipped) == nil, "\(bad)")
            #expect(!Base64.isValid(bad, whiteSpace: .skipped), "\(bad)")
        }
    }

    @Test("Every padded standard text the rule accepts is one Foundation's decoder gives the same bytes for")
    func acceptsNothingFoundationRefusesOnStandardText() {
        var rng = SplitMix64(seed: 11)
        for length in 0..<48 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let standard = Base64.encode(bytes)
            #expect(standard == Data(bytes).base64EncodedString())
            #expect(Base64.decode(standard) == bytes)
            #expect(Data(base64Encoded: standard).map(Array.init) == bytes)
            let url = Base64.encode(bytes, urlSafe: true)
            #expect(url == Base64URL.encode(bytes))
            #expect(Base64.decode(url) == bytes)
            // Readers that hand a body on to Foundation must decode with this codec: Foundation refuses
            // the URL-safe alphabet and missing padding, which the rule accepts.
            if url.contains(where: { $0 == "-" || $0 == "_" }) { #expect(Data(base64Encoded: url) == nil) }
        }
    }
}
