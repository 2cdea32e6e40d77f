import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The recording pass-through handler of one client connection: reads a request, forwards it on
/// a pooled upstream connection of the same event loop, relays the response as it arrives and
/// emits the completed exchange to the sink just before the response's end goes to the client.
final class ProxyServerHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Where this connection's requests go.
    enum Target {
        /// Always this upstream (reverse mode, or an intercepted CONNECT tunnel).
        case fixed(Upstream)
        /// The absolute URL in each request (forward mode); CONNECT opens tunnels.
        case fromRequest
    }

    let shared: ProxyShared
    let target: Target
    /// Whether exchanges with a fixed target are captured (absolute-form requests use the filter).
    let captureFixedTarget: Bool
    let connectionID: UInt64
    var machine: ExchangeStateMachine
    var context: ChannelHandlerContext?

    // The exchange in flight.
    var upstream: Upstream?
    var upstreamURI = ""
    var forwardedHead: HTTPRequestHead?
    var clientRequestHead: HTTPRequestHead?
    var captureThis = false
    var connection: UpstreamConnection?
    var attempts = 0
    var startedAt = Date()
    var sentAt: NIODeadline?
    var sendMilliseconds = 0.0
    var responseHeadAt: NIODeadline?
    /// The upstream response deadline of the exchange in flight (see ``DeadlineTimer``).
    var responseTimer = DeadlineTimer()
    var responseWake: Scheduled<Void>?
    /// Whether reading the current upstream connection is paused for backpressure.
    var upstreamReadPaused = false
    /// Set when a CONNECT request head was read in forward mode.
    var connectAuthority: HostAndPort?
    /// See ``loopPool(_:)``.
    var cachedLoopPool: UpstreamConnectionPool.LoopPool?

    init(shared: ProxyShared, target: Target, captureFixedTarget: Bool = true) {
        self.shared = shared
        self.target = target
        self.captureFixedTarget = captureFixedTarget
        self.connectionID = shared.nextConnectionID()
        self.machine = ExchangeStateMachine(
            maxRequestBody: shared.settings.maxRequestBody,
            maxCapturedResponseBody: shared.settings.maxCapturedResponseBody)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    // MARK: Client side

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if case .fromRequest = target, head.method == .CONNECT {
                beginConnect(head, context: context)
                return
            }
            startedAt = shared.now()
            switch machine.requestHead(head, now: .now(), allocator: context.channel.allocator) {
            case .none:
                break
            case .sendContinue:
                context.writeAndFlush(
                    wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            case .reject(let failure):
                respond(failure, keepAlive: false, context: context)
            }
        case .body(var buffer):
            if connectAuthority != nil { return }
            if case .reject(let failure) = machine.requestBody(&buffer) {
                respond(failure, keepAlive: false, context: context)
            }
        case .end:
            if connectAuthority != nil {
                finishConnect(context: context)
                return
            }
            context.triggerUserOutboundEvent(RequestTimingEvent.requestReceived, promise: nil)
            if case .forward(let request) = machine.requestEnd() {
                forward(request, context: context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is HTTPParserError {
            handle(machine.protocolError(String(describing: error)), context: context)
        } else {
            context.close(promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? IdleStateHandler.IdleStateEvent, event == .read {
            if machine.idleTimeout() == .close { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        machine.closed()
        cancelResponseTimeout()
        responseWake?.cancel()
        responseWake = nil
        if let connection {
            // The response did not finish: the upstream connection is in an unknown state.
            connection.handler.delegate = nil
            connection.channel.close(promise: nil)
            self.connection = nil
        }
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // Backpressure: stop reading the upstream while the client cannot keep up.
        if let connection {
            upstreamReadPaused = !context.channel.isWritable
            connection.channel.setOption(.autoRead, value: !upstreamReadPaused).whenComplete { _ in }
        }
        context.fireChannelWritabilityChanged()
    }

    // MARK: Forwarding

    func forward(_ request: ExchangeStateMachine.Request, context: ChannelHandlerContext) {
        let head = request.head
        let resolved: (Upstream, String, Bool)
        switch target {
        case .fixed(let upstream):
            resolved = (upstream, head.uri, captureFixedTarget)
        case .fromRequest:
            guard let components = URLComponents(string: head.uri), components.scheme?.lowercased() == "http",
                let host = components.host, !host.isEmpty
            else {
                fail(.badProxyTarget("expected an absolute http:// URL or CONNECT, got '\(head.uri.prefix(200))'"))
                return
            }
            let upstream = Upstream(host: host, port: components.port ?? 80, isTLS: false)
            var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            if let query = components.percentEncodedQuery { path += "?" + query }
            resolved = (upstream, path, shared.settings.captureFilter.matches(host))
        }
        let (upstream, uri, capture) = resolved
        var headers = head.headers.removingHopByHop(alsoRemoving: ["expect", "content-length", "transfer-encoding"])
        headers.replaceOrAdd(name: "host", value: upstream.hostHeader)
        let hadBody = head.headers.contains(name: "content-length") || head.headers.contains(name: "transfer-encoding")
        if request.body.readableBytes > 0 || hadBody {
            headers.add(name: "content-length", value: String(request.body.readableBytes))
        }
        self.upstream = upstream
        self.upstreamURI = uri
        self.captureThis = capture
        self.forwardedHead = HTTPRequestHead(version: .http1_1, method: head.method, uri: uri, headers: headers)
        self.clientRequestHead = head
        attempts = 0
        sentAt = nil
        sendMilliseconds = 0
        responseHeadAt = nil
        sendUpstream(request.body, context: context)
    }

    func sendUpstream(_ body: ByteBuffer, context: ChannelHandlerContext) {
        guard let upstream else { return }
        attempts += 1
        // The common case, a keep-alive upstream connection idling on this event loop, goes out at
        // once: no future, no closure, no lock.
        if let connection = shared.pool.takeIdle(upstream, from: loopPool(context)) {
            send(body, on: connection, upstream: upstream, context: context)
            return
        }
        shared.pool.connect(upstream, on: context.eventLoop).assumeIsolated().whenComplete { result in
            switch result {
            case .failure(let error):
                self.fail(Self.failure(for: error, upstream: upstream, beforeHead: true))
            case .success(let pooled):
                guard let connection = try? UpstreamConnection(pooled) else {
                    pooled.channel.close(promise: nil)
                    self.fail(.upstreamBroken(upstream.description, cause: "connection closed while opening"))
                    return
                }
                guard self.context != nil, self.machine.isBusy else {
                    self.shared.pool.release(connection, upstream: upstream, to: self.loopPool(context))
                    return
                }
                self.send(body, on: connection, upstream: upstream, context: context)
            }
        }
    }

    /// Writes the forwarded request on `connection`, which this exchange now owns.
    func send(_ body: ByteBuffer, on connection: UpstreamConnection, upstream: Upstream, context: ChannelHandlerContext) {
        guard let forwardedHead else { return }
        self.connection = connection
        connection.handler.delegate = self
        scheduleResponseTimeout(upstream: upstream, context: context)
        let channel = connection.channel
        let started = NIODeadline.now()
        channel.write(HTTPClientRequestPart.head(forwardedHead), promise: nil)
        if body.readableBytes > 0 {
            channel.write(HTTPClientRequestPart.body(.byteBuffer(body)), promise: nil)
        }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        // The flush writes to the socket before it returns unless the socket is full, so the HAR
        // `send` time is taken here rather than through a promise per request.
        sentAt = started
        sendMilliseconds = Double((NIODeadline.now() - started).nanoseconds) / 1_000_000
        pendingBody = body
    }

    /// The idle upstream connections of this connection's event loop, looked up once.
    func loopPool(_ context: ChannelHandlerContext) -> UpstreamConnectionPool.LoopPool {
        if let cachedLoopPool { return cachedLoopPool }
        let pool = shared.pool.loopPool(for: context.eventLoop)
        cachedLoopPool = pool
        return pool
    }

    /// The request body kept for one retry on a stale pooled connection.
    var pendingBody: ByteBuffer?

    func scheduleResponseTimeout(upstream: Upstream, context: ChannelHandlerContext) {
        let timeout = TimeAmount.nanoseconds(shared.settings.upstreamResponseTimeout.nanoseconds)
        if let wakeAt = responseTimer.set(.now() + timeout) {
            scheduleResponseWake(at: wakeAt, context: context)
        }
    }

    private func scheduleResponseWake(at deadline: NIODeadline, context: ChannelHandlerContext) {
        let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        responseWake = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            self.responseWake = nil
            guard self.context != nil else { return }
            switch self.responseTimer.wake(now: .now()) {
            case .expired:
                guard let upstream = self.upstream else { return }
                let seconds = self.shared.settings.upstreamResponseTimeout.components.seconds
                self.fail(.upstreamTimeout(upstream.description, seconds: seconds))
            case .sleep(let until):
                self.scheduleResponseWake(at: until, context: loopBoundContext.value)
            case .none:
                break
            }
        }
    }

    func cancelResponseTimeout() {
        responseTimer.clear()
    }

    /// The exchange failed on the upstream side.
    func fail(_ failure: ProxyFailure) {
        guard let context else { return }
        cancelResponseTimeout()
        if let connection {
            connection.handler.delegate = nil
            connection.channel.close(promise: nil)
            self.connection = nil
        }
        handle(machine.upstreamFailed(failure), context: context)
    }

    func handle(_ action: ExchangeStateMachine.FailureAction, context: ChannelHandlerContext) {
        switch action {
        case .none:
            break
        case .close:
            context.close(promise: nil)
        case .respond(let failure, let request, let keepAlive):
            if let request, captureThis { emitFailure(failure, request: request) }
            respond(failure, keepAlive: keepAlive, context: context)
        }
    }

    /// Writes `failure` as a JSON response; closes afterwards unless `keepAlive`.
    func respond(_ failure: ProxyFailure, keepAlive: Bool, context: ChannelHandlerContext) {
        let body = failure.jsonBody
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json")
        headers.add(name: "content-length", value: String(body.count))
        headers.add(name: "x-authtape-proxy-error", value: failure.code)
        if !keepAlive { headers.add(name: "connection", value: "close") }
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: failure.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        let done = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
        if keepAlive {
            context.triggerUserOutboundEvent(RequestTimingEvent.readyForRequest, promise: nil)
        } else {
            let channel = context.channel
            done.futureResult.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func emitFailure(_ failure: ProxyFailure, request: ExchangeStateMachine.Request) {
        let response = RecordedResponse(
            status: failure.status, reason: failure.reason, httpVersion: "HTTP/1.1",
            headers: [RecordedHeader(name: "content-type", value: "application/json")], body: failure.jsonBody)
        emit(request: request, response: response, proxyError: failure.code)
    }

    func emit(request: ExchangeStateMachine.Request, response: RecordedResponse, proxyError: String?) {
        guard let exchange = recordedExchange(request: request, response: response, proxyError: proxyError) else {
            return
        }
        shared.sink.record(exchange)
    }

    /// The exchange in flight as the sink receives it.
    func recordedExchange(
        request: ExchangeStateMachine.Request, response: RecordedResponse, proxyError: String?
    ) -> RecordedExchange? {
        guard let forwardedHead, let upstream else { return nil }
        let now = NIODeadline.now()
        var timings = RecordedTimings(connect: -1, ssl: -1, send: 0, wait: 0, receive: 0)
        if let connection, !connection.isReused {
            timings.connect = connection.connectMilliseconds
            if upstream.isTLS { timings.ssl = connection.connectMilliseconds }
        }
        if let sentAt {
            timings.send = sendMilliseconds
            let headAt = responseHeadAt ?? now
            timings.wait = max(0, Double((headAt - sentAt).nanoseconds) / 1_000_000 - sendMilliseconds)
            timings.receive = Double((now - headAt).nanoseconds) / 1_000_000
        }
        let exchange = RecordedExchange(
            sequence: shared.nextExchangeSequence(), connectionID: connectionID, startedAt: startedAt,
            request: RecordedRequest(
                method: forwardedHead.method.rawValue, url: upstream.description + upstreamURI,
                httpVersion: request.head.version.harString, headers: forwardedHead.headers.recorded,
                body: Array(request.body.readableBytesView)),
            response: response, timings: timings, proxyError: proxyError)
        return exchange
    }

    static func failure(for error: any Error, upstream: Upstream, beforeHead: Bool) -> ProxyFailure {
        let name = upstream.description
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return .upstreamTLS(name, cause: String(describing: error))
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return .upstreamUnreachable(name, cause: "connect timed out")
        }
        if error is HTTPParserError {
            return .upstreamBroken(name, cause: "invalid HTTP response (\(error))")
        }
        if let error = error as? NIOConnectionError {
            let causes = error.connectionErrors.map { String(describing: $0.error) }
            let dnsError: (any Error)? = error.dnsAAAAError ?? error.dnsAError
            let cause = causes.first ?? dnsError.map { "DNS: \(String(describing: $0))" }
            return .upstreamUnreachable(name, cause: cause ?? "no address for host")
        }
        if error is IOError {
            return .upstreamUnreachable(name, cause: String(describing: error))
        }
        return beforeHead
            ? .upstreamBroken(name, cause: String(describing: error))
            : .upstreamBroken(name, cause: "connection failed mid-response")
    }
}
