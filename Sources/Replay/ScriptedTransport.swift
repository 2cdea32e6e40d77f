import Foundation
import NativeAuth
import NativeAuthWire

/// A ``Transport`` that can only answer from a capture: each request gets the recorded response of the
/// next expected exchange when it matches, identical requests answered in recorded sequence. It fails
/// closed: any other request gets a ``TransportError`` (never retried) whose message names the closest
/// recorded request and the differing fields. It holds no network code at all.
public final class ScriptedTransport: Transport, @unchecked Sendable {
    /// What happened to one request.
    public struct Served: Sendable {
        /// The endpoint requested, nil when the path is not a native-auth endpoint.
        public var endpoint: NativeAuthEndpoint?
        /// The recorded exchange that answered it, nil when refused.
        public var answeredBy: RecordedExchange?
        /// Why it was refused (closest recorded request and differences), nil when answered.
        public var refusal: String?
    }

    private let lock = NSLock()
    private let matcher: RequestMatcher
    private let all: [RecordedExchange]
    private var queue: [RecordedExchange] = []
    private var cursor = 0
    private var served: [Served] = []
    private var requests = 0

    /// Creates a transport over the exchanges of one flow (used for closest-match diagnostics).
    public init(exchanges: [RecordedExchange], matcher: RequestMatcher = RequestMatcher(placeholders: .exact)) {
        self.all = exchanges
        self.matcher = matcher
        self.queue = exchanges
    }

    /// Starts an action: only `exchanges` (in order) may be answered until the next call; the log is cleared.
    public func expect(_ exchanges: [RecordedExchange]) {
        lock.withLock {
            queue = exchanges
            cursor = 0
            served = []
        }
    }

    /// How many requests reached this transport since it was created.
    public var requestCount: Int { lock.withLock { requests } }

    /// What happened to every request since the last ``expect(_:)``.
    public var log: [Served] { lock.withLock { served } }

    /// Recorded exchanges of the current action not yet asked for.
    public var unanswered: [RecordedExchange] { lock.withLock { Array(queue[cursor...]) } }

    /// Answers from the capture or fails closed.
    public func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        let endpoint = NativeAuthEndpoint.recognise(path: request.url.path)
        let fields = FormCodec.decodeLeniently(bytes: request.body)
        let outcome: Result<RecordedExchange, TransportError> = lock.withLock {
            requests += 1
            if cursor < queue.count,
                matcher.matches(method: request.method, endpoint: endpoint, fields: fields, recorded: queue[cursor])
            {
                let exchange = queue[cursor]
                cursor += 1
                served.append(Served(endpoint: endpoint, answeredBy: exchange, refusal: nil))
                return .success(exchange)
            }
            let reason = refusal(method: request.method, endpoint: endpoint, fields: fields)
            served.append(Served(endpoint: endpoint, answeredBy: nil, refusal: reason))
            return .failure(TransportError(.other, message: "replay: " + reason))
        }
        switch outcome {
        case .success(let exchange):
            if exchange.status == 0 {
                throw TransportError(.networkConnectionLost, message: "replay: \(exchange.label) recorded no response")
            }
            return NativeAuthHTTPResponse(
                statusCode: exchange.status,
                headers: exchange.responseHeaders.map { NativeAuthHTTPHeader($0.0, $0.1) }, body: Data(exchange.responseBody))
        case .failure(let error):
            throw error
        }
    }

    private func refusal(method: String, endpoint: NativeAuthEndpoint?, fields: [FormField]) -> String {
        let what = "\(method) \(endpoint?.path ?? "a non-native-auth path")"
        let expectedNext = cursor < queue.count ? queue[cursor] : nil
        let pool = expectedNext.map { [$0] } ?? all
        guard
            let closest = ClosestMatch.find(
                method: method, endpoint: endpoint, fields: fields, among: expectedNext == nil ? pool : pool + all,
                matcher: matcher)
        else { return "no recorded request for \(what): the capture has no native-auth exchange" }
        let prefix = expectedNext == nil
            ? "no recorded request left for \(what) in this action"
            : "\(what) does not match the next recorded request"
        let differing = closest.differences.isEmpty
            ? "none (that exchange belongs to another action or was already answered)"
            : closest.differences.map(\.description).joined(separator: "; ")
        return "\(prefix); closest recorded: \(closest.exchange.label); differing: \(differing)"
    }
}

/// The recorded request nearest to a sent one: same endpoint first, then fewest differing fields.
public enum ClosestMatch {
    /// The candidate with the same endpoint and the fewest differing fields, and those differences.
    public static func find(
        method: String, endpoint: NativeAuthEndpoint?, fields: [FormField], among candidates: [RecordedExchange],
        matcher: RequestMatcher
    ) -> (exchange: RecordedExchange, differences: [RequestMatcher.Difference])? {
        var best: (exchange: RecordedExchange, differences: [RequestMatcher.Difference], score: Int)?
        for candidate in candidates {
            let differences = matcher.differences(method: method, endpoint: endpoint, fields: fields, recorded: candidate)
            let score = (candidate.endpoint == endpoint ? 0 : 1000) + differences.count
            if best == nil || score < best!.score { best = (candidate, differences, score) }
        }
        return best.map { ($0.exchange, $0.differences) }
    }
}
