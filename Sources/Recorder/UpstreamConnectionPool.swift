import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOTLS

/// An upstream connection lent to one exchange.
struct UpstreamConnection {
    var channel: any Channel
    var handler: UpstreamHandler
    /// False when the connection was just opened.
    var isReused: Bool
    /// Milliseconds spent connecting (TCP and TLS), or -1 when reused.
    var connectMilliseconds: Double

    /// Looks up the handler; must run on the channel's event loop.
    init(_ pooled: PooledChannel) throws {
        channel = pooled.channel
        handler = try pooled.channel.pipeline.syncOperations.handler(type: UpstreamHandler.self)
        isReused = pooled.isReused
        connectMilliseconds = pooled.connectMilliseconds
    }
}

/// The thread-safe part of an ``UpstreamConnection``, as futures carry it.
struct PooledChannel: Sendable {
    var channel: any Channel
    var isReused: Bool
    var connectMilliseconds: Double
}

/// Keep-alive connections to upstreams, one pool per event loop so that the client connection and
/// its upstream connection always share a thread.
final class UpstreamConnectionPool: Sendable {
    private let settings: RecorderSettings
    private let tlsContexts: NIOLockedValueBox<[String: NIOSSLContext]>
    private let pools = NIOLockedValueBox<[ObjectIdentifier: NIOLoopBound<LoopPool>]>([:])

    /// Idle connections of one event loop, by upstream. Only touched on that event loop.
    final class LoopPool {
        var idle: [Upstream: [UpstreamConnection]] = [:]
    }

    init(settings: RecorderSettings) {
        self.settings = settings
        self.tlsContexts = NIOLockedValueBox([:])
    }

    /// The idle connections of `eventLoop`. Takes a lock: a client connection looks its pool up
    /// once and keeps it, so the per-request path never does.
    func loopPool(for eventLoop: any EventLoop) -> LoopPool {
        pools.withLockedValue { pools in
            let key = ObjectIdentifier(eventLoop)
            if let existing = pools[key] { return existing }
            let created = NIOLoopBound(LoopPool(), eventLoop: eventLoop)
            pools[key] = created
            return created
        }.value
    }

    /// An idle connection to `upstream` from `pool`, if one is still usable; closes dead ones on the way.
    /// Must run on the pool's event loop.
    func takeIdle(_ upstream: Upstream, from pool: LoopPool) -> UpstreamConnection? {
        // Popped in place through the dictionary's accessor: no copy of the array per request.
        while var connection = pool.idle[upstream]?.popLast() {
            if connection.channel.isActive, connection.handler.canReturnToPool {
                connection.isReused = true
                connection.connectMilliseconds = -1
                return connection
            }
            connection.channel.close(promise: nil)
        }
        return nil
    }

    /// Gives a connection back to `pool` (its event loop's) after its response ended; it is closed
    /// if it cannot be reused or the pool is full.
    func release(_ connection: UpstreamConnection, upstream: Upstream, to pool: LoopPool) {
        guard connection.handler.canReturnToPool,
            pool.idle[upstream]?.count ?? 0 < settings.maxIdleUpstreamConnections
        else {
            connection.channel.close(promise: nil)
            return
        }
        pool.idle[upstream, default: []].append(connection)
    }

    /// Opens a new connection to `upstream` on `eventLoop`.
    func connect(_ upstream: Upstream, on eventLoop: any EventLoop) -> EventLoopFuture<PooledChannel> {
        let started = NIODeadline.now()
        let target = settings.addressOverrides[upstream.host.lowercased()]
            ?? HostAndPort(host: upstream.host, port: upstream.port)
        let sslContext: NIOSSLContext?
        do {
            sslContext = upstream.isTLS ? try tlsContext(for: upstream) : nil
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        let serverName = upstream.host.isIPAddress ? nil : upstream.host
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(TimeAmount.nanoseconds(settings.upstreamConnectTimeout.nanoseconds))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if let sslContext {
                        try sync.addHandler(NIOSSLClientHandler(context: sslContext, serverHostname: serverName))
                    }
                    // Header validation is off: every forwarded header came through llhttp, which
                    // rejects what the validator would, and the proxy adds only fixed or numeric values.
                    try sync.addHTTPClientHandlers(enableOutboundHeaderValidation: false)
                    try sync.addHandler(UpstreamHandler())
                }
            }
        let connected = bootstrap.connect(host: target.host, port: target.port)
        guard upstream.isTLS else {
            return connected.map { channel in
                Self.connection(channel, started: started)
            }
        }
        // Wait for the handshake so that a TLS failure is reported as such, before the request is sent.
        return connected.flatMap { channel in
            let handshake = channel.eventLoop.makePromise(of: Void.self)
            do {
                let waiter = TLSHandshakeWaiter(promise: handshake)
                try channel.pipeline.syncOperations.addHandler(
                    waiter, position: .after(try channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)))
            } catch {
                handshake.fail(error)
            }
            return handshake.futureResult.map {
                Self.connection(channel, started: started)
            }.flatMapErrorThrowing { error in
                channel.close(promise: nil)
                throw error
            }
        }
    }

    private static func connection(_ channel: any Channel, started: NIODeadline) -> PooledChannel {
        let elapsed = Double((NIODeadline.now() - started).nanoseconds) / 1_000_000
        return PooledChannel(channel: channel, isReused: false, connectMilliseconds: elapsed)
    }

    private func tlsContext(for upstream: Upstream) throws -> NIOSSLContext {
        let key = settings.upstreamVerification.cacheKey
        if let context = tlsContexts.withLockedValue({ $0[key] }) { return context }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.applicationProtocols = ["http/1.1"]
        switch settings.upstreamVerification {
        case .full:
            break
        case .trustRoots(let pem):
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)))
        case .insecure:
            configuration.certificateVerification = .none
        }
        let context = try NIOSSLContext(configuration: configuration)
        tlsContexts.withLockedValue { $0[key] = context }
        return context
    }
}

/// Completes a promise when the TLS handshake finishes or fails, then leaves the pipeline.
private final class TLSHandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    private var promise: EventLoopPromise<Void>?

    init(promise: EventLoopPromise<Void>) {
        self.promise = promise
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event {
            promise?.succeed()
            promise = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let promise {
            self.promise = nil
            promise.fail(error)
            return
        }
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise?.fail(ChannelError.eof)
        promise = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        promise?.fail(ChannelError.ioOnClosedChannel)
        promise = nil
    }
}

extension RecorderSettings.UpstreamVerification {
    fileprivate var cacheKey: String {
        switch self {
        case .full: "full"
        case .insecure: "insecure"
        case .trustRoots(let pem): "roots:\(pem.hashValue)"
        }
    }
}

extension String {
    var isIPAddress: Bool {
        (try? SocketAddress(ipAddress: self, port: 0)) != nil
    }
}
