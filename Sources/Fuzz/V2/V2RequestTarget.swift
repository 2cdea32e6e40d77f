import Foundation
import Oracle

/// Where each request of a V2 action must go (spec native-auth-v2 §1.5, §1.9): a request the oracle's walk
/// sends on a link relation goes to the href the answer before it (in the same action) names for that
/// relation — the method's own `challenge` link when that answer offers one method — resolved against the
/// authority's origin as a client does (the origin of the case's first request, O1 on the authority), with
/// `PUT` for `update` (O11) and `POST` otherwise. Hops whose
/// link came from an earlier action's answer, fixed paths (O1, O2, O17) and hrefs that are no URL are not
/// checked. Read with the oracle's own reader (``V2OracleAnswer``); nothing here comes from the engine.
enum V2RequestTarget {
    /// One request that went elsewhere.
    struct Wrong: Equatable {
        /// Its index among the action's requests.
        var index: Int
        /// `METHOD url` the walk predicts, and what the engine sent.
        var expected: String
        var actual: String
    }

    /// The first of `sent` (the action's requests, one per hop of `prediction`) whose method or URL
    /// differs from the target the answer before it names, relative hrefs resolved against the origin of
    /// `authority` (a URL on it); nil when all agree.
    static func firstWrong(sent: [SentRequest], prediction: V2ChainPrediction, responses: [FuzzResponse], authority: String) -> Wrong? {
        guard let base = URL(string: authority).flatMap({ URL(string: "/", relativeTo: $0)?.absoluteURL }) else { return nil }
        for (index, hop) in prediction.hops.enumerated() where index > 0 && index < sent.count && index <= responses.count {
            guard case .link(let relation) = hop.request,
                  let target = target(relation: relation, after: responses[index - 1], base: base) else { continue }
            let request = sent[index]
            let actual = URL(string: request.url).flatMap(Target.init(url:))
            let method = relation == "update" ? "PUT" : "POST"
            if request.method.uppercased() != method || actual != target {
                return Wrong(index: index, expected: method + " " + target.text, actual: request.method + " " + request.url)
            }
        }
        return nil
    }

    /// The target of a request on `relation` after `answer` (relative to `base`), nil when the answer names
    /// no usable href.
    static func target(relation: String, after answer: FuzzResponse, base: URL) -> Target? {
        let read = V2OracleAnswer.read(Judge.raw(answer))
        var href = read.links[relation]
        // The challenge the client sends by itself goes to the one offered method's own link.
        if relation == "challenge", let methods = read.methods, methods.count == 1 { href = methods[0].challengeHref }
        guard let href = href?.trimmingCharacters(in: .whitespaces), !href.isEmpty,
              let url = URL(string: href, relativeTo: base)?.absoluteURL else { return nil }
        return Target(url: url)
    }

    /// Scheme, host, port and path of a URL (lower-cased scheme and host, default ports dropped).
    struct Target: Equatable {
        var scheme: String
        var host: String
        var port: Int?
        var path: String

        init?(url: URL) {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
            self.scheme = scheme
            self.host = host
            let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
            port = url.port == defaultPort ? nil : url.port
            path = url.path
        }

        var text: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") + path }
    }
}
