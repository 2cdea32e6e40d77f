
/// Receives each completed exchange from the proxy.
///
/// `record(_:)` is called on a proxy event loop after the upstream response has ended and
/// before its end is written to the client, so a sink that writes synchronously guarantees that
/// every exchange a client has seen completed is on disk. Keep it fast; it must not block for long.
public protocol ExchangeSink: Sendable {
    /// Accepts one completed exchange.
    func record(_ exchange: RecordedExchange)
}

/// A sink that keeps every exchange in memory, for tests and embedding.
public final class InMemoryExchangeSink: ExchangeSink {
    private let storage = LockedBox<[RecordedExchange]>([])

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
}
