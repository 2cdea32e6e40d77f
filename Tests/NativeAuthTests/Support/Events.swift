import Foundation

/// Records delegate calls (from any isolation) and lets a test wait for one.
final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    var log: [String] { lock.withLock { items } }

    func record(_ event: String) { lock.withLock { items.append(event) } }

    /// Waits (up to about 5 s) until `event` was recorded; returns whether it was.
    func wait(for event: String) async -> Bool {
        for _ in 0..<5000 {
            if log.contains(event) { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return false
    }
}
