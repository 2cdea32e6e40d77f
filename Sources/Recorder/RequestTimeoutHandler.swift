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
///
/// The deadline moves with every request, so it is a ``DeadlineTimer``: a busy keep-alive
/// connection does not schedule and cancel a task per request.
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = NIOAny

    private enum Phase {
        case waitingForFirstByte
        case timing
        case busy(bytesArrived: Bool)
    }

    private let timeout: TimeAmount
    private var phase = Phase.waitingForFirstByte
    private var timer = DeadlineTimer()
    private var scheduled: Scheduled<Void>?
    /// False once the handler left the pipeline or the channel closed: a stray wake-up does nothing.
    private var active = true

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
            timer.clear()
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
        active = false
        scheduled?.cancel()
        scheduled = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        active = false
        scheduled?.cancel()
        scheduled = nil
        context.fireChannelInactive()
    }

    private func arm(context: ChannelHandlerContext) {
        phase = .timing
        if let wakeAt = timer.set(.now() + timeout) {
            schedule(at: wakeAt, context: context)
        }
    }

    private func schedule(at deadline: NIODeadline, context: ChannelHandlerContext) {
        let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        scheduled = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            self.woke(context: loopBoundContext.value)
        }
    }

    private func woke(context: ChannelHandlerContext) {
        scheduled = nil
        guard active else { return }
        switch timer.wake(now: .now()) {
        case .expired:
            context.close(promise: nil)
        case .sleep(let until):
            schedule(at: until, context: context)
        case .none:
            break
        }
    }
}
