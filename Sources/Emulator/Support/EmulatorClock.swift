import Foundation
import NativeAuthWire

/// The emulator's source of time. Tests use ``manual(start:)`` and move it forward.
public struct EmulatorClock: Sendable {
    private let read: @Sendable () -> Date
    private let offset: Locked<TimeInterval>

    /// Wraps a time source.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
        self.offset = Locked(0)
    }

    /// Wall-clock time.
    public static var system: EmulatorClock { EmulatorClock { Date() } }

    /// A clock frozen at `start` that moves only through ``advance(by:)``.
    public static func manual(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> EmulatorClock {
        EmulatorClock { start }
    }

    /// The current time (source plus every ``advance(by:)``).
    public var now: Date { read().addingTimeInterval(offset.withLock { $0 }) }

    /// Moves this clock forward by `seconds` (used by tests and the admin time endpoint).
    public func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}

/// Formats dates as the error envelope's `timestamp` (`yyyy-mm-dd hh:mm:ssZ`), without `DateFormatter`.
enum UTCTimestamp {
    static func string(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil-from-days (proleptic Gregorian).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}
