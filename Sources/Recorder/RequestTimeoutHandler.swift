import NIOCore

/// Outbound user events that tell ``RequestTimeoutHandler`` where the connection is.
enum RequestTimingEvent {
    /// The request has been read completely; stop the clock.
    case requestReceived
    /// The response ended; the next byte starts the clock for the next request.
    case readyForRequest
}

/// Closes a connection whose request does not arrive completely within a deadline of its first
/// byte (slow clients that trickle headers or bodies).
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = NIOAny

    private enum Phase {
        case waitingForFirstByte
        case timing(Scheduled<Void>)
        case busy(bytesArrived: Bool)
    }

    private let timeout: TimeAmount
    private var phase = Phase.waitingForFirstByte

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .waitingForFirstByte:
            arm(context: context)
        case .busy:
            phase = .busy(bytesArrived: true)
        case .timing:
            break
        }
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let event = event as? RequestTimingEvent else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        switch event {
        case .requestReceived:
            if case .timing(let scheduled) = phase { scheduled.cancel() }
            phase = .busy(bytesArrived: false)
        case .readyForRequest:
            if case .busy(true) = phase {
                arm(context: context)
            } else if case .busy(false) = phase {
                phase = .waitingForFirstByte
            }
        }
        promise?.succeed()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if case .timing(let scheduled) = phase { scheduled.cancel() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if case .timing(let scheduled) = phase { scheduled.cancel() }
        context.fireChannelInactive()
    }

    private func arm(context: ChannelHandlerContext) {
        let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        let scheduled = context.eventLoop.scheduleTask(in: timeout) {
            loopBoundContext.value.close(promise: nil)
        }
        phase = .timing(scheduled)
    }
}
