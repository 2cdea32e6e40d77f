import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A response as the test client received it.
struct TestResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A request for the test client.
struct TestRequest: Sendable {
    var method: HTTPMethod = .GET
    var uri: String
    var headers: [(String, String)] = []
    var body: [UInt8] = []

    static func post(_ uri: String, form: String) -> TestRequest {
        TestRequest(
            method: .POST, uri: uri,
            headers: [("content-type", "application/x-www-form-urlencoded")], body: Array(form.utf8))
    }
}

/// How the test client reaches an intercepted host through a forward proxy.
struct TunnelPlan: Sendable {
    var authority: String
    var tls: NIOSSLContext
    var serverName: String
}

enum TestClientError: Error {
    case tunnelRefused(String)
    case timeout
}

/// A small HTTP/1.1 client over one connection, sequential or pipelined.
enum TestClient {
    static func send(
        _ requests: [TestRequest], to port: Int, group: any EventLoopGroup, pipelined: Bool = false,
        host: String = "127.0.0.1", tunnel: TunnelPlan? = nil
    ) async throws -> [TestResponse] {
        let eventLoop = group.next()
        let done = eventLoop.makePromise(of: [TestResponse].self)
        let connected = eventLoop.makePromise(of: String.self)
        if tunnel == nil { connected.succeed("") }
        let channel = try await ClientBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tunnel {
                        try channel.pipeline.syncOperations.addHandler(
                            ConnectHandshake(authority: tunnel.authority, promise: connected))
                    } else {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(
                            ResponseCollector(requests: requests, host: host, pipelined: pipelined, promise: done))
                    }
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        if let tunnel {
            let reply = try await connected.futureResult.get()
            guard reply.hasPrefix("HTTP/1.1 200") else {
                channel.close(promise: nil)
                throw TestClientError.tunnelRefused(reply)
            }
            try await eventLoop.submit {
                let sync = channel.pipeline.syncOperations
                try sync.addHandler(NIOSSLClientHandler(context: tunnel.tls, serverHostname: tunnel.serverName))
                try sync.addHTTPClientHandlers()
                let collector = ResponseCollector(
                    requests: requests, host: tunnel.serverName, pipelined: pipelined, promise: done)
                try sync.addHandler(collector)
                collector.start(context: try sync.context(handler: collector))
            }.get()
        }
        eventLoop.scheduleTask(in: .seconds(20)) { done.fail(TestClientError.timeout) }
        defer { channel.close(promise: nil) }
        return try await done.futureResult.get()
    }

    /// Sends raw bytes and returns everything received until the server closes (or `wait` passes).
    static func raw(_ bytes: [UInt8], to port: Int, group: any EventLoopGroup, wait: TimeAmount = .seconds(10))
        async throws -> (text: String, closedByServer: Bool)
    {
        let (text, closed, _) = try await rawTimed(bytes, to: port, group: group, wait: wait)
        return (text, closed)
    }

    /// Like ``raw(_:to:group:wait:)``, and also says when the first response byte arrived.
    static func rawTimed(_ bytes: [UInt8], to port: Int, group: any EventLoopGroup, wait: TimeAmount = .seconds(10))
        async throws -> (text: String, closedByServer: Bool, firstByteAt: Date?)
    {
        let eventLoop = group.next()
        let done = eventLoop.makePromise(of: (String, Bool, Date?).self)
        let channel = try await ClientBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(RawCollector(bytes: bytes, promise: done, wait: wait))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        defer { channel.close(promise: nil) }
        return try await done.futureResult.get()
    }
}

private final class RawCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private var bytes: [UInt8] = []
    private var firstByteAt: Date?
    private let request: [UInt8]
    private let promise: EventLoopPromise<(String, Bool, Date?)>
    private let wait: TimeAmount
    init(bytes: [UInt8], promise: EventLoopPromise<(String, Bool, Date?)>, wait: TimeAmount) {
        self.request = bytes
        self.promise = promise
        self.wait = wait
    }
    func channelActive(context: ChannelHandlerContext) {
        // The request goes out on the event loop as the connection becomes active, not after a hop back to the
        // test task: a server's accept-time timers (idle, header) must not see a gap that only a loaded machine makes.
        context.writeAndFlush(NIOAny(ByteBuffer(bytes: request)), promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: wait) {
            self.promise.succeed((self.text, false, self.firstByteAt))
        }
        context.fireChannelActive()
    }
    var text: String { String(decoding: bytes, as: UTF8.self) }
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if firstByteAt == nil { firstByteAt = Date() }
        bytes += unwrapInboundIn(data).readableBytesView
    }
    func channelInactive(context: ChannelHandlerContext) {
        promise.succeed((text, true, firstByteAt))
    }
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

private final class ConnectHandshake: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    private let authority: String
    private let promise: EventLoopPromise<String>
    private var received: [UInt8] = []
    init(authority: String, promise: EventLoopPromise<String>) {
        self.authority = authority
        self.promise = promise
    }
    func channelActive(context: ChannelHandlerContext) {
        let text = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n\r\n"
        context.writeAndFlush(NIOAny(ByteBuffer(string: text)), promise: nil)
        context.fireChannelActive()
    }
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received += unwrapInboundIn(data).readableBytesView
        let text = String(decoding: received, as: UTF8.self)
        if text.contains("\r\n\r\n") {
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            promise.succeed(text)
        }
    }
    func channelInactive(context: ChannelHandlerContext) {
        promise.succeed(String(decoding: received, as: UTF8.self))
    }
}

final class ResponseCollector: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart
    private var pending: [TestRequest]
    private let host: String
    private let pipelined: Bool
    private let expected: Int
    private let promise: EventLoopPromise<[TestResponse]>
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []
    private var responses: [TestResponse] = []
    private var started = false

    init(requests: [TestRequest], host: String, pipelined: Bool, promise: EventLoopPromise<[TestResponse]>) {
        self.pending = requests
        self.host = host
        self.pipelined = pipelined
        self.expected = requests.count
        self.promise = promise
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    func start(context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        if pipelined {
            while !pending.isEmpty { writeNext(context: context) }
        } else {
            writeNext(context: context)
        }
    }

    private func writeNext(context: ChannelHandlerContext) {
        guard !pending.isEmpty else { return }
        let request = pending.removeFirst()
        var headers = HTTPHeaders(request.headers)
        if !headers.contains(name: "host") { headers.add(name: "host", value: host) }
        if !request.body.isEmpty || request.method == .POST {
            headers.replaceOrAdd(name: "content-length", value: String(request.body.count))
        }
        context.write(
            wrapOutboundOut(.head(HTTPRequestHead(version: .http1_1, method: request.method, uri: request.uri,
                headers: headers))), promise: nil)
        if !request.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: request.body)))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(let buffer):
            body += buffer.readableBytesView
        case .end:
            if let head {
                responses.append(TestResponse(status: Int(head.status.code), headers: head.headers, body: body))
            }
            if responses.count == expected {
                promise.succeed(responses)
            } else if !pipelined {
                writeNext(context: context)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.succeed(responses)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }
}

