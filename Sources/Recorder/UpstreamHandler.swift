import NIOCore
import NIOHTTP1

/// Receives the response parts of the exchange currently using an upstream connection.
protocol UpstreamResponseDelegate: AnyObject {
    func upstreamResponseHead(_ head: HTTPResponseHead)
    func upstreamResponseBody(_ buffer: ByteBuffer)
    func upstreamResponseEnd()
    func upstreamReadComplete()
    func upstreamFailed(_ error: any Error)
    func upstreamClosed()
}

/// The last handler of an upstream connection: forwards response parts to the exchange that
/// currently owns the connection, and tracks whether the connection can be reused.
final class UpstreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    /// The exchange using this connection; nil while the connection idles in the pool.
    weak var delegate: (any UpstreamResponseDelegate)?
    /// False once the upstream said it will close, or the connection failed.
    private(set) var isReusable = true
    private(set) var isActive = true
    private var responseInProgress = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            responseInProgress = true
            if !head.isKeepAlive { isReusable = false }
            delegate?.upstreamResponseHead(head)
        case .body(let buffer):
            delegate?.upstreamResponseBody(buffer)
        case .end:
            responseInProgress = false
            let delegate = self.delegate
            self.delegate = nil
            delegate?.upstreamResponseEnd()
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        delegate?.upstreamReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        isReusable = false
        let delegate = self.delegate
        self.delegate = nil
        delegate?.upstreamFailed(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        isReusable = false
        isActive = false
        let delegate = self.delegate
        self.delegate = nil
        delegate?.upstreamClosed()
        context.fireChannelInactive()
    }

    /// Whether the connection may go back to the pool.
    var canReturnToPool: Bool { isReusable && isActive && !responseInProgress }
}
