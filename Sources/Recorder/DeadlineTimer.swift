import NIOCore

/// A deadline that can be set and cleared on every request without scheduling a task each time.
///
/// The owner keeps at most one wake-up scheduled per connection. Setting a later deadline while a
/// wake-up is pending schedules nothing: when the wake-up comes early, ``wake(now:)`` says to
/// sleep until the current deadline. Clearing the deadline leaves the wake-up to find nothing.
/// With a fixed timeout, deadlines only move forward, so a busy keep-alive connection schedules
/// about one task per timeout period instead of one per request.
///
/// A value type that returns what to do; the owning handler does the scheduling.
struct DeadlineTimer {
    /// When the timer expires, if it is set.
    private(set) var deadline: NIODeadline?
    /// When the earliest scheduled wake-up fires, if one is pending.
    private var wakeAt: NIODeadline?

    /// What the owner must do after a wake-up.
    enum Wake: Equatable {
        /// The deadline passed: act on the timeout (the timer is now clear).
        case expired
        /// The deadline moved on: schedule a wake-up at this time.
        case sleep(until: NIODeadline)
        /// The timer was cleared: nothing to do.
        case none
    }

    /// Sets the deadline. Returns the time to schedule a wake-up for, or nil when a pending one
    /// comes first.
    mutating func set(_ deadline: NIODeadline) -> NIODeadline? {
        self.deadline = deadline
        if let wakeAt, wakeAt <= deadline { return nil }
        wakeAt = deadline
        return deadline
    }

    /// Clears the deadline; a pending wake-up will find nothing to do.
    mutating func clear() {
        deadline = nil
    }

    /// A scheduled wake-up fired at `now`.
    mutating func wake(now: NIODeadline) -> Wake {
        wakeAt = nil
        guard let deadline else { return .none }
        if now >= deadline {
            self.deadline = nil
            return .expired
        }
        wakeAt = deadline
        return .sleep(until: deadline)
    }
}
