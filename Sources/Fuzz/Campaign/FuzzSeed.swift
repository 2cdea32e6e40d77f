import Foundation

/// The one place a run's seed is chosen when none is given.
public enum FuzzSeed {
    /// A seed from the clock (milliseconds, 32 bits), printed by every run so it can be repeated.
    public static func fromClock(_ date: Date = Date()) -> UInt64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds < 1.8e19 else { return 1 }
        return UInt64(milliseconds) & 0xFFFF_FFFF
    }

    /// The seed of the fault proof when none is given: the proof's figures are comparable run to run.
    public static let proof: UInt64 = 1
}
