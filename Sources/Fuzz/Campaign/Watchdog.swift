import Foundation

/// Resumes a continuation once: with the observation, or with nil when the deadline passes first.
final class OneShot: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Observation?, Never>?

    init(_ continuation: CheckedContinuation<Observation?, Never>) { self.continuation = continuation }

    func resume(_ value: Observation?) {
        let taken: CheckedContinuation<Observation?, Never>? = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        taken?.resume(returning: value)
    }
}

/// One timer for all workers: each worker arms its slot per case; the patrol ends overdue cases as hangs.
/// A hung case's task is abandoned (it may never finish); the campaign goes on.
public final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [(shot: OneShot, deadline: ContinuousClock.Instant)?]
    private var stopped = false

    init(slots: Int) { self.slots = Array(repeating: nil, count: max(slots, 1)) }

    func arm(slot: Int, shot: OneShot, seconds: Double) {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1_000)))
        lock.withLock { slots[slot] = (shot, deadline) }
    }

    func disarm(slot: Int) { lock.withLock { slots[slot] = nil } }

    func stop() { lock.withLock { stopped = true } }

    func patrol() async {
        while !(lock.withLock { stopped }) {
            try? await Task.sleep(for: .milliseconds(20))
            let now = ContinuousClock.now
            let overdue: [OneShot] = lock.withLock {
                var due: [OneShot] = []
                for index in slots.indices {
                    if let slot = slots[index], slot.deadline <= now {
                        due.append(slot.shot)
                        slots[index] = nil
                    }
                }
                return due
            }
            for shot in overdue { shot.resume(nil) }
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
