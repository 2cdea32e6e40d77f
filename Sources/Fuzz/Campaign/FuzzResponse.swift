import Foundation

/// One server answer as the fuzzer serves it: an HTTP response, or a transport fault instead of one.
public struct FuzzResponse: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One header, in order.
    public struct Header: Sendable, Hashable, Codable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// HTTP status (ignored when `fault` is set).
    public var status: Int
    /// Headers in order.
    public var headers: [Header]
    /// Raw body bytes.
    public var body: [UInt8]
    /// When set, no HTTP response arrives; the transport fails in this way.
    public var fault: TransportFault?

    /// A response with raw bytes.
    public init(status: Int, headers: [Header] = FuzzResponse.jsonHeaders, body: [UInt8], fault: TransportFault? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = fault
    }

    /// A JSON response (`Content-Type: application/json; charset=utf-8`).
    public init(status: Int, json: String) {
        self.init(status: status, body: Array(json.utf8))
    }

    /// A transport fault in place of a response.
    public static func failure(_ fault: TransportFault) -> FuzzResponse {
        FuzzResponse(status: 0, headers: [], body: [], fault: fault)
    }

    /// The headers Entra sends with every native-auth answer.
    public static let jsonHeaders = [Header("Content-Type", "application/json; charset=utf-8")]

    /// The body as text (invalid UTF-8 shown with replacement characters).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The first header with this name (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The HTTP status the oracle sees: 0 when a fault replaces the response.
    public var observedStatus: Int { fault == nil ? status : 0 }

    public var description: String {
        if let fault { return "fault(\(fault.rawValue))" }
        let text = bodyText
        return "\(status) " + (text.count > 160 ? String(text.prefix(160)) + "…(\(body.count) bytes)" : text)
    }
}

/// Ways an answer can fail to arrive, each as the engine's live transport would report it.
public enum TransportFault: String, Sendable, Hashable, Codable, CaseIterable {
    case connectionReset, emptyResponse, cutMidBody, neverAnswers, slowBody, offline

    /// The failure the live transport reports (all of MSAL's retryable kinds).
    public var errorKind: String {
        switch self {
        case .connectionReset, .emptyResponse, .cutMidBody: "networkConnectionLost"
        case .neverAnswers, .slowBody: "timedOut"
        case .offline: "notConnectedToInternet"
        }
    }
}
