import Foundation
import NIOConcurrencyHelpers

/// Shared, thread-safe pieces every client connection of one proxy uses.
final class ProxyShared: Sendable {
    let settings: RecorderSettings
    let pool: UpstreamConnectionPool
    let sink: any ExchangeSink
    let now: @Sendable () -> Date
    private let counters = NIOLockedValueBox<(connections: UInt64, exchanges: UInt64)>((0, 0))

    init(settings: RecorderSettings, sink: any ExchangeSink, now: @escaping @Sendable () -> Date) {
        self.settings = settings
        self.pool = UpstreamConnectionPool(settings: settings)
        self.sink = sink
        self.now = now
    }

    func nextConnectionID() -> UInt64 {
        counters.withLockedValue { $0.connections += 1; return $0.connections }
    }

    func nextExchangeSequence() -> UInt64 {
        counters.withLockedValue { $0.exchanges += 1; return $0.exchanges }
    }
}
