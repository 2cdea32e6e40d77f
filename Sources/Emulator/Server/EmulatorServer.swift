import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NativeAuthWire
import ServiceLifecycle

/// Certificate and key files (PEM) for serving HTTPS.
public struct EmulatorTLSFiles: Sendable {
    public var certificatePath: String
    public var privateKeyPath: String
    public init(certificatePath: String, privateKeyPath: String) {
        self.certificatePath = certificatePath
        self.privateKeyPath = privateKeyPath
    }

    /// The server configuration presenting this chain and key.
    public func serverConfiguration() throws(EmulatorServerError) -> TLSConfiguration {
        do {
            let certificates = try NIOSSLCertificate.fromPEMFile(certificatePath)
            let key = try NIOSSLPrivateKey(file: privateKeyPath, format: .pem)
            return TLSConfiguration.makeServerConfiguration(
                certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(key))
        } catch {
            throw EmulatorServerError(message: "cannot load the TLS certificate or key: \(error)")
        }
    }
}

/// Puts an ``EmulatorCore`` behind HTTP/1.1 (keep-alive, optional TLS) with Hummingbird.
public enum EmulatorServer {
    /// Builds a tenant from `config` and starts it (see ``start(core:host:port:tls:logger:)``).
    public static func start(
        config: EmulatorConfig, seed: UInt64? = nil, host: String = "127.0.0.1", port: Int = 0,
        logger: Logger = Logger(label: "authtape.emulator")
    ) async throws -> RunningEmulator {
        try await start(core: EmulatorCore(config: config, seed: seed, logger: logger), host: host, port: port, logger: logger)
    }

    /// Starts the server in the background and returns once it listens. `port` 0 picks a free port.
    public static func start(
        core: EmulatorCore, host: String = "127.0.0.1", port: Int = 0, tls: EmulatorTLSFiles? = nil,
        logger: Logger = Logger(label: "authtape.emulator")
    ) async throws -> RunningEmulator {
        try await start(core: core, host: host, port: port, tlsConfiguration: tls?.serverConfiguration(), logger: logger)
    }

    /// Starts the server in the background, serving HTTPS with `tlsConfiguration` when given.
    public static func start(
        core: EmulatorCore, host: String = "127.0.0.1", port: Int = 0, tlsConfiguration: TLSConfiguration?,
        logger: Logger = Logger(label: "authtape.emulator")
    ) async throws -> RunningEmulator {
        let tls = tlsConfiguration
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let failure = Locked<(any Error)?>(nil)
        let app = try makeApplication(core: core, host: host, port: port, tls: tls, logger: logger) { bound in
            continuation.yield(bound)
            continuation.finish()
        }
        let group = ServiceGroup(services: [app], logger: logger)
        let task = Task {
            do {
                try await group.run()
            } catch {
                failure.withLock { $0 = error }
            }
            continuation.finish()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            let error = failure.withLock { $0 }
            throw error ?? EmulatorServerError(message: "the emulator stopped before it listened on \(host):\(port)")
        }
        return RunningEmulator(
            core: core, host: host, port: bound, scheme: tls == nil ? "http" : "https", task: task,
            stop: { await group.triggerGracefulShutdown() })
    }

    /// Runs the server until SIGINT or SIGTERM, then shuts down gracefully. `onListening` gets the bound port.
    public static func run(
        core: EmulatorCore, host: String = "127.0.0.1", port: Int = 0, tls: EmulatorTLSFiles? = nil,
        logger: Logger = Logger(label: "authtape.emulator"), onListening: @escaping @Sendable (Int) -> Void
    ) async throws {
        try await run(
            core: core, host: host, port: port, tlsConfiguration: tls?.serverConfiguration(), logger: logger,
            onListening: onListening)
    }

    /// Runs the server until SIGINT or SIGTERM, serving HTTPS with `tlsConfiguration` when given.
    public static func run(
        core: EmulatorCore, host: String = "127.0.0.1", port: Int = 0, tlsConfiguration: TLSConfiguration?,
        logger: Logger = Logger(label: "authtape.emulator"), onListening: @escaping @Sendable (Int) -> Void
    ) async throws {
        let app = try makeApplication(
            core: core, host: host, port: port, tls: tlsConfiguration, logger: logger, onListening: onListening)
        try await app.runService()
    }

    static func makeApplication(
        core: EmulatorCore, host: String, port: Int, tls: TLSConfiguration?, logger: Logger,
        onListening: @escaping @Sendable (Int) -> Void
    ) throws -> some ApplicationProtocol {
        let scheme = tls == nil ? "http" : "https"
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await respond(to: request, core: core, scheme: scheme)
        }
        let server: HTTPServerBuilder
        if let tls {
            do {
                server = try .tls(.http1(), tlsConfiguration: tls)
            } catch {
                throw EmulatorServerError(message: "cannot use the TLS certificate or key: \(error)")
            }
        } else {
            server = .http1()
        }
        return Application(
            responder: responder, server: server,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// Converts a Hummingbird request, runs the core, applies the latency knob, converts the answer.
    static func respond(to request: Request, core: EmulatorCore, scheme: String) async -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        headers["host"] = request.head.authority ?? headers["host"]
        headers["x-authtape-scheme"] = scheme
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: core.config.server.maxBodyBytes)
        } catch {
            return convert(
                .json(413, .object([("error", .string("invalid_request")),
                                    ("error_description", .string("The request body is too large."))])))
        }
        let emulatorRequest = EmulatorRequest(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query, headers: [:],
            body: Array(buffer: body))
        var withHeaders = emulatorRequest
        withHeaders.headers = headers
        let latency = core.faults.latencyMs
        if latency > 0, !request.uri.path.hasPrefix("/_authtape") {
            try? await Task.sleep(nanoseconds: UInt64(latency) * 1_000_000)
        }
        return convert(core.handle(withHeaders))
    }

    static func convert(_ response: EmulatorResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: response.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
}

/// The emulator failed to start.
public struct EmulatorServerError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}

/// A running emulator: where it listens, its admin token, and how to stop it.
public final class RunningEmulator: Sendable {
    /// The tenant logic (outbox, clock, users) for in-process inspection.
    public let core: EmulatorCore
    /// Bound host.
    public let host: String
    /// Bound port.
    public let port: Int
    /// `http` or `https`.
    public let scheme: String
    private let task: Task<Void, Never>
    private let stop: @Sendable () async -> Void

    init(
        core: EmulatorCore, host: String, port: Int, scheme: String, task: Task<Void, Never>,
        stop: @escaping @Sendable () async -> Void
    ) {
        self.stop = stop
        self.core = core
        self.host = host
        self.port = port
        self.scheme = scheme
        self.task = task
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "\(scheme)://\(urlHost):\(port)")! }
    /// The authority to give a client: `http://127.0.0.1:PORT/{tenant}.onmicrosoft.com`.
    public var authorityURL: URL { baseURL.appendingPathComponent(core.config.tenant.domain) }
    /// The admin token for `/_authtape/*`.
    public var adminToken: String { core.adminToken }

    private var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    /// Stops accepting connections, lets requests in flight finish (at most 5 s), and waits for the end.
    public func shutdown() async {
        await stop()
        let task = self.task
        let watchdog = Task {
            try await Task.sleep(nanoseconds: 5_000_000_000)
            task.cancel()
        }
        await task.value
        watchdog.cancel()
    }
}
