import NativeAuthWire

/// The fuzzer's only source of randomness: SplitMix64, seeded from the run seed and the case index,
/// so case `i` of seed `s` is the same on every machine and in every order of execution.
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    private var generator: SplitMix64

    /// A generator for one seed.
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The generator of case `index` of a run seeded with `seed`.
    public init(runSeed: UInt64, caseIndex: UInt64) {
        var mixer = SplitMix64(seed: runSeed ^ (caseIndex &* 0xD1B5_4A32_D192_ED03))
        generator = SplitMix64(seed: mixer.next() ^ caseIndex)
    }

    public mutating func next() -> UInt64 { generator.next() }

    /// A value in `0..<bound` (bound > 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// True with probability `percent`/100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
