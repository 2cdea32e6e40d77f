import Foundation
import Fuzz
import NIOCore
import NIOHTTP1

/// One request as the loopback server read it.
public struct ServerRequest: Sendable, Hashable {
    /// `POST`, `GET`, …
    public var method: String
    /// The request target (path and query) as sent.
    public var uri: String
    /// Headers in order.
    public var headers: [FuzzResponse.Header]
    /// The body bytes.
    public var body: [UInt8]

    /// The path without the query.
    public var path: String { String(uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "") }

    /// The first header with this name (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Decides what the server sends for a request; nil closes the connection without an answer.
public typealias ServerResponder = @Sendable (ServerRequest) async -> ServedItem?

/// Reads one HTTP/1.1 request per connection and writes the responder's answer as raw bytes, so that
/// faults can break the protocol on purpose (reset, no bytes, half a body, silence, a trickle).
final class FaultServerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart

    private let responder: ServerResponder
    private let slowChunks: Int
    private let slowDelay: TimeAmount
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var answered = false

    init(responder: @escaping ServerResponder, slowChunks: Int, slowDelay: TimeAmount) {
        self.responder = responder
        self.slowChunks = max(1, slowChunks)
        self.slowDelay = slowDelay
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = []
            if requestHead.headers.first(name: "Expect")?.lowercased() == "100-continue" {
                context.writeAndFlush(NIOAny(ByteBuffer(string: "HTTP/1.1 100 Continue\r\n\r\n")), promise: nil)
            }
        case .body(var buffer):
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            guard let head, !answered else { return }
            answered = true
            let request = ServerRequest(
                method: head.method.rawValue, uri: head.uri,
                headers: head.headers.map { FuzzResponse.Header($0.name, $0.value) }, body: body)
            let channel = context.channel
            let responder = self.responder
            let chunks = slowChunks
            let delay = slowDelay
            let promise = context.eventLoop.makePromise(of: ServedItem?.self)
            promise.completeWithTask { await responder(request) }
            promise.futureResult.whenSuccess { item in
                FaultServerHandler.serve(item, on: channel, slowChunks: chunks, slowDelay: delay)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Writes `item` to `channel`, applying its fault.
    static func serve(_ item: ServedItem?, on channel: any Channel, slowChunks: Int, slowDelay: TimeAmount) {
        guard let item else {
            channel.close(promise: nil)
            return
        }
        let head = ByteBuffer(bytes: headBytes(item.response))
        let body = item.response.body
        switch item.fault {
        case nil:
            channel.write(head, promise: nil)
            channel.writeAndFlush(ByteBuffer(bytes: body)).whenComplete { _ in channel.close(promise: nil) }
        case .connectionReset:
            let provider = channel as? SocketOptionProvider
            let set = provider?.setSoLinger(linger(l_onoff: 1, l_linger: 0)) ?? channel.eventLoop.makeSucceededVoidFuture()
            set.whenComplete { _ in channel.close(promise: nil) }
        case .emptyResponse:
            channel.close(promise: nil)
        case .cutMidBody:
            channel.write(head, promise: nil)
            channel.writeAndFlush(ByteBuffer(bytes: body.prefix(body.count / 2))).whenComplete { _ in
                channel.close(promise: nil)
            }
        case .neverAnswers:
            break
        case .slowBody:
            channel.writeAndFlush(head, promise: nil)
            let size = max(1, (body.count + slowChunks - 1) / slowChunks)
            let pieces = stride(from: 0, to: body.count, by: size).map { Array(body[$0..<min($0 + size, body.count)]) }
            for (index, piece) in pieces.enumerated() {
                channel.eventLoop.scheduleTask(in: slowDelay * Int64(index + 1)) {
                    channel.writeAndFlush(ByteBuffer(bytes: piece), promise: nil)
                }
            }
            channel.eventLoop.scheduleTask(in: slowDelay * Int64(pieces.count + 1)) { channel.close(promise: nil) }
        }
    }

    /// Status line and headers, with the body's `Content-Length` and `Connection: close`; framing
    /// headers of the scripted answer are replaced and CR/LF removed from values.
    static func headBytes(_ response: FuzzResponse) -> [UInt8] {
        let status = (100...999).contains(response.status) ? response.status : 500
        let reason = HTTPResponseStatus(statusCode: status).reasonPhrase
        var text = "HTTP/1.1 \(status) \(reason.isEmpty ? "Status" : reason)\r\n"
        let framing: Set<String> = ["content-length", "transfer-encoding", "connection", "content-encoding", "keep-alive"]
        for header in response.headers where !framing.contains(header.name.lowercased()) {
            let clean = { (value: String) in value.filter { $0 != "\r" && $0 != "\n" } }
            text += "\(clean(header.name)): \(clean(header.value))\r\n"
        }
        text += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return Array(text.utf8)
    }
}
