import Foundation
import NativeAuth
import NativeAuthWire

/// A ``Transport`` that answers V2 requests only from a capture, like ``ScriptedTransport`` does V1's:
/// each request gets the recorded answer of the next expected exchange of the current action when
/// ``V2RequestMatcher`` finds it equal (method, path segment by segment, JSON members or form fields);
/// anything else fails closed with a ``TransportError`` naming the closest recorded request and the
/// differing fields (never a value that is not a placeholder). It holds no network code.
public final class V2ScriptedTransport: Transport, @unchecked Sendable {
    /// What happened to one request.
    public struct Served: Sendable {
        /// The recorded exchange that answered it, nil when refused.
        public var answeredBy: V2RecordedExchange?
        /// Why it was refused, nil when answered.
        public var refusal: String?
    }

    private let lock = NSLock()
    private let matcher: V2RequestMatcher
    private let all: [V2RecordedExchange]
    private var queue: [V2RecordedExchange]
    private var cursor = 0
    private var served: [Served] = []

    /// A transport over the exchanges of one flow (all of them answerable until ``expect(_:)``).
    public init(exchanges: [V2RecordedExchange], matcher: V2RequestMatcher = V2RequestMatcher(placeholders: .exact)) {
        all = exchanges
        queue = exchanges
        self.matcher = matcher
    }

    /// Starts an action: only `exchanges`, in order, may be answered; the log is cleared.
    public func expect(_ exchanges: [V2RecordedExchange]) {
        lock.withLock {
            queue = exchanges
            cursor = 0
            served = []
        }
    }

    /// What happened to every request since the last ``expect(_:)``.
    public var log: [Served] { lock.withLock { served } }

    /// Exchanges of the current action not yet asked for.
    public var unanswered: [V2RecordedExchange] { lock.withLock { Array(queue[cursor...]) } }

    /// Answers from the capture or fails closed.
    public func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        let path = request.url.path
        let body = V2RequestBody(bytes: Array(request.body))
        let outcome: Result<V2RecordedExchange, TransportError> = lock.withLock {
            if cursor < queue.count, matcher.matches(method: request.method, path: path, body: body, recorded: queue[cursor]) {
                let exchange = queue[cursor]
                cursor += 1
                served.append(Served(answeredBy: exchange, refusal: nil))
                return .success(exchange)
            }
            let reason = refusal(method: request.method, path: path, body: body)
            served.append(Served(answeredBy: nil, refusal: reason))
            return .failure(TransportError(.other, message: "replay: " + reason))
        }
        let exchange = try outcome.get()
        if exchange.status == 0 {
            throw TransportError(.networkConnectionLost, message: "replay: \(exchange.label) recorded no response")
        }
        return NativeAuthHTTPResponse(
            statusCode: exchange.status, headers: exchange.responseHeaders.map { NativeAuthHTTPHeader($0.0, $0.1) },
            body: Data(exchange.responseBody))
    }

    private func refusal(method: String, path: String, body: V2RequestBody) -> String {
        let next = cursor < queue.count ? queue[cursor] : nil
        let pool = next.map { [$0] + all } ?? all
        guard let closest = matcher.closest(method: method, path: path, body: body, among: pool) else {
            return "no recorded V2 request for \(method.uppercased()) \(V2RequestMatcher.displayPath(path, against: "")): the flow has none"
        }
        let shown = V2RequestMatcher.displayPath(path, against: closest.exchange.path)
        let prefix = next == nil
            ? "no recorded request left for \(method.uppercased()) \(shown) in this action"
            : "\(method.uppercased()) \(shown) does not match the next recorded request"
        let differing = closest.differences.isEmpty
            ? "none (that exchange belongs to another action or was already answered)"
            : closest.differences.map(\.description).joined(separator: "; ")
        return "\(prefix); closest recorded: \(closest.exchange.label); differing: \(differing)"
    }
}
