import Foundation
import Testing

@testable import NativeAuthWire

@Suite("Shared pieces")
struct SharedPiecesTests {
    @Test("base64url round-trips every length and agrees with Foundation's base64")
    func base64URL() {
        var random = SplitMix64(seed: 3)
        for length in 0..<40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let encoded = Base64URL.encode(bytes)
            let foundation = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(encoded == foundation)
            #expect(Base64URL.decode(encoded) == bytes)
        }
        #expect(Base64URL.decode("a$b") == nil)
    }

    @Test("SplitMix64 gives the published sequence for seed 0, and a generator made from a state read earlier repeats it")
    func splitMixSequence() {
        var generator = SplitMix64(seed: 0)
        // The first outputs of SplitMix64 from seed 0 (Vigna's reference implementation).
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        let saved = generator.state
        let next = [generator.next(), generator.next()]
        var again = SplitMix64(seed: saved)
        #expect([again.next(), again.next()] == next)
        #expect(next[0] == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test("a locked value is changed by one thread at a time")
    func lockedCounts() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<1_000 { counter.withLock { $0 += 1 } } }
            }
        }
        #expect(counter.withLock { $0 } == 8_000)
    }
}
