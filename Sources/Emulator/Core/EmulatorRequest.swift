import Foundation
import NativeAuthWire

/// An HTTP request as the emulator's logic sees it (the HTTP layer builds it; tests can build it directly).
public struct EmulatorRequest: Sendable {
    /// `POST`, `GET`, ...
    public var method: String
    /// Path without query, e.g. `/contoso.onmicrosoft.com/oauth2/v2.0/initiate`.
    public var path: String
    /// Raw query string without `?`, if any.
    public var query: String?
    /// Header values by lower-cased name.
    public var headers: [String: String]
    /// Body bytes.
    public var body: [UInt8]

    public init(method: String = "POST", path: String, query: String? = nil, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }

    /// A form-encoded `POST` (the shape of every native-auth call).
    public static func form(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) -> EmulatorRequest {
        var allHeaders = headers
        allHeaders["content-type"] = "application/x-www-form-urlencoded"
        return EmulatorRequest(
            method: "POST", path: path, headers: allHeaders, body: FormCodec.encodedBytes(FormFields(pairs: fields)))
    }
}

/// An HTTP response produced by the emulator's logic.
public struct EmulatorResponse: Sendable {
    /// HTTP status code.
    public var status: Int
    /// Header fields in order.
    public var headers: [(String, String)]
    /// Body bytes.
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response with `Content-Type: application/json; charset=utf-8`.
    static func json(_ status: Int, _ value: EmulatorJSON) -> EmulatorResponse {
        EmulatorResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: value.bytes)
    }

    /// The body parsed as JSON (for tests and tools).
    public var json: EmulatorJSON? { EmulatorJSON.parse(.init(body)) }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
