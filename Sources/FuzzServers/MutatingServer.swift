import AsyncHTTPClient
import Foundation
import Fuzz
import NIOCore
import NIOHTTP1
import NIOSSL
import NativeAuthWire

/// One exchange the mutating server answered, as logged (secrets already redacted).
public struct ServeLogEntry: Sendable, Hashable {
    /// Exchange number, from 0.
    public var number: Int
    public var method: String
    /// The request path (the query left out).
    public var path: String
    /// The oracle step the request was taken for.
    public var step: String
    /// The operator applied, nil when the answer was passed on unchanged.
    public var operatorName: String?
    /// What the operator changed (secret-free, then redacted again).
    public var detail: String?
    /// The status sent, or nil when a transport fault replaced the answer.
    public var status: Int?
    /// The transport fault applied instead of an answer.
    public var fault: String?

    /// `#3 POST /oauth2/v2.0/token [signInSubmitPassword] errorSwap (error=…) → 400`.
    public var line: String {
        let change = operatorName.map { " \($0)" + (detail.map { " (\($0))" } ?? "") } ?? " unchanged"
        let sent = fault.map { "fault \($0)" } ?? status.map(String.init) ?? "-"
        return "#\(number) \(method) \(path) [\(step)]\(change) → \(sent)"
    }
}

/// `authtape fuzz --serve`: a loopback server for a real client that answers from a capture or by
/// forwarding to an upstream server, and mutates each answer with the fuzzer's operators on the fly.
/// Exchange `n` is mutated with ``FuzzRandom``(seed, n) alone, so the same seed and the same requests
/// give the same answers.
public final class MutatingServer: Sendable {
    /// Options of the server.
    public struct Options: Sendable {
        public var source: MutatingServerSource
        /// Bind address (loopback by default).
        public var host: String
        /// Port (0 picks a free one).
        public var port: Int
        public var seed: UInt64
        /// Operators drawn from (default: ``Operators/serve``; each exchange uses those of its dialect).
        public var operators: [any MutationOperator]
        /// Percentage of exchanges that get mutated (the others pass unchanged).
        public var rate: Int
        /// Serve HTTPS with this configuration (`--tls`, or `--tls-cert/--tls-key`); plain HTTP when nil.
        public var tls: TLSConfiguration?

        public init(source: MutatingServerSource, host: String = "127.0.0.1", port: Int = 0, seed: UInt64,
                    operators: [any MutationOperator] = Operators.serve, rate: Int = 100, tls: TLSConfiguration? = nil) {
            self.tls = tls
            self.source = source
            self.host = host
            self.port = port
            self.seed = seed
            self.operators = operators
            self.rate = rate
        }
    }

    private let server: FaultServer
    private let client: HTTPClient?

    private init(server: FaultServer, client: HTTPClient?) {
        self.server = server
        self.client = client
    }

    /// The bound port.
    public var port: Int { server.port }
    /// `http(s)://host:port`.
    public var baseURL: URL { server.baseURL }

