import Foundation

/// A value behind a lock, shared between threads: the one lock box of the engine, the emulator,
/// Replay, the fuzzer and the scenarios. Critical sections are short and never span an `await`.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, under the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
