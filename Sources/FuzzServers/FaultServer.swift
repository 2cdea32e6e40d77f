import Foundation
import Fuzz
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NativeAuthWire

/// A real HTTP/1.1 server on a loopback socket that answers each connection's one request from a
/// responder and can break the exchange on purpose (``LiveFault``). Every answer closes its connection,
/// so each request of the engine is a fresh connection and a fault never leaks into the next exchange.
///
/// ``scripted(host:port:slowChunks:slowDelay:)`` serves a script of ``ServedItem``s in order and records
/// the requests, as ``ScriptTransport`` does in process; ``MutatingServer`` uses the same server with a
/// responder that mutates answers on the fly.
public final class FaultServer: Sendable {
    /// The bound port.
    public let port: Int
    /// The bound host.
    public let host: String
    private let listener: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let connections: OpenConnections
    private let script: FaultServerScript?
    private let scheme: String

    private init(listener: any Channel, group: MultiThreadedEventLoopGroup, host: String, connections: OpenConnections,
                 script: FaultServerScript?, scheme: String = "http") {
        self.scheme = scheme
        self.listener = listener
        self.group = group
        self.host = host
        self.port = listener.localAddress?.port ?? 0
        self.connections = connections
        self.script = script
    }

    /// `http(s)://host:port`.
    public var baseURL: URL { URL(string: "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)")! }

    /// Starts a server answering with `responder`. `slowChunks` pieces `slowDelay` apart make a slow body.
    /// With `tls`, every connection speaks TLS first (`authtape fuzz --serve --tls`).
    public static func start(host: String = "127.0.0.1", port: Int = 0, slowChunks: Int = 8,
                             slowDelay: TimeAmount = .milliseconds(40), tls: NIOSSLContext? = nil,
                             responder: @escaping ServerResponder) async throws -> FaultServer {
        try await start(host: host, port: port, slowChunks: slowChunks, slowDelay: slowDelay, script: nil, tls: tls,
                        responder: responder)
    }

    /// Starts a server that serves ``load(_:action:)``-ed items in order (the connection is closed
    /// without an answer when they run out) and records every request.
    public static func scripted(host: String = "127.0.0.1", port: Int = 0, slowChunks: Int = 8,
                                slowDelay: TimeAmount = .milliseconds(40)) async throws -> FaultServer {
        let script = FaultServerScript()
        // The port, known only after binding, for the URLs of recorded requests.
        let box = Locked(0)
        let server = try await start(host: host, port: port, slowChunks: slowChunks, slowDelay: slowDelay, script: script) { request in
            let url = "http://\(host):\(box.withLock { $0 })\(request.uri)"
            let sent = SentRequest(
                url: url, headers: request.headers, body: request.body,
                continuationToken: FormCodec.firstValue(named: "continuation_token", in: request.body), served: nil, action: 0)
            return script.next(for: sent)
        }
        box.withLock { $0 = server.port }
        return server
    }

    private static func start(host: String, port: Int, slowChunks: Int, slowDelay: TimeAmount, script: FaultServerScript?,
                              tls: NIOSSLContext? = nil, responder: @escaping ServerResponder) async throws -> FaultServer {
        let connections = OpenConnections()
        // An event loop of its own: a busy shared loop (other servers in the same process) must not
        // delay the faults' timing.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                connections.add(channel)
                return channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                    try channel.pipeline.syncOperations.addHandler(
                        FaultServerHandler(responder: responder, slowChunks: slowChunks, slowDelay: slowDelay))
                }
            }
        do {
            let listener = try await bootstrap.bind(host: host, port: port).get()
            return FaultServer(listener: listener, group: group, host: host, connections: connections, script: script,
                               scheme: tls == nil ? "http" : "https")
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Replaces the items still to serve (scripted servers only).
    public func load(_ items: [ServedItem], action: Int = 0) { script?.load(items, action: action) }

    /// Every request a scripted server read, in order, with what it served (a fault as status 0).
    public var requests: [SentRequest] { script?.requests ?? [] }

    /// Stops listening and closes every connection still open (a never-answered one included).
    public func stop() async {
        try? await listener.close()
        for channel in connections.all() { try? await channel.close() }
        try? await group.shutdownGracefully()
    }
}

/// The connections a server has open.
final class OpenConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [ObjectIdentifier: any Channel] = [:]

    func add(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        lock.withLock { open[id] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.open.removeValue(forKey: id) }
        }
    }

    func all() -> [any Channel] { lock.withLock { Array(open.values) } }
}

