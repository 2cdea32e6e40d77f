import NativeAuthWire

/// The protocol an exchange belongs to: V1 (flat OAuth-style JSON, native-auth-api) or V2 (HAL+JSON,
/// native-auth-v2 §1.3).
public enum WireDialect: String, Sendable, Hashable {
    case v1, v2
}

/// One step into a JSON value: an object member (the first of that name) or an array element.
package enum JSONStep: Hashable {
    case key(String)
    case index(Int)
}

extension JSONNode {
    /// The value at `path`, nil when a step does not exist.
    package func value(at path: [JSONStep]) -> JSONNode? {
        var node = self
        for step in path {
            switch step {
            case .key(let key):
                guard let next = node[key] else { return nil }
                node = next
            case .index(let index):
                guard case .array(let items) = node, items.indices.contains(index) else { return nil }
                node = items[index]
            }
        }
        return node
    }

    /// A copy with the value at `path` replaced by `change(value)`, or removed (member or element) when
    /// `change` returns nil; unchanged when the path does not exist. The empty path changes the whole value.
    func updating(at path: ArraySlice<JSONStep>, _ change: (JSONNode) -> JSONNode?) -> JSONNode {
        guard let first = path.first else { return change(self) ?? self }
        let rest = path.dropFirst()
        switch (first, self) {
        case (.key(let key), .object(var members)):
            guard let index = members.firstIndex(where: { $0.key == key }) else { return self }
            if !rest.isEmpty {
                members[index].value = members[index].value.updating(at: rest, change)
            } else if let value = change(members[index].value) {
                members[index].value = value
            } else {
                members.remove(at: index)
            }
            return .object(members)
        case (.index(let index), .array(var items)):
            guard items.indices.contains(index) else { return self }
            if !rest.isEmpty {
                items[index] = items[index].updating(at: rest, change)
            } else if let value = change(items[index]) {
                items[index] = value
            } else {
                items.remove(at: index)
            }
            return .array(items)
        default:
            return self
        }
    }
}

/// One link of a V2 answer: a relation of the top-level `_links`, of an embedded method's `_links`, or
/// a flat entry link of the O1 answer (`sign_in`, `sign_up`, `reset_password`, spec §1.5).
struct HALLink: Hashable {
    /// The object that holds the relation.
    var container: [JSONStep]
    var relation: String
    /// Where the link is, for details: `_links.verify`, `_embedded.methods[1]._links.challenge`, `sign_in`.
    var label: String

    /// The relation's own path.
    var path: [JSONStep] { container + [.key(relation)] }
}

