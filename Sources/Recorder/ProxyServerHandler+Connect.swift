import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Forward mode's CONNECT: intercept TLS for captured hosts, tunnel the rest untouched.
extension ProxyServerHandler {
    func beginConnect(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let authority = HostAndPort(authority: head.uri, defaultPort: 443) else {
            respond(
                .badProxyTarget("CONNECT target '\(head.uri.prefix(200))' is not host:port"), keepAlive: false,
                context: context)
            return
        }
        connectAuthority = authority
    }

    func finishConnect(context: ChannelHandlerContext) {
        guard let authority = connectAuthority else { return }
        context.triggerUserOutboundEvent(RequestTimingEvent.requestReceived, promise: nil)
        let settings = shared.settings
        if settings.captureFilter.matches(authority.host), let authorityCA = settings.certificateAuthority {
            do {
                let sslContext = try authorityCA.serverContext(forHost: authority.host)
                intercept(authority, sslContext: sslContext, context: context)
            } catch {
                respond(.upstreamTLS(authority.description, cause: "cannot mint a leaf: \(error)"), keepAlive: false,
                    context: context)
            }
        } else {
            tunnel(to: authority, context: context)
        }
    }

    private func writeConnectEstablished(context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        let head = HTTPResponseHead(
            version: .http1_1, status: .custom(code: 200, reasonPhrase: "Connection Established"))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: promise)
        return promise.futureResult
    }

    /// Removes the HTTP/1 server handlers and this handler, keeping anything before them.
    private func removeHTTPHandlers(context: ChannelHandlerContext, alsoTimers: Bool) throws {
        let sync = context.pipeline.syncOperations
        try sync.removeHandler(sync.handler(type: HTTPResponseEncoder.self), promise: nil)
        try sync.removeHandler(sync.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self), promise: nil)
        try sync.removeHandler(sync.handler(type: RequestGate.self), promise: nil)
        if alsoTimers {
            if let timer = try? sync.handler(type: RequestTimeoutHandler.self) { sync.removeHandler(timer, promise: nil) }
            if let idle = try? sync.handler(type: IdleStateHandler.self) { sync.removeHandler(idle, promise: nil) }
        }
    }

    private func intercept(_ authority: HostAndPort, sslContext: NIOSSLContext, context: ChannelHandlerContext) {
        let shared = self.shared
        writeConnectEstablished(context: context).assumeIsolated().whenComplete { result in
            guard case .success = result, let context = self.context else { return }
            do {
                context.triggerUserOutboundEvent(RequestTimingEvent.readyForRequest, promise: nil)
                try self.removeHTTPHandlers(context: context, alsoTimers: false)
                let sync = context.pipeline.syncOperations
                sync.removeHandler(context: context, promise: nil)
                try sync.addHandler(NIOSSLServerHandler(context: sslContext))
                try sync.configureProxyServerHTTP()
                let plain = shared.settings.plainHTTPHosts.contains(authority.host.lowercased())
                let upstream = Upstream(host: authority.host, port: authority.port, isTLS: !plain)
                try sync.addHandler(ProxyServerHandler(shared: shared, target: .fixed(upstream)))
            } catch {
                context.close(promise: nil)
            }
        }
    }

    private func tunnel(to authority: HostAndPort, context: ChannelHandlerContext) {
        let settings = shared.settings
        let address = settings.addressOverrides[authority.host.lowercased()] ?? authority
        ClientBootstrap(group: context.eventLoop)
            .connectTimeout(.nanoseconds(settings.upstreamConnectTimeout.nanoseconds))
            .connect(host: address.host, port: address.port)
            .assumeIsolated()
            .whenComplete { result in
                guard let context = self.context else {
                    if case .success(let peer) = result { peer.close(promise: nil) }
                    return
                }
                switch result {
                case .failure(let error):
                    let upstream = Upstream(host: authority.host, port: authority.port, isTLS: false)
                    let failure = Self.failure(for: error, upstream: upstream, beforeHead: true)
                    self.respond(failure, keepAlive: false, context: context)
                case .success(let peer):
                    self.glue(peer, context: context)
                }
            }
    }

    private func glue(_ peer: any Channel, context: ChannelHandlerContext) {
        writeConnectEstablished(context: context).assumeIsolated().whenComplete { result in
            guard case .success = result, let context = self.context else {
                peer.close(promise: nil)
                return
            }
            do {
                try self.removeHTTPHandlers(context: context, alsoTimers: true)
                let (local, remote) = GlueHandler.matchedPair()
                let sync = context.pipeline.syncOperations
                sync.removeHandler(context: context, promise: nil)
                try sync.addHandler(local)
                try peer.pipeline.syncOperations.addHandler(remote)
            } catch {
                peer.close(promise: nil)
                context.close(promise: nil)
            }
        }
    }
}
