import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// What the test upstream answers to one request.
struct UpstreamReply: Sendable {
    var status: HTTPResponseStatus = .ok
    var headers: [(String, String)] = [("content-type", "application/json")]
    /// Body parts; sent as separate writes (with chunked encoding unless a content-length header is given).
    var parts: [[UInt8]] = []
    /// Close the connection right after the response.
    var close = false
    /// Close the connection after the body parts, without ending the response.
    var abortMidBody = false
    /// Delay before answering.
    var delay: TimeAmount = .zero

    static func json(_ text: String, status: HTTPResponseStatus = .ok) -> UpstreamReply {
        UpstreamReply(
            status: status, headers: [("content-type", "application/json"), ("content-length", "\(text.utf8.count)")],
            parts: [Array(text.utf8)])
    }
}

/// A request as the test upstream saw it.
struct SeenRequest: Sendable {
    var head: HTTPRequestHead
    var body: [UInt8]
    var connection: ObjectIdentifier
}

/// A small HTTP/1.1 server on loopback used as the proxy's upstream.
final class TestUpstream: Sendable {
    let port: Int
    private let channel: any Channel
    private let seenBox: SendableBox<[SeenRequest]>

    private init(port: Int, channel: any Channel, seen: SendableBox<[SeenRequest]>) {
        self.port = port
        self.channel = channel
        self.seenBox = seen
    }

    var seen: [SeenRequest] { seenBox.value }

    static func start(
        group: any EventLoopGroup, tls: NIOSSLContext? = nil,
        reply: @escaping @Sendable (HTTPRequestHead, [UInt8]) -> UpstreamReply
    ) async throws -> TestUpstream {
        let seen = SendableBox<[SeenRequest]>([])
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if let tls { try sync.addHandler(NIOSSLServerHandler(context: tls)) }
                    try sync.configureHTTPServerPipeline()
                    try sync.addHandler(UpstreamServerHandler(reply: reply, seen: seen))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TestUpstream(port: channel.localAddress!.port!, channel: channel, seen: seen)
    }

    func stop() async {
        try? await channel.close()
    }
}

final class SendableBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

private final class UpstreamServerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    private let reply: @Sendable (HTTPRequestHead, [UInt8]) -> UpstreamReply
    private let seen: SendableBox<[SeenRequest]>
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(reply: @escaping @Sendable (HTTPRequestHead, [UInt8]) -> UpstreamReply, seen: SendableBox<[SeenRequest]>) {
        self.reply = reply
        self.seen = seen
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(let buffer):
            body += buffer.readableBytesView
        case .end:
            guard let head else { return }
            let connection = ObjectIdentifier(context.channel)
            let body = self.body
            seen.mutate { $0.append(SeenRequest(head: head, body: body, connection: connection)) }
            let answer = reply(head, body)
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let send = { @Sendable in
                let context = loopBound.value
                var headers = HTTPHeaders(answer.headers)
                if answer.close { headers.add(name: "connection", value: "close") }
                context.write(
                    NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: answer.status,
                        headers: headers))), promise: nil)
                for part in answer.parts {
                    context.writeAndFlush(
                        NIOAny(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: part)))), promise: nil)
                }
                if answer.abortMidBody {
                    context.close(promise: nil)
                    return
                }
                let done = context.eventLoop.makePromise(of: Void.self)
                context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: done)
                if answer.close {
                    let channel = context.channel
                    done.futureResult.whenComplete { _ in channel.close(promise: nil) }
                }
            }
            if answer.delay == .zero {
                send()
            } else {
                context.eventLoop.scheduleTask(in: answer.delay, send)
            }
        }
    }
}
