/// An HTTP response of a native-auth endpoint: status, headers and raw body, with decoding on demand.
///
/// Nothing is decoded until asked, so callers can classify a response in whatever order their rules need
/// (status first, then redirect, then the error envelope, …).
public struct WireResponse: Hashable, Sendable {
    /// HTTP status code.
    public var statusCode: Int
    /// Response headers in order (names as received), as name/value pairs.
    public var headers: [FormField]
    /// Raw body bytes.
    public var body: [UInt8]

    /// Creates the value from its parts.
    public init(statusCode: Int, headers: [FormField] = [], body: [UInt8]) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// A response whose body is the UTF-8 of `text`.
    public init(statusCode: Int, headers: [FormField] = [], text: String) {
        self.init(statusCode: statusCode, headers: headers, body: Array(text.utf8))
    }

    /// A JSON response built from `json` (adds `Content-Type: application/json; charset=utf-8`).
    public init(statusCode: Int, json: WireJSON, headers: [FormField] = []) {
        self.init(
            statusCode: statusCode,
            headers: [FormField(WireHeader.contentType, WireHeader.jsonContentType)] + headers,
            text: json.serialized())
    }

    /// A 200 response with `success` as body.
    public static func success(_ success: WireSuccess) -> WireResponse {
        WireResponse(statusCode: 200, json: success.json)
    }

    /// A 400 response with `envelope` as body.
    public static func error(_ envelope: WireErrorEnvelope) -> WireResponse {
        WireResponse(statusCode: 400, json: envelope.json)
    }

    /// The first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name.lowercased() == lower }?.value
    }

    /// Whether the status is exactly 200 (the only success MSAL iOS accepts, spec §2.2).
    public var isOK: Bool { statusCode == 200 }

    /// The body parsed as a JSON object.
    public func parsedBody() throws(WireBodyError) -> WireBody { try WireBody.parse(body) }

    /// The body decoded as a success view.
    public func decodeSuccess() throws(WireResponseError) -> WireSuccess {
        let body: WireBody
        do { body = try parsedBody() } catch { throw .body(error) }
        do { return try WireSuccess(body: body) } catch { throw .field(error) }
    }

    /// The body decoded as an error envelope.
    public func decodeError() throws(WireResponseError) -> WireErrorEnvelope {
        let body: WireBody
        do { body = try parsedBody() } catch { throw .body(error) }
        do { return try WireErrorEnvelope(body: body) } catch { throw .field(error) }
    }
}

/// Why a response body could not be decoded into a typed view.
public enum WireResponseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The body is not a JSON object.
    case body(WireBodyError)
    /// A field is missing or mistyped.
    case field(WireFieldError)

    public var description: String {
        switch self {
        case .body(let error): error.description
        case .field(let error): error.description
        }
    }
}
