import Foundation

/// Resumes a continuation once: with a value, or with nil when a deadline passes first. The continuation is
/// given at creation or installed later (the transport phase arms its timer before the request starts).
package final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value?, Never>?

    package init(_ continuation: CheckedContinuation<Value?, Never>? = nil) { self.continuation = continuation }

    package func install(_ value: CheckedContinuation<Value?, Never>) { lock.withLock { continuation = value } }

    package func resume(_ value: Value?) {
        let taken: CheckedContinuation<Value?, Never>? = lock.withLock {
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
    private var slots: [(shot: OneShot<Observation>, deadline: ContinuousClock.Instant)?]
    private var stopped = false

    init(slots: Int) { self.slots = Array(repeating: nil, count: max(slots, 1)) }

    func arm(slot: Int, shot: OneShot<Observation>, seconds: Double) {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1_000)))
        lock.withLock { slots[slot] = (shot, deadline) }
    }

    func disarm(slot: Int) { lock.withLock { slots[slot] = nil } }

    func stop() { lock.withLock { stopped = true } }

    func patrol() async {
        while !(lock.withLock { stopped }) {
            try? await Task.sleep(for: .milliseconds(20))
            let now = ContinuousClock.now
            let overdue: [OneShot<Observation>] = lock.withLock {
                var due: [OneShot<Observation>] = []
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
