import Foundation

/// A parsed JSON value as ``V2Answer`` reads it. NativeAuthWire has no JSON parser of its own: a module
/// that has one wraps its value in a small type conforming to this.
public protocol V2JSONReadable {
    /// The value of member `key` of an object; nil for a missing member or a value that is not an object.
    func v2Member(_ key: String) -> Self?
    /// The members of an object, in order; empty for a value that is not an object.
    var v2Members: [(key: String, value: Self)] { get }
    /// The elements of an array; empty for a value that is not an array.
    var v2Elements: [Self] { get }
    /// The text of a string value; nil for any other value.
    var v2String: String? { get }
}

/// A link an answer advertises: its relation and the path of its href.
public struct V2Link: Sendable, Hashable {
    /// The relation as advertised, the flat entry spellings (`sign_in`…) given their HAL names (`signIn`…).
    public var relation: String
    /// The href's path: no scheme, host, query or fragment, percent-decoded (see ``V2Link/path(ofHref:)``).
    public var path: String

    /// Creates a link.
    public init(relation: String, path: String) {
        self.relation = relation
        self.path = path
    }

    /// The path of an href, relative (`/t/api/…?dc=x`) or absolute (`https://h/t/api/…`): what a request
    /// that follows it names in its request line, minus the query.
    public static func path(ofHref href: String) -> String {
        var rest = Substring(href)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        let path = String(rest)
        return path.contains("%") ? (path.removingPercentEncoding ?? path) : path
    }

    /// The HAL name of an entry relation's flat spelling; any other relation as it is.
    public static func normalised(_ relation: String) -> String {
        if let index = V2LinkRelation.flatEntries.firstIndex(of: V2LinkRelation(relation)) {
            return V2LinkRelation.halEntries[index].rawValue
        }
        return relation
    }
}

/// What flow grouping, the console and the inspector read of a V2 answer (spec native-auth-v2 §1.3,
/// §1.5, §1.6): `state`, `action`, the flow handle, the authorization code, the error codes and the links.
public struct V2Answer: Sendable, Hashable {
    public var state: String?
    public var action: String?
    /// `continuationToken`, else the O1 answer's `continuation_token`.
    public var continuationToken: String?
    /// The O2 answer's authorization code (`code`, Android also `authorizationCode`).
    public var code: String?
    /// The outer error code: nested `error.code` or a flat `error` string.
    public var errorCode: String?
    /// `error.innerError.code` of the nested envelope.
    public var innerErrorCode: String?
    /// The advertised links: each `_embedded.methods[]` method's, then the flat entry links, then `_links`
    /// (later ones name a path when two relations share it). A relation holding an array gives its first
    /// link with an href; `curies` is skipped.
    public var links: [V2Link]

    /// Reads the answer from a JSON body (an empty answer when the body is not an object).
    public init<Node: V2JSONReadable>(_ body: Node) {
        state = body.v2Member(V2Key.state)?.v2String
        action = body.v2Member(V2Key.action)?.v2String
        continuationToken =
            body.v2Member(V2Key.continuationToken)?.v2String ?? body.v2Member(V2Key.continuationTokenForm)?.v2String
        code = body.v2Member(V2Key.code)?.v2String ?? body.v2Member(V2Key.authorizationCode)?.v2String
        let error = body.v2Member(V2Key.error)
        errorCode = error?.v2String ?? error?.v2Member(V2Key.code)?.v2String
        innerErrorCode = error?.v2Member(V2Key.innerError)?.v2Member(V2Key.code)?.v2String
        var links: [V2Link] = []
        for method in body.v2Member(V2Key.embedded)?.v2Member(V2Key.methods)?.v2Elements ?? [] {
            if let methodLinks = method.v2Member(V2Key.links) { links += Self.links(in: methodLinks) }
        }
        for relation in V2LinkRelation.flatEntries {
            if let href = body.v2Member(relation.rawValue)?.v2String {
                links.append(V2Link(relation: V2Link.normalised(relation.rawValue), path: V2Link.path(ofHref: href)))
            }
        }
        if let own = body.v2Member(V2Key.links) { links += Self.links(in: own) }
        self.links = links
    }

    /// Creates an answer from its parts.
    public init(
        state: String? = nil, action: String? = nil, continuationToken: String? = nil, code: String? = nil,
        errorCode: String? = nil, innerErrorCode: String? = nil, links: [V2Link] = []
    ) {
        self.state = state
        self.action = action
        self.continuationToken = continuationToken
        self.code = code
        self.errorCode = errorCode
        self.innerErrorCode = innerErrorCode
        self.links = links
    }

    private static func links<Node: V2JSONReadable>(in object: Node) -> [V2Link] {
        var links: [V2Link] = []
        for (relation, value) in object.v2Members where relation != "curies" {
            let candidates = value.v2Elements.isEmpty ? [value] : value.v2Elements
            guard let href = candidates.lazy.compactMap({ $0.v2Member(V2Key.href)?.v2String }).first else { continue }
            links.append(V2Link(relation: V2Link.normalised(relation), path: V2Link.path(ofHref: href)))
        }
        return links
    }
}
