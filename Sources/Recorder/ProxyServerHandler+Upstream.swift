import NIOCore
import NIOHTTP1

/// The upstream half of an exchange: relaying the response and retrying stale pooled connections.
extension ProxyServerHandler: UpstreamResponseDelegate {
    func upstreamResponseHead(_ head: HTTPResponseHead) {
        guard let context else { return }
        responseHeadAt = .now()
        pendingBody = nil
        guard case .write(let upstreamHead) = machine.responseHead(head, allocator: context.channel.allocator) else {
            return
        }
        var headers = upstreamHead.headers.removingHopByHop()
        // Transfer-Encoding passes through: the encoder re-chunks when the upstream chunked.
        if let clientHead = clientRequestHead {
            if !clientHead.isKeepAlive {
                headers.add(name: "connection", value: "close")
            } else if clientHead.version == .http1_0 {
                headers.add(name: "connection", value: "keep-alive")
            }
        }
        let clientHead = HTTPResponseHead(version: .http1_1, status: upstreamHead.status, headers: headers)
        context.write(wrapOutboundOut(.head(clientHead)), promise: nil)
    }

    func upstreamResponseBody(_ buffer: ByteBuffer) {
        guard let context, case .write(let buffer) = machine.responseBody(buffer) else { return }
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    }

    func upstreamReadComplete() {
        // Not reached for the read that carried the response's end: the upstream handler lets go
        // of its delegate at the end, so those last bytes wait for `finishResponse`.
        context?.flush()
    }

    func upstreamResponseEnd() {
        guard let context else { return }
        cancelResponseTimeout()
        let upstreamConnection = connection
        guard case .complete(let request, let response, let keepAlive) = machine.responseEnd(upstreamKeepAlive: true)
        else { return }
        // Built before the upstream connection is released: its timings are part of the exchange.
        let exchange = captureThis ? capturedExchange(request: request, response: response) : nil
        connection = nil
        if let upstreamConnection, let upstream {
            if upstreamReadPaused {
                upstreamReadPaused = false
                upstreamConnection.channel.setOption(.autoRead, value: true).whenComplete { _ in }
            }
            shared.pool.release(upstreamConnection, upstream: upstream, to: loopPool(context))
        }
        guard let exchange else {
            finishResponse(keepAlive: keepAlive, context: context)
            return
        }
        // The response's last bytes stay unflushed until the sink has stored the exchange
        // (nothing else flushes this channel meanwhile), so a client never sees an exchange
        // complete that a crash could lose.
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        shared.sink.record(exchange, completingOn: context.eventLoop) {
            handler.value.captureStored(keepAlive: keepAlive)
        }
    }

    /// The completed exchange with its captured response.
    func capturedExchange(
        request: ExchangeStateMachine.Request, response: ExchangeStateMachine.Response
    ) -> RecordedExchange? {
        let recorded = RecordedResponse(
            status: Int(response.head.status.code), reason: response.head.status.reasonPhrase,
            httpVersion: response.head.version.harString, headers: response.head.headers.recorded,
            body: Array(response.captured.readableBytesView), bodyTruncated: response.truncated,
            bodySize: response.size)
        return recordedExchange(request: request, response: recorded, proxyError: nil)
    }

    /// The sink stored the exchange: let the client see the response end.
    func captureStored(keepAlive: Bool) {
        guard let context else { return }
        finishResponse(keepAlive: keepAlive, context: context)
    }

    /// Writes the response's end and readies the connection for the next request (or closes it).
    func finishResponse(keepAlive: Bool, context: ChannelHandlerContext) {
        if keepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.triggerUserOutboundEvent(RequestTimingEvent.readyForRequest, promise: nil)
        } else {
            let done = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
            let channel = context.channel
            done.futureResult.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func upstreamFailed(_ error: any Error) {
        guard let upstream else { return }
        retryOrFail(Self.failure(for: error, upstream: upstream, beforeHead: responseHeadAt == nil))
    }

    func upstreamClosed() {
        guard let upstream else { return }
        retryOrFail(.upstreamBroken(upstream.description, cause: "connection closed before the response ended"))
    }

    /// A pooled connection that the upstream had already closed fails before any response byte:
    /// send the request once more on a new connection.
    func retryOrFail(_ failure: ProxyFailure) {
        if let connection, connection.isReused, responseHeadAt == nil, attempts < 3, let body = pendingBody,
            let context
        {
            self.connection = nil
            connection.channel.close(promise: nil)
            sendUpstream(body, context: context)
            return
        }
        connection = nil
        fail(failure)
    }
}
