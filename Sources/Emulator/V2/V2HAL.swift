import NativeAuthWire

/// Builds one HAL+JSON answer: plain members, then `_links`, then `_embedded.methods`.
struct V2HAL {
    private var pairs: [(String, EmulatorJSON)] = []
    private var links: [(String, EmulatorJSON)] = []
    private var methods: [EmulatorJSON]?

    /// `state`, `action` (when given) and `continuationToken`.
    init(_ state: V2State, _ action: V2Action? = nil, token: String) {
        pairs.append((V2Key.state, .string(state.rawValue)))
        if let action { pairs.append((V2Key.action, .string(action.rawValue))) }
        pairs.append((V2Key.continuationToken, .string(token)))
    }

    mutating func add(_ key: String, _ value: EmulatorJSON) { pairs.append((key, value)) }

    mutating func link(_ relation: V2LinkRelation, _ href: String) {
        links.append((relation.rawValue, Self.link(href)))
    }

    mutating func method(_ value: EmulatorJSON) { methods = (methods ?? []) + [value] }

    /// A link object `{"href": …}`.
    static func link(_ href: String) -> EmulatorJSON { .object([(V2Key.href, .string(href))]) }

    /// An `_embedded.methods[]` entry with its own links.
    static func method(id: String, type: V2MethodType, hint: String?, links: [(V2LinkRelation, String)]) -> EmulatorJSON {
        var pairs: [(String, EmulatorJSON)] = [(V2Key.id, .string(id)), (V2Key.type, .string(type.rawValue))]
        if let hint { pairs.append((V2Key.hint, .string(hint))) }
        pairs.append((V2Key.links, .object(links.map { ($0.0.rawValue, link($0.1)) })))
        return .object(pairs)
    }

    var json: EmulatorJSON {
        var all = pairs
        if !links.isEmpty { all.append((V2Key.links, .object(links))) }
        if let methods { all.append((V2Key.embedded, .object([(V2Key.methods, .array(methods))]))) }
        return .object(all)
    }
}

/// One V2 interaction request as the flow handlers see it.
struct V2Context {
    /// The tenant segment as the client sent it; every href is `/{tenant}/…`.
    let tenant: String
    let method: String
    let body: EmulatorJSON
    let correlationID: String
    let traceID: String
    let now: Double
    /// `scheme://host` of the request (for the absolute web-fallback link).
    let origin: String

    func string(_ key: String) -> String? { body[key]?.stringValue }

    func href(_ route: V2Route) -> String { "/\(tenant)\(V2Path.apiPrefix)\(route.path)" }

    var authorizeChallengeHref: String { "/\(tenant)\(V2Path.authorizeChallenge)" }
}

/// What an interaction handler returns; errors are thrown as ``V2Failure``.
enum V2Answer {
    /// `200` with a HAL body.
    case hal(EmulatorJSON)
    /// Web fallback, shaped by the profile's ``EmulatorConfig/NativeAuthV2/webFallbackSignal``.
    case webFallback(token: String)
}
