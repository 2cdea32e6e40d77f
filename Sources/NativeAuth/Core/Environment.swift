import Foundation
import NativeAuthWire

/// Time as the engine sees it: the current date (token expiry) and waits (poll interval, retry delay).
public protocol NativeAuthClock: Sendable {
    /// The current date.
    func now() -> Date
    /// Waits `seconds`.
    func sleep(seconds: Double) async throws
}

/// The real clock.
public struct SystemClock: NativeAuthClock {
    /// Creates the system clock.
    public init() {}
    /// `Date()`.
    public func now() -> Date { Date() }
    /// `Task.sleep`.
    public func sleep(seconds: Double) async throws {
        try await Task.sleep(nanoseconds: Self.nanoseconds(seconds))
    }

    /// `seconds` in nanoseconds, saturating: zero for a negative or NaN wait, `UInt64.max` for one too long
    /// to count (decoding-rulings.md R2: the conversion never traps).
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        let nanoseconds = seconds * 1_000_000_000
        return nanoseconds < 18_446_744_073_709_549_568 ? UInt64(nanoseconds) : UInt64.max
    }
}

/// A clock that never waits: sleeps advance its date and are recorded, for deterministic tests and replay.
public final class ImmediateClock: NativeAuthClock, @unchecked Sendable {
    /// The simulated date and the waits recorded.
    private let state: Locked<(current: Date, slept: [Double])>

    /// Creates a clock starting at `start`.
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { state = Locked((start, [])) }

    /// The simulated date.
    public func now() -> Date { state.withLock { $0.current } }

    /// Records the wait and advances the date; returns at once.
    public func sleep(seconds: Double) async throws {
        state.withLock {
            $0.slept.append(seconds)
            $0.current += seconds
        }
    }

    /// Every wait requested so far, in order.
    public var sleeps: [Double] { state.withLock { $0.slept } }
}

/// Where correlation ids (`client-request-id`) come from.
public protocol UUIDSource: Sendable {
    /// The next id.
    func next() -> UUID
}

/// Random UUIDs.
public struct SystemUUIDSource: UUIDSource {
    /// Creates the source.
    public init() {}
    /// `UUID()`.
    public func next() -> UUID { UUID() }
}

/// UUIDs derived from a seed (SplitMix64), so a run can be repeated exactly.
public final class SeededUUIDSource: UUIDSource, @unchecked Sendable {
    /// The generator's state.
    private let state: Locked<UInt64>

    /// Creates a source for `seed`.
    public init(seed: UInt64) { state = Locked(seed) }

    /// Where the sequence stands; setting a value read earlier makes the ids from there repeat
    /// (the fuzzer rewinds an engine to the start of an action this way).
    public var position: UInt64 {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// The next id of the sequence (a well-formed version 4 UUID).
    public func next() -> UUID {
        let (a, b) = state.withLock { state in
            var generator = SplitMix64(seed: state)
            defer { state = generator.state }
            return (generator.next(), generator.next())
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            bytes[i] = UInt8(truncatingIfNeeded: a >> (8 * i))
            bytes[8 + i] = UInt8(truncatingIfNeeded: b >> (8 * i))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

}

/// Carries a non-Sendable value (an app delegate, a completion block) to the task that calls it back.
/// The engine only touches it on the main actor, where MSAL also calls delegates.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
}
