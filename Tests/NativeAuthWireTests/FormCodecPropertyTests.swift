import Testing

@testable import NativeAuthWire

@Suite("Form encoding properties")
struct FormCodecPropertyTests {
    static let alphabet: [Character] = Array("aZ09 -._~+%&=?#/@!*'()[]{}\"\\,;:\u{0}\n\té€🙂𝄞")

    @Test("random fields survive encode then decode (seed 20261122)")
    func randomRoundTrips() throws {
        var generator = SplitMix64(seed: 20_261_122)
        for _ in 0..<500 {
            var form = FormFields()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let name = String(
                    (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                        Self.alphabet.randomElement(using: &generator)!
                    })
                let value = String(
                    (0..<Int.random(in: 0...20, using: &generator)).map { _ in
                        Self.alphabet.randomElement(using: &generator)!
                    })
                form.append(name, value)
            }
            let encoded = form.encoded
            #expect(encoded.utf8.allSatisfy { $0 < 0x80 && $0 != 0x20 })
            #expect(try FormCodec.decode(encoded) == form)
        }
    }

    @Test("decoding arbitrary bytes never crashes and errors point inside the body (seed 7)")
    func arbitraryBytesAreSafe() {
        var generator = SplitMix64(seed: 7)
        let pieces: [[UInt8]] = [[0x25], [0x26], [0x3D], [0x2B], [0x41], [0xC3], [0xA9], [0xFF], [0x32], [0x46]]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...16, using: &generator)).flatMap { _ in
                pieces.randomElement(using: &generator)!
            }
            do {
                _ = try FormCodec.decode(bytes: bytes)
            } catch {
                #expect(error.offset >= 0 && error.offset < max(bytes.count, 1))
            }
        }
    }
}
