import Foundation
import HAR
import NativeAuthWire

/// Compares a V2 request with a recorded ``V2RecordedExchange``, for `authtape mock` and anything else
/// that answers V2 clients from a capture.
///
/// - method: equal, case-insensitively;
/// - path: a fixed path (authorize-challenge) by its suffix, host and tenant ignored, as clients build
///   it from their own authority; a server-driven href segment by segment, case-insensitively, where a
///   recorded placeholder segment (a redacted method id) matches any value under `.wildcard`; the query
///   is not compared;
/// - body: JSON members compared member by member, recursively (order ignored, numbers by value, a
///   recorded placeholder matching any value under `.wildcard`); form fields as ``RequestMatcher``
///   compares them.
///
/// Headers are not compared. Differences name JSON members by their dotted path (`attributes.password`)
/// and never show a JSON value that is not a placeholder.
public struct V2RequestMatcher: Sendable {
    /// The placeholder policy.
    public var placeholders: RequestMatcher.PlaceholderPolicy

    /// Creates a matcher.
    public init(placeholders: RequestMatcher.PlaceholderPolicy) {
        self.placeholders = placeholders
    }

    public typealias Difference = RequestMatcher.Difference

    /// Whether a sent request matches a recorded one.
    public func matches(method: String, path: String, body: V2RequestBody, recorded: V2RecordedExchange) -> Bool {
        differences(method: method, path: path, body: body, recorded: recorded).isEmpty
    }

    /// The differences between a sent request and a recorded one (empty when they match). When the paths
    /// differ, only the method and the path are reported.
    public func differences(method: String, path: String, body: V2RequestBody, recorded: V2RecordedExchange)
        -> [Difference]
    {
        var result: [Difference] = []
        if method.uppercased() != recorded.method {
            result.append(Difference(field: "method", recorded: recorded.method, sent: method.uppercased()))
        }
        guard pathMismatches(path, recorded: recorded.path) == 0 else {
            result.append(
                Difference(field: "path", recorded: recorded.path, sent: V2PathDisplay.masked(path, against: recorded.path)))
            return result
        }
        switch (body, recorded.body) {
        case (.json(let sent), .json(let expected)):
            compare(sent: .object(sent), recorded: .object(expected), field: "", into: &result)
        case (.form(let sent), .form(let expected)):
            result += RequestMatcher(placeholders: placeholders).fieldDifferences(sent: sent, recorded: expected)
        case (.empty, .empty):
            break
        default:
            result.append(Difference(field: "body", recorded: recorded.body.kind, sent: body.kind))
        }
        return result
    }

    /// The recorded request nearest to a sent one: the same path first (then the fewest differing path
    /// segments), then the same method, then the fewest differing members.
    public func closest(method: String, path: String, body: V2RequestBody, among candidates: [V2RecordedExchange])
        -> (exchange: V2RecordedExchange, differences: [Difference])?
    {
        var best: (exchange: V2RecordedExchange, differences: [Difference], score: Int)?
        for candidate in candidates {
            let differences = differences(method: method, path: path, body: body, recorded: candidate)
            let mismatches = pathMismatches(path, recorded: candidate.path)
            let score = (mismatches == 0 ? 0 : 1000 + mismatches * 10)
                + (method.uppercased() == candidate.method ? 0 : 100) + differences.count
            if best.map({ score < $0.score }) ?? true { best = (candidate, differences, score) }
        }
        return best.map { ($0.exchange, $0.differences) }
    }

    /// A sent path as diagnostics and logs may show it: segments equal to the recorded path's,
    /// placeholders, version segments and V2's own words (`api`, `signin`, relation names, method types)
    /// as sent; any other segment (a method id, a foreign tenant) as `…`.
    public static func displayPath(_ sent: String, against recorded: String) -> String {
        V2PathDisplay.masked(sent, against: recorded)
    }

    /// How many segments of two paths differ (0 when they match; each extra segment counts; a fixed path
    /// that is not matched differs in every segment).
    func pathMismatches(_ sent: String, recorded: String) -> Int {
        let a = V2PathDisplay.segments(sent)
        let b = V2PathDisplay.segments(recorded)
        if let fixed = V2Exchange.fixedPath(of: recorded) {
            return V2Exchange.fixedPath(of: sent) == fixed ? 0 : max(a.count, b.count)
        }
        let differing = zip(a, b).count(where: { !segmentMatches(sent: $0, recorded: $1) })
        return differing + abs(a.count - b.count)
    }

    func segmentMatches(sent: Substring, recorded: Substring) -> Bool {
        let s = V2PathDisplay.decoded(sent)
        let r = V2PathDisplay.decoded(recorded)
        if s.lowercased() == r.lowercased() { return true }
        return placeholders == .wildcard && Placeholder.isPlaceholder(r)
    }

    private func compare(sent: JSONValue?, recorded: JSONValue?, field: String, into result: inout [Difference]) {
        if placeholders == .wildcard, sent != nil, let text = recorded?.stringValue, Placeholder.isPlaceholder(text) {
            return
        }
        switch (sent, recorded) {
        case (.object(let a)?, .object(let b)?):
            var names = b.keys
            names += a.keys.filter { b[$0] == nil }
            for name in names {
                compare(sent: a[name], recorded: b[name], field: field.isEmpty ? name : field + "." + name, into: &result)
            }
        case (.array(let a)?, .array(let b)?) where a.count == b.count:
            for index in a.indices {
                compare(sent: a[index], recorded: b[index], field: "\(field)[\(index)]", into: &result)
            }
        default:
            if let sent, let recorded, RequestMatcher.sameJSON(sent, recorded) { return }
            result.append(
                Difference(field: field, recorded: recorded.map(Self.text), sent: sent.map(Self.text), hidden: true))
        }
    }

    private static func text(_ value: JSONValue) -> String { value.stringValue ?? value.serializedString() }
}

/// A sent V2 path as diagnostics show it: segments that equal the recorded one's, placeholders and V2's
/// own words are shown; anything else (a method id, a foreign tenant) becomes `…`.
enum V2PathDisplay {
    /// The non-empty segments of a path (no query).
    static func segments(_ path: String) -> [Substring] {
        let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        return path[..<end].split(separator: "/")
    }

    static func decoded(_ segment: Substring) -> String { String(segment).removingPercentEncoding ?? String(segment) }

    static let words: Set<String> = {
        var words: Set<String> = [
            "api", "oauth2", "auth", "methods", "mfa", "signin", "signup", "resetpassword", "start", "submit",
            "submitattributes", "risk", "phone", "authorize-challenge", "token",
        ]
        words.formUnion(V2LinkRelation.known.map { $0.rawValue.lowercased() })
        words.formUnion(V2MethodType.known.map(\.rawValue))
        return words
    }()

    static func isVersion(_ segment: String) -> Bool {
        guard segment.hasPrefix("v"), let digit = segment.dropFirst().first, digit.isASCII, digit.isNumber else {
            return false
        }
        return segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    static func masked(_ sent: String, against recorded: String) -> String {
        let expected = segments(recorded)
        let shown = segments(sent).enumerated().map { index, segment -> String in
            let text = decoded(segment)
            let same = index < expected.count && decoded(expected[index]).lowercased() == text.lowercased()
            if same || Placeholder.isPlaceholder(text) || words.contains(text.lowercased()) || isVersion(text.lowercased()) {
                return text
            }
            return "…"
        }
        return "/" + shown.joined(separator: "/")
    }
}
