import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A running recording proxy (reverse or forward mode) that emits every completed exchange to a sink.
///
/// ```swift
/// let proxy = try await RecordingProxy.start(settings: .init(mode: .reverse(upstream)), sink: sink)
/// print(proxy.port)
/// try await proxy.shutdown()
/// ```
public final class RecordingProxy: Sendable {
    /// The address the proxy listens on.
    public let host: String
    /// The port the proxy listens on.
    public let port: Int
    /// The settings it runs with.
    public let settings: RecorderSettings
    private let serverChannel: any Channel
    private let group: any EventLoopGroup
    private let ownsGroup: Bool

    private init(settings: RecorderSettings, serverChannel: any Channel, group: any EventLoopGroup, ownsGroup: Bool) {
        self.settings = settings
        self.serverChannel = serverChannel
        self.group = group
        self.ownsGroup = ownsGroup
        self.host = settings.listenHost
        self.port = serverChannel.localAddress?.port ?? settings.port
    }

    /// Starts listening. With no `group`, the proxy makes one event loop per core and owns it.
    public static func start(
        settings: RecorderSettings, sink: any ExchangeSink, group: (any EventLoopGroup)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> RecordingProxy {
        guard (try? SocketAddress(ipAddress: settings.listenHost, port: 0)) != nil || settings.listenHost == "localhost"
        else {
            throw RecorderError.invalidListenAddress(settings.listenHost)
        }
        let listenTLS: NIOSSLContext?
        do {
            listenTLS = try settings.listenTLS.map { try NIOSSLContext(configuration: $0) }
        } catch {
            throw RecorderError.certificateAuthority("cannot use the listening side's TLS certificate or key: \(error)")
        }
        let ownsGroup = group == nil
        let group = group ?? MultiThreadedEventLoopGroup(numberOfThreads: max(1, settings.eventLoopThreads))
        let shared = ProxyShared(settings: settings, sink: sink, now: now)
        let target: ProxyServerHandler.Target
        switch settings.mode {
        case .reverse(let upstream): target = .fixed(upstream)
        case .forward: target = .fromRequest
        }
        let idle = TimeAmount.nanoseconds(settings.idleTimeout.nanoseconds)
        let requestTimeout = TimeAmount.nanoseconds(settings.headerTimeout.nanoseconds)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if let listenTLS { try sync.addHandler(NIOSSLServerHandler(context: listenTLS)) }
                    try sync.addHandler(IdleStateHandler(readTimeout: idle))
                    try sync.addHandler(RequestTimeoutHandler(timeout: requestTimeout))
                    try sync.configureProxyServerHTTP()
                    try sync.addHandler(ProxyServerHandler(shared: shared, target: target))
                }
            }
        do {
            let channel = try await bootstrap.bind(host: settings.listenHost, port: settings.port).get()
            return RecordingProxy(settings: settings, serverChannel: channel, group: group, ownsGroup: ownsGroup)
        } catch {
            if ownsGroup { try? await group.shutdownGracefully() }
            throw RecorderError.bindFailed("\(settings.listenHost):\(settings.port): \(error)")
        }
    }

    /// `http(s)://host:port`, the base URL clients use (reverse mode) or the proxy URL (forward mode).
    public var url: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "\(settings.listenTLS == nil ? "http" : "https")://\(hostPart):\(port)"
    }

    /// Stops accepting new connections; open connections keep being served.
    public func stopAccepting() async throws {
        try await serverChannel.close()
    }

    /// Stops accepting connections and, when the proxy owns its event loops, shuts them down
    /// (which closes every open connection).
    public func shutdown() async throws {
        try? await serverChannel.close()
        if ownsGroup {
            try await group.shutdownGracefully()
        }
    }

    /// Waits until the listening socket closes.
    public func waitUntilClosed() async throws {
        try await serverChannel.closeFuture.get()
    }
}
