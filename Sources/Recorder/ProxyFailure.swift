import Foundation

/// A failure the proxy answers itself, with a status and a JSON body explaining the cause.
///
/// Messages name hosts and causes only; they never contain request or response content.
public struct ProxyFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Machine-readable code, for example `upstream_unreachable`.
    public let code: String
    /// HTTP status of the response the proxy sends.
    public let status: Int
    /// Human-readable explanation.
    public let message: String

    private init(code: String, status: Int, message: String) {
        self.code = code
        self.status = status
        self.message = message
    }

    /// The client sent something that is not valid HTTP/1.1.
    public static func malformedRequest(_ detail: String) -> ProxyFailure {
        .init(code: "malformed_request", status: 400, message: "malformed HTTP request: \(detail)")
    }

    /// The request body is larger than the configured limit.
    public static func bodyTooLarge(limit: Int) -> ProxyFailure {
        .init(
            code: "request_body_too_large", status: 413,
            message: "request body exceeds the limit of \(limit) bytes (--max-body)")
    }

    /// A forward-mode request did not name a usable target.
    public static func badProxyTarget(_ detail: String) -> ProxyFailure {
        .init(code: "bad_proxy_target", status: 400, message: "cannot proxy this request: \(detail)")
    }

    /// The upstream could not be reached.
    public static func upstreamUnreachable(_ upstream: String, cause: String) -> ProxyFailure {
        .init(code: "upstream_unreachable", status: 502, message: "cannot connect to upstream \(upstream): \(cause)")
    }

    /// The TLS handshake with the upstream failed (certificate not trusted, name mismatch, protocol error).
    public static func upstreamTLS(_ upstream: String, cause: String) -> ProxyFailure {
        .init(code: "upstream_tls_failure", status: 502, message: "TLS with upstream \(upstream) failed: \(cause)")
    }

    /// The upstream closed the connection or sent an invalid response before the response head.
    public static func upstreamBroken(_ upstream: String, cause: String) -> ProxyFailure {
        .init(code: "upstream_bad_response", status: 502, message: "upstream \(upstream) failed: \(cause)")
    }

    /// The upstream did not answer in time.
    public static func upstreamTimeout(_ upstream: String, seconds: Int64) -> ProxyFailure {
        .init(code: "upstream_timeout", status: 504, message: "upstream \(upstream) did not answer within \(seconds) s")
    }

    /// The JSON body of the response: `{"error": code, "error_description": message, "source": "authtape-proxy"}`.
    public var jsonBody: [UInt8] {
        let object = ["error": code, "error_description": message, "source": "authtape-proxy"]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Array(data)
    }

    /// The reason phrase for ``status``.
    public var reason: String {
        switch status {
        case 400: "Bad Request"
        case 413: "Payload Too Large"
        case 502: "Bad Gateway"
        case 504: "Gateway Timeout"
        default: "Error"
        }
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