    /// Starts the server; `log` receives every exchange as it is answered.
    public static func start(_ options: Options, log: @escaping @Sendable (ServeLogEntry) -> Void) async throws -> MutatingServer {
        var client: HTTPClient?
        if case .upstream = options.source {
            client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(decompression: .enabled(limit: .none)))
        }
        let mutator = ExchangeMutator(options: options)
        let upstreamClient = client
        do {
            let tls = try options.tls.map { try NIOSSLContext(configuration: $0) }
            let server = try await FaultServer.start(host: options.host, port: options.port, tls: tls) { request in
                let original: FuzzResponse
                switch options.source {
                case .capture(let answers):
                    original = answers.next(for: request) ?? MutatingServer.notRecorded(request)
                case .upstream(let base):
                    original = await MutatingServer.forward(request, to: base, client: upstreamClient)
                }
                let (item, entry) = mutator.mutate(original, for: request)
                log(entry)
                return item
            }
            return MutatingServer(server: server, client: client)
        } catch {
            try? await client?.shutdown()
            throw error
        }
    }

    /// The 404 for an endpoint the capture has no answer for, in the request's dialect's error form.
    static func notRecorded(_ request: ServerRequest) -> FuzzResponse {
        let text = "the capture has no answer for this endpoint"
        if ServeDialect.of(method: request.method, path: request.path, body: request.body) == .v2 {
            return FuzzResponse(status: 404, json: #"{"error":{"code":"not_found","message":"\#(text)"}}"#)
        }
        return FuzzResponse(status: 404, json: #"{"error":"not_found","error_description":"\#(text)"}"#)
    }

    /// Stops listening, closes open connections and the upstream client.
    public func stop() async {
        await server.stop()
        try? await client?.shutdown()
    }

    /// The upstream's answer to `request`, or a 502 that says why there is none.
    static func forward(_ request: ServerRequest, to base: URL, client: HTTPClient?) async -> FuzzResponse {
        guard let client else { return FuzzResponse(status: 502, json: #"{"error":"no_upstream"}"#) }
        var prefix = base.absoluteString
        while prefix.hasSuffix("/") { prefix.removeLast() }
        var outgoing = HTTPClientRequest(url: prefix + request.uri)
        outgoing.method = HTTPMethod(rawValue: request.method)
        let dropped: Set<String> = ["host", "content-length", "connection", "accept-encoding", "transfer-encoding", "expect"]
        for header in request.headers where !dropped.contains(header.name.lowercased()) {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        do {
            let response = try await client.execute(outgoing, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 16 << 20)
            return FuzzResponse(
                status: Int(response.status.code), headers: response.headers.map { FuzzResponse.Header($0.name, $0.value) },
                body: Array(buffer: body))
        } catch {
            return FuzzResponse(status: 502, json: #"{"error":"upstream_unreachable","error_description":"\#(type(of: error))"}"#)
        }
    }
}

/// Numbers exchanges and mutates each one's answer from (seed, number) alone.
final class ExchangeMutator: @unchecked Sendable {
    private let options: MutatingServer.Options
    private let lock = NSLock()
    private var count = 0
    private var previousToken: String?
    /// Secrets of earlier exchanges (an operator may copy one into a later answer), newest last.
    private var earlier: [String] = []

    init(options: MutatingServer.Options) { self.options = options }

    /// The item to serve for `original` and the log entry describing it.
    func mutate(_ original: FuzzResponse, for request: ServerRequest) -> (ServedItem, ServeLogEntry) {
        let (number, previous): (Int, String?) = lock.withLock {
            defer { count += 1 }
            return (count, previousToken)
        }
        let step = CaptureAnswers.step(path: request.path, form: request.body)
        let dialect = ServeDialect.of(method: request.method, path: request.path, body: request.body)
        let stepName = dialect == .v2 ? ServeDialect.v2Step(method: request.method, path: request.path, body: request.body) : step.name
        // A V1 exchange draws from the V1 operators in their order, so its answers are those of before V2.
        let operators = Operators.applicable(options.operators, to: dialect)
        var random = FuzzRandom(runSeed: options.seed, caseIndex: UInt64(number))
        var applied: (name: String, mutated: Mutated)?
        if !operators.isEmpty, random.chance(options.rate) {
            var context = MutationContext(step: step, responseIndex: 0, previousToken: previous)
            context.dialect = dialect
            context.origin = ServeDialect.origin(of: request, tls: options.tls != nil)
            for _ in 0..<6 {
                let candidate = random.pick(operators)
                if let mutated = candidate.mutate(original, context: context, random: &random) {
                    applied = (candidate.name, mutated)
                    break
                }
            }
        }
        let response = applied?.mutated.response ?? original
        if let token = JSONNode.parse(original.body)?["continuation_token"]?.stringValue {
            lock.withLock { previousToken = token }
        }
        let fault = response.fault.map(ExchangeMutator.liveFault)
        let item = ServedItem(response, fault: fault)
        let current = ExchangeMutator.secrets(request: request.body, responses: [original, response])
        let secrets: [String] = lock.withLock {
            earlier = Array((earlier + current).suffix(256))
            return Array(Set(earlier)).sorted { $0.count > $1.count }
        }
        var entry = ServeLogEntry(
            number: number, method: request.method, path: request.path, step: stepName, operatorName: applied?.name,
            detail: applied.map { ExchangeMutator.redact($0.mutated.detail, secrets: secrets) },
            status: fault == nil ? response.status : nil, fault: fault?.rawValue)
        entry.path = ExchangeMutator.redact(entry.path, secrets: secrets)
        return (item, entry)
    }

    /// The live fault that stands for a scripted one (offline has no socket form: it becomes a reset).
    static func liveFault(_ fault: TransportFault) -> LiveFault {
        switch fault {
        case .connectionReset, .offline: .connectionReset
        case .emptyResponse: .emptyResponse
        case .cutMidBody: .cutMidBody
        case .neverAnswers: .neverAnswers
        case .slowBody: .slowBody
        }
    }

    /// Passwords, codes and tokens of the exchange (V2: also of a JSON request and a HAL answer).
    static func secrets(request form: [UInt8], responses: [FuzzResponse]) -> [String] {
        var values: [String] = []
        for name in ["password", "new_password", "oob", "continuation_token", "refresh_token", "code", "client_assertion"] {
            if let value = FormCodec.firstValue(named: name, in: form) { values.append(value) }
        }
        values += ServeDialect.secrets(ofJSON: form)
        for response in responses {
            guard let node = JSONNode.parse(response.body) else { continue }
            for key in ["continuation_token", "access_token", "refresh_token", "id_token", "client_info"] {
                values += node.values(of: key).compactMap(\.stringValue)
            }
            if HAL.looksV2(node) { values += ServeDialect.secrets(ofAnswer: node) }
        }
        return values.filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced by `REDACTED`.
    static func redact(_ text: String, secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "REDACTED") }
    }
}
