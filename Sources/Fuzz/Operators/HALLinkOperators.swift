import NativeAuthWire

// HAL link operators (spec native-auth-v2 §1.5, §1.9): each changes one link of a V2 answer — top-level
// `_links`, an embedded method's `_links`, or a flat entry link of the O1 answer — and leaves V1 answers alone.

extension HAL {
    /// The prologue of every link operator: the answer as a V2 object and one of the links `among` gives
    /// for it (every link by default), picked with `random`; nil when the answer is no V2 object or has none.
    static func pickLink(_ response: FuzzResponse, _ context: MutationContext, random: inout FuzzRandom,
                         among: (JSONNode) -> [HALLink] = HAL.links) -> (node: JSONNode, link: HALLink)? {
        guard let node = HAL.object(response, context) else { return nil }
        let links = among(node)
        guard !links.isEmpty else { return nil }
        return (node, random.pick(links))
    }
}

/// Drops one link.
public struct HALLinkDropOperator: MutationOperator {
    public var name: String { "halLinkDrop" }
    public var weight: Int { 3 }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let (node, link) = HAL.pickLink(response, context, random: &random) else { return nil }
        return Mutated(Body.with(response, node.updating(at: link.path[...]) { _ in nil }), "dropped \(link.label)")
    }
}

/// Renames one link's relation: another known relation, a case change, a snake_case spelling or an
/// unknown suffix (the client no longer finds the relation it follows).
public struct HALLinkRenameOperator: MutationOperator {
    public var name: String { "halLinkRename" }
    public var weight: Int { 2 }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let (node, link) = HAL.pickLink(response, context, random: &random) else { return nil }
        let siblings = Set(node.value(at: link.container)?.members?.map(\.key) ?? [])
        let known = V2LinkRelation.known.map(\.rawValue).filter { !siblings.contains($0) }
        var candidates = [HALLinkRenameOperator.capitalised(link.relation), link.relation + "V2"]
        // The wire vocabulary's camelCase → snake_case spelling (`submitAttributes` → `submit_attributes`).
        let snake = V2ErrorCode(link.relation).snakeCase
        if snake != link.relation { candidates.append(snake) }
        if !known.isEmpty { candidates.append(random.pick(known)) }
        let choices = candidates.filter { !siblings.contains($0) && $0 != link.relation }
        guard !choices.isEmpty else { return nil }
        let renamed = random.pick(choices)
        let out = node.updating(at: link.container[...]) { holder in
            guard case .object(let members) = holder else { return holder }
            var done = false
            return .object(members.map { member -> (key: String, value: JSONNode) in
                guard !done, member.key == link.relation else { return member }
                done = true
                return (renamed, member.value)
            })
        }
        return Mutated(Body.with(response, out), "renamed \(link.label) → \(renamed)")
    }

    static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return "X" }
        let upper = first.uppercased()
        return upper == String(first) ? first.lowercased() + text.dropFirst() : upper + text.dropFirst()
    }
}

/// Makes one href a URI template: a path segment becomes `{id}`, or `{?dc}` is appended; a link object
/// also gets `templated: true` (Android drops templated links, iOS and JS ignore the flag, §1.3).
public struct HALHrefTemplatedOperator: MutationOperator {
    public var name: String { "halHrefTemplated" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let (node, link) = HAL.pickLink(response, context, random: &random, among: HAL.hrefLinks) else { return nil }
        let query = random.chance(30)
        let out = HAL.changingHref(of: link, in: node, templated: true) { href in
            query ? href + "{?dc}" : HALHrefTemplatedOperator.templatingSegment(href)
        }
        return Mutated(Body.with(response, out), "\(link.label) templated (\(query ? "{?dc}" : "{id}"))")
    }

