/// SplitMix64: the one seeded generator behind every reproducible draw (the engine's seeded ids,
/// the emulator's generator's seeding, the fuzzer's cases). The same seed gives the same
/// sequence on every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// Where the sequence stands: a generator made from a state read earlier repeats the values
    /// from there.
    public var state: UInt64

    /// A generator for `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
