import Foundation
import HAR
import NativeAuthWire

/// The body of a native-auth V2 request: a JSON object (the interactions at advertised hrefs), a form (the
/// authorize-challenge calls and the code exchange) or nothing.
public enum V2RequestBody: Sendable, Hashable {
    /// A JSON object, members in body order.
    case json(JSONObject)
    /// Form fields in body order.
    case form([FormField])
    /// No body.
    case empty

    /// Reads a body: a JSON object when the bytes hold one, otherwise form fields (empty bytes: ``empty``).
    public init(bytes: [UInt8]) {
        if bytes.allSatisfy({ $0 <= 0x20 }) {
            self = .empty
        } else if bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "{"), let object = try? JSONParser.parse(bytes).objectValue {
            self = .json(object)
        } else {
            self = .form(FormCodec.decodeLeniently(bytes: bytes))
        }
    }

    /// `a JSON object`, `a form` or `no body` (never a value).
    var kind: String {
        switch self {
        case .json: "a JSON object"
        case .form: "a form"
        case .empty: "no body"
        }
    }
}

/// One recorded native-auth V2 exchange that ``RecordedExchange`` does not cover: an authorize-challenge
/// call (O1 start, O2 resume; form body) or a JSON interaction at a server-driven href (O3–O16, `POST` or
/// `PUT`, a `continuationToken` member). The code exchange (O17) goes to `/oauth2/v2.0/token`, V1's token
/// endpoint, with a form body: ``RecordedExchange`` reads it.
public struct V2RecordedExchange: Sendable {
    /// Index of the entry in `log.entries`.
    public var entryIndex: Int
    /// HTTP method, uppercased.
    public var method: String
    /// Full request URL as recorded.
    public var url: String
    /// The URL's percent-encoded path as recorded (no query).
    public var path: String
    /// The request body.
    public var body: V2RequestBody
    /// Response status (0 when no response was recorded).
    public var status: Int
    /// Response headers.
    public var responseHeaders: [(String, String)]
    /// Response body bytes.
    public var responseBody: [UInt8]

    /// Creates a value.
    public init(
        entryIndex: Int, method: String, url: String, path: String, body: V2RequestBody, status: Int,
        responseHeaders: [(String, String)], responseBody: [UInt8]
    ) {
        self.entryIndex = entryIndex
        self.method = method.uppercased()
        self.url = url
        self.path = path
        self.body = body
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }

    /// A short label such as `entries[3] PUT /t/api/v2.0/resetpassword/update` (the recorded path: in a
    /// redacted capture its method ids are placeholders).
    public var label: String { "entries[\(entryIndex)] \(method) \(path)" }

    /// Whether a request to `path` with `body` is V2 traffic that ``RecordedExchange`` does not read:
    /// the authorize-challenge endpoint, or a JSON object carrying a `continuationToken` (every V2
    /// interaction does) at a path that is no V1 endpoint.
    public static func isV2(path: String, body: V2RequestBody) -> Bool {
        if V2Exchange.isAuthorizeChallenge(path) { return true }
        guard NativeAuthEndpoint.recognise(path: path) == nil, case .json(let object) = body else { return false }
        return object[V2Key.continuationToken] != nil
    }
}

extension V2RecordedExchange {
    /// Reads the V2 exchanges of a HAR document (see ``isV2(path:body:)``), in entry order.
    public static func exchanges(of document: HARDocument) -> [V2RecordedExchange] {
        var result: [V2RecordedExchange] = []
        for (index, entry) in document.log.entries.enumerated() {
            guard let path = NativeAuthEndpoint.urlPath(entry.request.url) else { continue }
            let body = V2RequestBody(bytes: (try? entry.request.postData?.bodyBytes()) ?? [])
            guard isV2(path: path, body: body) else { continue }
            result.append(
                V2RecordedExchange(
                    entryIndex: index, method: entry.request.method, url: entry.request.url, path: path, body: body,
                    status: entry.response.status, responseHeaders: entry.response.headers.map { ($0.name, $0.value) },
                    responseBody: (try? entry.response.content.bodyBytes()) ?? []))
        }
        return result
    }
}