    /// The href with its last-but-one path segment (the method id of `…/{id}/verify`) as `{id}`, or
    /// `/{id}` appended when the path has fewer than two segments.
    static func templatingSegment(_ href: String) -> String {
        let (origin, rest) = HAL.split(href)
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let original = parts.first.map(String.init) ?? rest
        var segments = original.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let named = segments.indices.filter { !segments[$0].isEmpty }
        let path: String
        if named.count >= 2 {
            segments[named[named.count - 2]] = "{id}"
            path = segments.joined(separator: "/")
        } else {
            path = (original.hasSuffix("/") ? String(original.dropLast()) : original) + "/{id}"
        }
        return (origin ?? "") + path + (parts.count > 1 ? "?" + parts[1] : "")
    }
}

/// Makes one relative href absolute on the origin the client talks to (§1.9: iOS and JS take any
/// absolute http(s) href as is, Android only on the authority's host).
public struct HALHrefAbsoluteOperator: MutationOperator {
    public var name: String { "halHrefAbsolute" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let origin = context.origin,
              let (node, link) = HAL.pickLink(response, context, random: &random, among: { node in
                  HAL.hrefLinks(node).filter { HAL.href(of: $0, in: node).map { HAL.split($0).origin == nil } ?? false }
              }) else { return nil }
        let out = HAL.changingHref(of: link, in: node) { origin + HAL.split($0).rest }
        return Mutated(Body.with(response, out), "\(link.label) absolute")
    }
}

/// Points one href at another origin: a foreign host, a look-alike of the authority, or the same host
/// on another port (a client that validates the target refuses it, §1.9).
public struct HALHrefOtherOriginOperator: MutationOperator {
    public var name: String { "halHrefOtherOrigin" }
    public init() {}
    static let origins = ["https://attacker.example", "https://login.microsoftonline.com.attacker.example", "https://127.0.0.1:1"]
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let (node, link) = HAL.pickLink(response, context, random: &random, among: HAL.hrefLinks) else { return nil }
        let other = random.pick(HALHrefOtherOriginOperator.origins.filter { $0 != context.origin })
        let out = HAL.changingHref(of: link, in: node) { other + HAL.split($0).rest }
        return Mutated(Body.with(response, out), "\(link.label) on \(other)")
    }
}

/// Downgrades one href to `http:` on its own host (or the served one for a relative href); Android
/// refuses plain http outside mock mode, iOS and JS follow it (§1.9).
public struct HALHrefHTTPOperator: MutationOperator {
    public var name: String { "halHrefHTTP" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        let served = context.origin.flatMap(HAL.authority(of:))
        guard let (node, link) = HAL.pickLink(response, context, random: &random, among: { node in
            HAL.hrefLinks(node).filter { link in
                guard let href = HAL.href(of: link, in: node) else { return false }
                return HAL.split(href).origin.flatMap(HAL.authority(of:)) != nil || served != nil
            }
        }) else { return nil }
        let out = HAL.changingHref(of: link, in: node) { href in
            let (origin, rest) = HAL.split(href)
            return "http://" + (origin.flatMap(HAL.authority(of:)) ?? served ?? "") + rest
        }
        return Mutated(Body.with(response, out), "\(link.label) http:")
    }
}

/// Adds a relation no client knows to `_links` (creating `_links` when the answer has none): unknown
/// relations must not break parsing (§1.3).
public struct HALUnknownRelationOperator: MutationOperator {
    public var name: String { "halUnknownRelation" }
    public init() {}
    static let relations = ["x-fuzz", "verifyPasskey", "urn:fuzz:next", "curies"]
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = HAL.object(response, context) else { return nil }
        let existing = node[V2Key.links]
        guard existing == nil || existing?.members != nil else { return nil }
        let taken = Set(existing?.members?.map(\.key) ?? [])
        let free = HALUnknownRelationOperator.relations.filter { !taken.contains($0) }
        guard !free.isEmpty else { return nil }
        let relation = random.pick(free)
        let link = JSONNode.object([(V2Key.href, .string("/fuzz/api/v2.0/unknown/\(relation)"))])
        let value: JSONNode = random.chance(25) ? .array([link]) : link
        let links = JSONNode.object((existing?.members ?? []) + [(relation, value)])
        return Mutated(Body.with(response, node.setting(V2Key.links, to: links)), "added \(V2Key.links).\(relation)")
    }
}
