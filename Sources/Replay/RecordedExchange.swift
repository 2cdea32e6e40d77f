import Foundation
import HAR
import NativeAuth
import NativeAuthWire

/// How Replay reads a recorded URL's path and cuts the authority the engine was configured with out of it
/// (endpoints are recognised with NativeAuthWire's lenient ``NativeAuthEndpoint/recognise(path:)``).
extension NativeAuthEndpoint {
    /// The path part of a URL string (no query or fragment), or nil when it is not a URL.
    static func urlPath(_ url: String) -> String? {
        guard let components = URLComponents(string: url) else { return nil }
        return components.percentEncodedPath
    }

    /// The URL up to (not including) the endpoint path: the authority the engine was configured with.
    public static func authority(of url: String, endpoint: NativeAuthEndpoint) -> String? {
        guard var components = URLComponents(string: url) else { return nil }
        components.query = nil
        components.fragment = nil
        let path = components.percentEncodedPath
        guard path.lowercased().hasSuffix(endpoint.path) || path.lowercased().hasSuffix(endpoint.path + "/")
        else { return nil }
        let cut = path.lowercased().hasSuffix("/") ? endpoint.path.count + 1 : endpoint.path.count
        components.percentEncodedPath = String(path.dropLast(cut))
        return components.string
    }
}

/// One recorded native-auth exchange: where it sits in the capture, its request and its response.
public struct RecordedExchange: Sendable {
    /// Index of the entry in `log.entries`.
    public var entryIndex: Int
    /// The endpoint.
    public var endpoint: NativeAuthEndpoint
    /// HTTP method.
    public var method: String
    /// Full request URL as recorded.
    public var url: String
    /// Decoded form fields, in recorded order.
    public var fields: [FormField]
    /// The request's `client-request-id` header, if any.
    public var clientRequestId: String?
    /// Response status (0 when no response was recorded).
    public var status: Int
    /// Response headers.
    public var responseHeaders: [(String, String)]
    /// Response body bytes.
    public var responseBody: [UInt8]
    /// The `_authtape` flow id, when the capture has one.
    public var flowId: String?
    /// The `_authtape` flow kind, when the capture has one.
    public var flowKind: String?
    /// The `_authtape.expectedOutcome` annotation (callback, error, newState), when present.
    public var annotatedOutcome: Outcome?
    /// When the request started, in seconds since 1970 (`startedDateTime`); nil when it cannot be read.
    public var startedAt: Double? = nil
    /// How long the exchange took, in seconds (`time`); nil when it is negative or absurd.
    public var duration: Double? = nil

    /// When the response ended, in seconds since 1970; nil when the timing is unknown.
    public var endedAt: Double? {
        guard let startedAt, let duration else { return nil }
        return startedAt + duration
    }

    /// The response makes MSAL resend the same request once: a 5xx, no response (status 0), or a
    /// 400/401 with a `WWW-Authenticate: PKeyAuth` challenge.
    var resendCause: ResendCause? {
        switch status {
        case 0: return .failure
        case 500...599: return .failure
        case 400, 401:
            let challenged = responseHeaders.contains {
                $0.0.lowercased() == "www-authenticate" && $0.1.lowercased().contains("pkeyauth")
            }
            return challenged ? .pkeyAuth : nil
        default: return nil
        }
    }

    /// Why MSAL resends a request: the transport's single retry (5xx or network failure share one
    /// counter), or its single answer to a PKeyAuth challenge.
    enum ResendCause { case failure, pkeyAuth }

    /// The first form field with this name.
    public func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    /// `grant_type`, if the request has one.
    public var grantType: String? { field("grant_type") }

    /// Top-level string members of the JSON response body (empty when it is not a JSON object).
    public var responseStrings: [String: String] { Self.jsonStrings(responseBody) }

    static func jsonStrings(_ body: [UInt8]) -> [String: String] {
        guard body.first(where: { $0 > 0x20 }) == UInt8(ascii: "{"), let value = try? JSONParser.parse(body),
            let object = value.objectValue
        else { return [:] }
        var strings: [String: String] = [:]
        for (key, member) in object { if let text = member.stringValue { strings[key] = text } }
        return strings
    }

    /// A short label such as `entries[3] POST /signup/v1.0/continue (grant_type=oob)`.
    public var label: String {
        var text = "entries[\(entryIndex)] \(method) \(endpoint.path)"
        if let grantType { text += " (grant_type=\(grantType))" }
        return text
    }
}

extension RecordedExchange {
    /// Reads the native-auth exchanges of a HAR document, in entry order; other entries are skipped.
    public static func exchanges(of document: HARDocument) -> [RecordedExchange] {
        var result: [RecordedExchange] = []
        for (index, entry) in document.log.entries.enumerated() {
            guard let path = NativeAuthEndpoint.urlPath(entry.request.url),
                let endpoint = NativeAuthEndpoint.recognise(path: path)
            else { continue }
            let body = (try? entry.request.postData?.bodyBytes()) ?? []
            var fields = FormCodec.decodeLeniently(bytes: body)
            if fields.isEmpty, let params = entry.request.postData?.params {
                fields = params.map { FormField($0.name, $0.value ?? "") }
            }
            var responseBody = (try? entry.response.content.bodyBytes()) ?? []
            if endpoint == .token { responseBody = PlaceholderStandIns.clientInfo(in: responseBody) }
            result.append(
                RecordedExchange(
                    entryIndex: index, endpoint: endpoint, method: entry.request.method.uppercased(), url: entry.request.url,
                    fields: fields,
                    clientRequestId: entry.request.headers.first { $0.name.lowercased() == "client-request-id" }?.value,
                    status: entry.response.status,
                    responseHeaders: entry.response.headers.map { ($0.name, $0.value) },
                    responseBody: responseBody, flowId: entry.authtape?.flowId, flowKind: entry.authtape?.flowKind,
                    annotatedOutcome: entry.authtape?.expectedOutcome.map {
                        Outcome(callback: $0.callback, error: $0.error, newState: $0.newState)
                    },
                    startedAt: CaptureTimestamp.seconds(entry.startedDateTime), duration: Self.duration(entry.time)))
        }
        return result
    }

    /// A HAR `time` (milliseconds) in seconds, when it is a plausible duration (0 to one day).
    static func duration(_ milliseconds: Double) -> Double? {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds <= 86_400_000 else { return nil }
        return milliseconds / 1000
    }
}

/// Stand-ins for redacted values whose shape the client checks. A redacted `client_info` (base64url JSON
/// with `uid` and `utid` in the original) would make every token success a caching failure for both the
/// engine and the oracle; it is replaced by a well-formed `client_info` built from the placeholder, so
/// the replay shows what the recorded client saw. Both judges see the same substituted bytes.
enum PlaceholderStandIns {
    static func clientInfo(in body: [UInt8]) -> [UInt8] {
        guard body.count < 1 << 20, let text = String(validating: body, as: UTF8.self), text.contains(Placeholder.prefix),
            case .object(var object)? = try? JSONParser.parse(body),
            let value = object["client_info"]?.stringValue, Placeholder.isPlaceholder(value)
        else { return body }
        let info: JSONValue = .object(["uid": .string(value), "utid": "replay-tenant"])
        object["client_info"] = .string(Base64URL.encode(info.serialized()))
        return JSONValue.object(object).serialized()
    }
}
