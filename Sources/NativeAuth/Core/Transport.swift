import Foundation
import NativeAuthWire

/// One HTTP header (name and value, in the order sent or received).
public struct NativeAuthHTTPHeader: Sendable, Hashable {
    /// Header name as sent.
    public var name: String
    /// Header value.
    public var value: String
    /// Creates a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A request the engine wants sent: always a form-encoded `POST` to `<authority><endpoint path>`.
public struct NativeAuthHTTPRequest: Sendable, Hashable {
    /// HTTP method (`POST`).
    public var method: String
    /// Full URL.
    public var url: URL
    /// Headers in sending order.
    public var headers: [NativeAuthHTTPHeader]
    /// The `application/x-www-form-urlencoded` body.
    public var body: Data

    /// Creates a request.
    public init(method: String, url: URL, headers: [NativeAuthHTTPHeader], body: Data) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The first header with this name (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { HeaderName.equal($0.name, name) }?.value
    }

    /// The decoded form fields of the body, in order.
    public var formFields: [(name: String, value: String)] {
        FormCodec.decodeLeniently(bytes: body).map { ($0.name, $0.value) }
    }
}

/// A response as received from the server.
public struct NativeAuthHTTPResponse: Sendable, Hashable {
    /// HTTP status code.
    public var statusCode: Int
    /// Headers in received order.
    public var headers: [NativeAuthHTTPHeader]
    /// Raw body bytes.
    public var body: Data

    /// Creates a response.
    public init(statusCode: Int, headers: [NativeAuthHTTPHeader] = [], body: Data) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// Convenience: a response whose body is the UTF-8 of `json`.
    public init(statusCode: Int, json: String, headers: [NativeAuthHTTPHeader] = []) {
        self.init(
            statusCode: statusCode,
            headers: [NativeAuthHTTPHeader("Content-Type", "application/json; charset=utf-8")] + headers,
            body: Data(json.utf8))
    }

    /// The first header with this name (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { HeaderName.equal($0.name, name) }?.value
    }
}

/// Sends engine requests. Replay implements it with recorded responses; ``URLSessionTransport`` is live.
///
/// The engine applies MSAL's retry rule (client-behaviour.md §0.1) on top of every transport: one retry
/// for a 5xx answer or a ``TransportError`` of a retryable kind, so a transport makes one attempt per call.
public protocol Transport: Sendable {
    /// Sends one request and returns the server's answer, or throws ``TransportError`` when no answer came.
    func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse
}

/// No HTTP response arrived.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why no response arrived; decides whether the engine retries (§0.1).
    public enum Kind: String, Sendable, Hashable {
        /// Timed out (retried after 0.5 s).
        case timedOut
        /// DNS failure (retried after 0.5 s).
        case cannotFindHost
        /// Connection refused (retried after 0.5 s).
        case cannotConnectToHost
        /// Connection dropped (retried after 0.5 s).
        case networkConnectionLost
        /// Offline (retried after 2 s).
        case notConnectedToInternet
        /// Anything else (not retried).
        case other
    }

    /// The failure kind.
    public var kind: Kind
    /// A description without secrets.
    public var message: String

    /// Creates a transport error.
    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The retry delay MSAL uses for this kind, or nil when it does not retry.
    var retryDelay: Double? {
        switch kind {
        case .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost: 0.5
        case .notConnectedToInternet: 2
        case .other: nil
        }
    }

    /// `transport error (kind): message`.
    public var description: String { "transport error (\(kind.rawValue)): \(message)" }
}

/// Header-name comparison: `caseInsensitiveCompare == .orderedSame`, done byte by byte when both names
/// are ASCII (where it is exactly ASCII case folding); Foundation's comparison otherwise.
enum HeaderName {
    static func equal(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        let fast: Bool? = a.withUTF8 { x in
            b.withUTF8 { y -> Bool? in
                guard x.allSatisfy({ $0 < 0x80 }), y.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard x.count == y.count else { return false }
                for i in 0..<x.count where lower(x[i]) != lower(y[i]) { return false }
                return true
            }
        }
        return fast ?? (a.caseInsensitiveCompare(b) == .orderedSame)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