/// Reading and changing the HAL parts of a V2 answer (spec native-auth-v2 §1.3, §1.5).
package enum HAL {
    /// Members only a V2 answer has.
    static let markers: Set<String> = [
        V2Key.state, V2Key.action, V2Key.links, V2Key.embedded, V2Key.continuationToken, V2Key.challengeContext,
    ]
    static let flatEntries = Set(V2LinkRelation.flatEntries.map(\.rawValue))

    /// Whether a JSON object is shaped like a V2 answer: a HAL member, a flat entry link, a nested
    /// `error` object, or the O2 answer's `code` (no V1 answer has any of these).
    package static func looksV2(_ node: JSONNode) -> Bool {
        guard let members = node.members else { return false }
        for member in members {
            if markers.contains(member.key) || flatEntries.contains(member.key) { return true }
            if member.key == V2Key.error, member.value.members != nil { return true }
        }
        return node[V2Key.code]?.stringValue != nil && node[V2Key.error] == nil
    }

    /// The body as a JSON object when the answer is a V2 one (by the exchange's dialect or by its
    /// shape); nil for V1 answers, faults and bodies that are not a JSON object.
    static func object(_ response: FuzzResponse, _ context: MutationContext) -> JSONNode? {
        guard let node = Body.object(response, context) else { return nil }
        return context.dialect == .v2 || looksV2(node) ? node : nil
    }

    /// Every link of the answer, in document order (a relation listed twice counts once).
    static func links(_ node: JSONNode) -> [HALLink] {
        var found: [HALLink] = []
        for member in node.members ?? [] where flatEntries.contains(member.key) && member.value.stringValue != nil {
            if !found.contains(where: { $0.container.isEmpty && $0.relation == member.key }) {
                found.append(HALLink(container: [], relation: member.key, label: member.key))
            }
        }
        found += relations(in: node, at: [.key(V2Key.links)], label: V2Key.links)
        if case .array(let methods)? = node.value(at: [.key(V2Key.embedded), .key(V2Key.methods)]) {
            for index in methods.indices {
                let container: [JSONStep] = [.key(V2Key.embedded), .key(V2Key.methods), .index(index), .key(V2Key.links)]
                found += relations(in: node, at: container, label: "\(V2Key.embedded).\(V2Key.methods)[\(index)].\(V2Key.links)")
            }
        }
        return found
    }

    private static func relations(in node: JSONNode, at container: [JSONStep], label: String) -> [HALLink] {
        var seen: Set<String> = []
        var found: [HALLink] = []
        for member in node.value(at: container)?.members ?? [] where seen.insert(member.key).inserted {
            found.append(HALLink(container: container, relation: member.key, label: "\(label).\(member.key)"))
        }
        return found
    }

    /// The href of a link: the flat string, the object's `href`, or the first link object's of an array.
    static func href(of link: HALLink, in node: JSONNode) -> String? {
        switch node.value(at: link.path) {
        case .string(let text)?: text
        case .object?: node.value(at: link.path + [.key(V2Key.href)])?.stringValue
        case .array(let items)?: items.first?[V2Key.href]?.stringValue
        default: nil
        }
    }

    /// The links whose href is a string.
    static func hrefLinks(_ node: JSONNode) -> [HALLink] {
        links(node).filter { href(of: $0, in: node) != nil }
    }

    /// `node` with the href of `link` replaced by `change(href)`; `templated` also sets the link
    /// object's `templated: true` (a flat link has no object to carry it).
    static func changingHref(of link: HALLink, in node: JSONNode, templated: Bool = false, _ change: (String) -> String) -> JSONNode {
        func changed(_ object: JSONNode) -> JSONNode {
            guard let href = object[V2Key.href]?.stringValue else { return object }
            let out = object.setting(V2Key.href, to: .string(change(href)))
            return templated ? out.setting(V2Key.templated, to: .bool(true)) : out
        }
        return node.updating(at: link.path[...]) { value in
            switch value {
            case .string(let text): return .string(change(text))
            case .object: return changed(value)
            case .array(var items):
                if let first = items.first { items[0] = changed(first) }
                return .array(items)
            default: return value
            }
        }
    }

    /// An href split into its origin (`https://host:port`, nil for a relative href) and the rest
    /// (path and query, always starting with `/`).
    static func split(_ href: String) -> (origin: String?, rest: String) {
        guard let scheme = href.range(of: "://") else { return (nil, href.hasPrefix("/") ? href : "/" + href) }
        let afterScheme = href[scheme.upperBound...]
        guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return (href, "/") }
        let rest = String(href[slash...])
        return (String(href[..<slash]), rest.hasPrefix("/") ? rest : "/" + rest)
    }

    /// The host (and port) of an origin: `https://a.b:8443` → `a.b:8443`.
    static func authority(of origin: String) -> String? {
        guard let scheme = origin.range(of: "://") else { return nil }
        let host = String(origin[scheme.upperBound...])
        return host.isEmpty ? nil : host
    }

    /// The continuation token of the answer (camelCase, else the O1 answer's snake_case).
    static func token(_ node: JSONNode) -> String? {
        node[V2Key.continuationToken]?.stringValue ?? node[V2Key.continuationTokenForm]?.stringValue
    }
}
