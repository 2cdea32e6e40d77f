/// The fuzzer's only source of randomness: SplitMix64, seeded from the run seed and the case index,
/// so case `i` of seed `s` is the same on every machine and in every order of execution.
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator for one seed.
    public init(seed: UInt64) { state = seed }

    /// The generator of case `index` of a run seeded with `seed`.
    public init(runSeed: UInt64, caseIndex: UInt64) {
        var mixer = FuzzRandom(seed: runSeed ^ (caseIndex &* 0xD1B5_4A32_D192_ED03))
        state = mixer.next() ^ caseIndex
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// True with probability `percent`/100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
