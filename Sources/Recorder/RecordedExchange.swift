import Foundation

/// One completed request/response exchange seen by the proxy, before any redaction.
///
/// The proxy hands these to an ``ExchangeSink``; it never writes them anywhere itself.
/// Bodies are the bytes as they crossed the wire (after de-chunking, before any content
/// decoding): a gzip response body stays gzip and ``RecordedResponse/contentEncoding`` says so.
public struct RecordedExchange: Sendable, Hashable {
    /// Sequence number of the exchange within this proxy run, starting at 1.
    public var sequence: UInt64
    /// Identifier of the client connection the exchange arrived on (stable per connection).
    public var connectionID: UInt64
    /// When the request head arrived at the proxy.
    public var startedAt: Date
    /// The request as forwarded upstream (the URL names the upstream, not the proxy).
    public var request: RecordedRequest
    /// The response the client received.
    public var response: RecordedResponse
    /// Phase durations of the exchange.
    public var timings: RecordedTimings
    /// Set when the proxy itself produced the response (for example a 502 when the upstream is down).
    public var proxyError: String?

    /// Creates an exchange.
    public init(
        sequence: UInt64, connectionID: UInt64, startedAt: Date, request: RecordedRequest,
        response: RecordedResponse, timings: RecordedTimings, proxyError: String? = nil
    ) {
        self.sequence = sequence
        self.connectionID = connectionID
        self.startedAt = startedAt
        self.request = request
        self.response = response
        self.timings = timings
        self.proxyError = proxyError
    }
}

/// A header line, kept in wire order with its original spelling.
public struct RecordedHeader: Sendable, Hashable {
    /// Header name as received.
    public var name: String
    /// Header value as received.
    public var value: String

    /// Creates a header.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The request half of a ``RecordedExchange``.
public struct RecordedRequest: Sendable, Hashable {
    /// HTTP method, for example `POST`.
    public var method: String
    /// Absolute URL of the upstream resource, for example `https://contoso.ciamlogin.com/x/oauth2/v2.0/token`.
    public var url: String
    /// HTTP version, for example `HTTP/1.1`.
    public var httpVersion: String
    /// Request headers in wire order.
    public var headers: [RecordedHeader]
    /// Request body bytes.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, url: String, httpVersion: String, headers: [RecordedHeader], body: [UInt8]) {
        self.method = method
        self.url = url
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
    }
}

/// The response half of a ``RecordedExchange``.
public struct RecordedResponse: Sendable, Hashable {
    /// Status code.
    public var status: Int
    /// Reason phrase.
    public var reason: String
    /// HTTP version, for example `HTTP/1.1`.
    public var httpVersion: String
    /// Response headers in wire order.
    public var headers: [RecordedHeader]
    /// Body bytes as received (still content-encoded), at most the capture limit.
    public var body: [UInt8]
    /// True when the body was longer than the capture limit and ``body`` holds only its start.
    public var bodyTruncated: Bool
    /// Full length of the body as received, even when truncated.
    public var bodySize: Int

    /// Creates a response.
    public init(
        status: Int, reason: String, httpVersion: String, headers: [RecordedHeader], body: [UInt8],
        bodyTruncated: Bool = false, bodySize: Int? = nil
    ) {
        self.status = status
        self.reason = reason
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.bodyTruncated = bodyTruncated
        self.bodySize = bodySize ?? body.count
    }

    /// The `Content-Encoding` of the body (lowercased), or nil when it is not encoded.
    public var contentEncoding: String? {
        headers.last { $0.name.equalsIgnoringASCIICase("content-encoding") }?.value.lowercased()
            .trimmingCharacters(in: .whitespaces)
    }
}

/// Durations of the phases of an exchange, in milliseconds (HAR conventions: -1 means not applicable).
public struct RecordedTimings: Sendable, Hashable {
    /// Time spent opening a new upstream connection, or -1 when a pooled one was reused.
    public var connect: Double
    /// Time spent in the TLS handshake of a new upstream connection, or -1.
    public var ssl: Double
    /// Time spent sending the request upstream.
    public var send: Double
    /// Time from the request sent to the first byte of the response.
    public var wait: Double
    /// Time spent receiving the response body.
    public var receive: Double

    /// Creates timings.
    public init(connect: Double = -1, ssl: Double = -1, send: Double = 0, wait: Double = 0, receive: Double = 0) {
        self.connect = connect
        self.ssl = ssl
        self.send = send
        self.wait = wait
        self.receive = receive
    }

    /// Total time of the exchange (the sum of the non-negative phases; connect includes ssl, as in HAR).
    public var total: Double {
        max(connect, 0) + send + wait + receive
    }
}
