import NIOCore
import NIOHTTP1

/// Hands requests to the proxy handler one at a time and in order: the parts of a request that
/// arrives (pipelined) while the previous response is still being written are held, and
/// delivered once that response's end has been written.
///
/// It stands where NIO's `HTTPServerPipelineHandler` would. That handler also stops reading the
/// socket while each response is in flight, which costs two `epoll_ctl` calls per request on a
/// keep-alive connection; this one keeps reading and pauses only while more than ``maxHeldParts``
/// parts or ``maxHeldBytes`` body bytes are held.
final class RequestGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Most request parts held before reading pauses.
    let maxHeldParts: Int
    /// Most body bytes held before reading pauses.
    let maxHeldBytes: Int

    /// A request has been handed on and its response has not ended.
    private var responding = false
    /// The request handed on has been received to its end.
    private var requestEnded = false
    private var held = CircularBuffer<HTTPServerRequestPart>()
    private var heldBytes = 0
    /// Set when reading paused because too much is held; `read` calls wait until it clears.
    private var readPaused = false
    private var readWanted = false
    private var drainScheduled = false
    private var removed = false

    init(maxHeldParts: Int = 256, maxHeldBytes: Int = 1 << 20) {
        self.maxHeldParts = maxHeldParts
        self.maxHeldBytes = maxHeldBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if held.isEmpty, canDeliver(part) {
            deliver(part, context: context)
            return
        }
        held.append(part)
        if case .body(let buffer) = part { heldBytes += buffer.readableBytes }
        if held.count > maxHeldParts || heldBytes > maxHeldBytes { readPaused = true }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            responding = false
            if !held.isEmpty { scheduleDrain(context: context) }
        }
        context.write(data, promise: promise)
    }

    func read(context: ChannelHandlerContext) {
        if readPaused {
            readWanted = true
        } else {
            context.read()
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        removed = true
        held.removeAll()
        heldBytes = 0
    }

    func channelInactive(context: ChannelHandlerContext) {
        held.removeAll()
        heldBytes = 0
        context.fireChannelInactive()
    }

    /// Whether `part` may go on now: anything while no response is pending, and the rest of the
    /// current request while its response is.
    private func canDeliver(_ part: HTTPServerRequestPart) -> Bool {
        if !responding { return true }
        if case .head = part { return false }
        return !requestEnded
    }

    private func deliver(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head:
            responding = true
            requestEnded = false
        case .body:
            break
        case .end:
            requestEnded = true
        }
        context.fireChannelRead(wrapInboundOut(part))
    }

    /// Delivers held parts on a later turn of the loop, not from inside the write of the
    /// response's end (the next request may be answered, and end, at once).
    private func scheduleDrain(context: ChannelHandlerContext) {
        guard !drainScheduled else { return }
        drainScheduled = true
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.execute {
            let (gate, context) = loopBound.value
            gate.drainScheduled = false
            if !gate.removed { gate.drain(context: context) }
        }
    }

    private func drain(context: ChannelHandlerContext) {
        var delivered = false
        while let part = held.first, canDeliver(part) {
            held.removeFirst()
            if case .body(let buffer) = part { heldBytes -= buffer.readableBytes }
            deliver(part, context: context)
            delivered = true
        }
        if delivered { context.fireChannelReadComplete() }
        if readPaused, held.count <= maxHeldParts / 2, heldBytes <= maxHeldBytes / 2 {
            readPaused = false
            if readWanted {
                readWanted = false
                context.read()
            }
        }
    }
}

extension ChannelPipeline.SynchronousOperations {
    /// The HTTP/1.1 server handlers of a client connection: NIO's codec without its pipelining
    /// handler, then a ``RequestGate``. Outbound header validation is off: response headers come
    /// from the upstream through llhttp (which rejects what the validator would) or are the
    /// proxy's own.
    func configureProxyServerHTTP() throws {
        try configureHTTPServerPipeline(
            withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false)
        try addHandler(RequestGate())
    }
}
