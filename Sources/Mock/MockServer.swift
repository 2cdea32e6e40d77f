import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NativeAuthWire
import Replay
import ServiceLifecycle

/// `authtape mock`: serves a capture over HTTP or HTTPS (never contacting any upstream), sequence-aware
/// and fail-closed; logs every request it served or refused, without values.
public enum MockServer {
    /// Starts serving `exchanges` on `host:port` (0 picks a free port), over HTTPS when `tls` is given,
    /// and returns once it listens.
    public static func start(
        capture: MockCapture, host: String = "127.0.0.1", port: Int = 0, tls: TLSConfiguration? = nil,
        logger: Logger = Logger(label: "authtape.mock")
    ) async throws -> RunningMock {
        let sequence = Locked(MockSequence(capture: capture))
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await respond(to: request, sequence: sequence, logger: logger)
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var server: HTTPServerBuilder = .http1()
        if let tls {
            do {
                server = try .tls(.http1(), tlsConfiguration: tls)
            } catch {
                throw MockError(message: "cannot use the TLS certificate or key: \(error)")
            }
        }
        let app = Application(
            responder: responder, server: server,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? port)
                continuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(services: [app], logger: logger)
        let failure = Locked<String?>(nil)
        let task = Task {
            do { try await group.run() } catch { failure.withLock { $0 = "\(error)" } }
            continuation.finish()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            throw MockError(message: "the mock server stopped before it listened on \(host):\(port): "
                + (failure.withLock { $0 } ?? "unknown error"))
        }
        return RunningMock(
            host: host, port: bound, scheme: tls == nil ? "http" : "https", task: task,
            remaining: { sequence.withLock { $0.remaining } }
        ) {
            await group.triggerGracefulShutdown()
        }
    }

    static let skippedHeaders: Set<String> = ["content-length", "transfer-encoding", "connection", "content-encoding"]

    static func respond(to request: Request, sequence: Locked<MockSequence>, logger: Logger) async -> Response {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: 1 << 20)
        } catch {
            return json(413, Array("{\"error\":\"invalid_request\",\"error_description\":\"body too large\"}".utf8))
        }
        let path = request.uri.path
        let answer = sequence.withLock { $0.answer(method: request.method.rawValue, path: path, body: Array(buffer: body)) }
        switch answer {
        case .serve(let reply):
            logger.info(
                "served", metadata: ["endpoint": "\(reply.loggedPath)", "entry": "\(reply.entryIndex)",
                                     "status": "\(reply.status)"])
            var fields = HTTPFields()
            for (name, value) in reply.headers where !skippedHeaders.contains(name.lowercased()) {
                if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
            }
            let status = reply.status == 0 ? 502 : reply.status
            return Response(
                status: HTTPResponse.Status(code: status), headers: fields,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
        case .refuse(let refusal):
            logger.notice(
                "refused", metadata: ["path": "\(refusal.loggedPath)",
                                      "closestEntry": "\(refusal.closestEntry.map(String.init) ?? "none")",
                                      "differingFields": "\(refusal.differingFields.joined(separator: ","))"])
            return json(404, refusal.body)
        }
    }

    private static func json(_ status: Int, _ bytes: [UInt8]) -> Response {
        Response(
            status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// A running mock server.
public final class RunningMock: Sendable {
    /// The address it listens on.
    public let host: String
    /// The bound port.
    public let port: Int
    /// `http` or `https`.
    public let scheme: String
    private let task: Task<Void, Never>
    private let remainingCount: @Sendable () -> Int
    private let shutdown: @Sendable () async -> Void

    init(host: String, port: Int, scheme: String, task: Task<Void, Never>, remaining: @escaping @Sendable () -> Int,
         shutdown: @escaping @Sendable () async -> Void) {
        self.host = host
        self.port = port
        self.scheme = scheme
        self.task = task
        self.remainingCount = remaining
        self.shutdown = shutdown
    }

    /// `http(s)://host:port`.
    public var baseURL: URL { URL(string: "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)")! }
    /// Recorded exchanges not served yet.
    public var remaining: Int { remainingCount() }

    /// Waits until the server stops.
    public func wait() async { await task.value }

    /// Stops the server and waits for it to finish.
    public func stop() async {
        await shutdown()
        await task.value
    }
}

/// The mock server could not start.
public struct MockError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public let message: String
    public var description: String { message }
}

/// The entry function of `authtape mock`.
public enum MockEntry {
    /// Serves a capture read from `capturePath` (over HTTPS when `tls` is given) until the task is
    /// cancelled, printing where to point the app.
    public static func run(
        capture: MockCapture, capturePath: String, host: String, port: Int, tls: TLSConfiguration? = nil,
        logger: Logger, print: @escaping @Sendable (String) -> Void
    ) async throws {
        guard !capture.isEmpty else { throw MockError(message: "\(capturePath): no native-auth exchange to serve") }
        let mock = try await MockServer.start(capture: capture, host: host, port: port, tls: tls, logger: logger)
        print("authtape mock: serving \(capture.count) recorded exchanges of \(capturePath)")
        print("authority: \(mock.baseURL.absoluteString)\(capture.authorityPath ?? "")")
        await mock.wait()
    }
}

