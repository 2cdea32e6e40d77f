import NIOConcurrencyHelpers
import NIOCore

/// Receives each completed exchange from the proxy.
///
/// The proxy calls `record(_:completion:)` on an event loop after the upstream response has
/// ended, and writes the response's end to the client only once `completion` has been called, so
/// a sink that calls it after storing the exchange guarantees that every exchange a client has
/// seen complete is stored. Proxy-made error answers use `record(_:)`. Neither may block for long.
public protocol ExchangeSink: Sendable {
    /// Accepts one completed exchange.
    func record(_ exchange: RecordedExchange)

    /// Accepts one completed exchange and calls `completion` (on any thread) once it is stored.
    /// The default records synchronously, then calls `completion`.
    func record(_ exchange: RecordedExchange, completion: @escaping @Sendable () -> Void)

    /// Accepts one completed exchange and runs `completion` on `eventLoop` once it is stored (what
    /// the proxy calls). A sink storing on a thread of its own may run the completions of several
    /// exchanges in one task per event loop. The default goes through `record(_:completion:)`.
    func record(
        _ exchange: RecordedExchange, completingOn eventLoop: any EventLoop,
        _ completion: @escaping @Sendable () -> Void)
}

extension ExchangeSink {
    /// Records through `record(_:completion:)` and runs `completion` on `eventLoop`.
    public func record(
        _ exchange: RecordedExchange, completingOn eventLoop: any EventLoop,
        _ completion: @escaping @Sendable () -> Void
    ) {
        record(exchange) { eventLoop.runHereOrSoon(completion) }
    }

    /// Records synchronously, then calls `completion`.
    public func record(_ exchange: RecordedExchange, completion: @escaping @Sendable () -> Void) {
        record(exchange)
        completion()
    }
}

extension EventLoop {
    /// Runs `task` now when called on this loop, else as a task on it.
    func runHereOrSoon(_ task: @escaping @Sendable () -> Void) {
        if inEventLoop {
            task()
        } else {
            execute(task)
        }
    }
}

/// A sink that keeps every exchange in memory, for tests and embedding.
public final class InMemoryExchangeSink: ExchangeSink {
    private let storage = NIOLockedValueBox<[RecordedExchange]>([])

    /// Creates an empty sink.
    public init() {}

    /// Appends the exchange.
    public func record(_ exchange: RecordedExchange) {
        storage.withLockedValue { $0.append(exchange) }
    }

    /// The exchanges recorded so far, in completion order.
    public var exchanges: [RecordedExchange] {
        storage.withLockedValue { $0 }
    }
}

/// A sink that forwards to several sinks in order.
public struct FanOutExchangeSink: ExchangeSink {
    private let sinks: [any ExchangeSink]

    /// Creates a sink forwarding to `sinks`.
    public init(_ sinks: [any ExchangeSink]) {
        self.sinks = sinks
    }

    /// Forwards the exchange to each sink.
    public func record(_ exchange: RecordedExchange) {
        for sink in sinks { sink.record(exchange) }
    }

    /// Forwards the exchange to each sink in turn, each after the previous one stored it, and
    /// calls `completion` after the last.
    public func record(_ exchange: RecordedExchange, completion: @escaping @Sendable () -> Void) {
        Self.record(exchange, to: sinks[...], completion: completion)
    }

    private static func record(
        _ exchange: RecordedExchange, to sinks: ArraySlice<any ExchangeSink>,
        completion: @escaping @Sendable () -> Void
    ) {
        guard let first = sinks.first else { return completion() }
        let rest = Array(sinks.dropFirst())
        first.record(exchange) { record(exchange, to: rest[...], completion: completion) }
    }
}
