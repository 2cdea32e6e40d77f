import HAR
import NativeAuthWire

/// The native-auth V2 traffic of a capture as replay reads it: every ``V2RecordedExchange`` (O1, O2 and
/// the JSON interactions) and the O17 code exchanges (`/oauth2/v2.0/token` with
/// `grant_type=authorization_code`, which V1's reader would take as a token request), in entry order.
public enum V2Traffic {
    /// The V2 exchanges of `document`, O17 included, in entry order. A redacted `client_info` in an O17
    /// answer gets the same well-formed stand-in V1 replay gives it.
    public static func exchanges(of document: HARDocument) -> [V2RecordedExchange] {
        var result = V2RecordedExchange.exchanges(of: document)
        for (index, entry) in document.log.entries.enumerated() {
            guard let path = NativeAuthEndpoint.urlPath(entry.request.url) else { continue }
            let body = V2RequestBody(bytes: (try? entry.request.postData?.bodyBytes()) ?? [])
            guard isCodeExchange(path: path, body: body) else { continue }
            result.append(
                V2RecordedExchange(
                    entryIndex: index, method: entry.request.method, url: entry.request.url, path: path, body: body,
                    status: entry.response.status, responseHeaders: entry.response.headers.map { ($0.name, $0.value) },
                    responseBody: PlaceholderStandIns.clientInfo(in: (try? entry.response.content.bodyBytes()) ?? [])))
        }
        return result.sorted { $0.entryIndex < $1.entryIndex }
    }

    /// Whether a request is O17: the fixed token path with a form whose `grant_type` is `authorization_code`.
    public static func isCodeExchange(path: String, body: V2RequestBody) -> Bool {
        guard case .form(let fields) = body else { return false }
        let grant = fields.first { $0.name == V2Key.grantType }?.value
        return V2Exchange.operation(
            path: path, formContinuationToken: nil, formGrantType: grant, jsonContinuationToken: nil, followsLink: false)
            == .codeExchange
    }
}

extension V2RecordedExchange {
    /// Which operation the request is (spec native-auth-v2 §1.2).
    var operation: V2Exchange.Operation {
        V2Exchange.operation(
            path: path, formContinuationToken: formField(V2Key.continuationTokenForm),
            formGrantType: formField(V2Key.grantType), jsonContinuationToken: nil, followsLink: true) ?? .interaction
    }

    /// A form field of the request.
    func formField(_ name: String) -> String? {
        guard case .form(let fields) = body else { return nil }
        return fields.first { $0.name == name }?.value
    }

    /// A member of the request's JSON object.
    func jsonMember(_ name: String) -> JSONValue? {
        guard case .json(let object) = body else { return nil }
        return object[name]
    }

    /// The continuation token the request carries (JSON `continuationToken` or form `continuation_token`).
    var requestToken: String? {
        jsonMember(V2Key.continuationToken)?.stringValue ?? formField(V2Key.continuationTokenForm)
    }

    /// The answer as replay reads it.
    var answer: V2RecordedAnswer { V2RecordedAnswer(responseBody) }

    /// The request path with percent-escapes decoded, as ``V2Link/path`` holds advertised hrefs.
    var decodedPath: String { path.contains("%") ? (path.removingPercentEncoding ?? path) : path }
}

/// What inference reads of a recorded V2 answer: the shared ``V2Answer`` (state, action, token, code,
/// error, links) plus the challenge factor, the offered methods, the verified method's type and the
/// attribute ids asked for.
struct V2RecordedAnswer: Sendable {
    /// One offered method of a `challenge` answer.
    struct Method: Sendable, Hashable {
        var id: String
        var type: String
        /// The path of its `challenge` link, if any.
        var challengePath: String?
    }

    var answer: V2Answer
    var factor: String?
    var methods: [Method]
    /// The top-level `type` (the verified method's channel).
    var type: String?
    /// `attributes[].attributeId` of a `collectAttributes` answer.
    var attributeIds: [String]
    /// Whether the body is a JSON object with an `error` member (or no JSON object at all).
    var isError: Bool

    init(_ body: [UInt8]) {
        let value = try? JSONParser.parse(body)
        let node = value.map(V2ReplayJSONNode.init)
        answer = node.map(V2Answer.init) ?? V2Answer()
        factor = value?[V2Key.challengeContext]?[V2Key.authenticationFactor]?.stringValue
        type = value?[V2Key.type]?.stringValue
        methods = (value?[V2Key.embedded]?[V2Key.methods]?.arrayValue ?? []).compactMap { method in
            guard let id = method[V2Key.id]?.stringValue else { return nil }
            let href = method[V2Key.links]?["challenge"]?[V2Key.href]?.stringValue
            return Method(id: id, type: method[V2Key.type]?.stringValue ?? "", challengePath: href.map(V2Link.path(ofHref:)))
        }
        attributeIds = (value?[V2Key.attributes]?.arrayValue ?? []).compactMap {
            $0[V2Key.attributeID]?.stringValue ?? $0[V2Key.id]?.stringValue
        }
        isError = value?.objectValue == nil || value?[V2Key.error] != nil
    }

    /// The relations of the advertised links whose path is `path` (case-insensitively).
    func relations(at path: String) -> [String] {
        answer.links.filter { $0.path.lowercased() == path.lowercased() }.map(\.relation)
    }
}

/// HAR's JSON value as ``V2Answer`` reads it.
struct V2ReplayJSONNode: V2JSONReadable {
    var value: JSONValue
    func v2Member(_ key: String) -> V2ReplayJSONNode? { value[key].map(V2ReplayJSONNode.init) }
    var v2Members: [(key: String, value: V2ReplayJSONNode)] {
        value.objectValue?.map { (key: $0.key, value: V2ReplayJSONNode(value: $0.value)) } ?? []
    }
    var v2Elements: [V2ReplayJSONNode] { value.arrayValue?.map(V2ReplayJSONNode.init) ?? [] }
    var v2String: String? { value.stringValue }
}
