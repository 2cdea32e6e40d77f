import HAR
import NativeAuthWire

/// Compares a request with a recorded one: method, endpoint path (host and tenant ignored) and form
/// fields. Field order does not matter; space-separated lists (`challenge_type`, `scope`,
/// `capabilities`) compare as sets; JSON fields (`attributes`, `claims`) compare as JSON; headers,
/// including the volatile `client-request-id`, are not compared.
public struct RequestMatcher: Sendable {
    /// How recorded redaction placeholders match.
    public enum PlaceholderPolicy: Sendable {
        /// A placeholder matches only itself (replay: the engine sends the script's placeholders).
        case exact
        /// A placeholder matches any value (mock: a real client sends real secrets).
        case wildcard
    }

    /// The placeholder policy.
    public var placeholders: PlaceholderPolicy
    /// Form fields ignored entirely.
    public var ignoredFields: Set<String>

    /// Creates a matcher.
    public init(placeholders: PlaceholderPolicy, ignoredFields: Set<String> = []) {
        self.placeholders = placeholders
        self.ignoredFields = ignoredFields
    }

    static let setFields: Set<String> = ["challenge_type", "scope", "capabilities", "capability"]
    static let jsonFields: Set<String> = ["attributes", "claims"]
    /// Fields whose values are shown in diagnostics only when they are placeholders.
    static let secretFields: Set<String> = [
        "password", "new_password", "oob", "code", "code_verifier", "continuation_token", "refresh_token",
        "username", "challenge_target", "attributes", "id", "claims",
    ]

    /// One differing field.
    public struct Difference: Sendable, Hashable, CustomStringConvertible {
        /// Field (or `method` / `endpoint`).
        public var field: String
        /// The recorded value, nil when the recorded request lacks it.
        public var recorded: String?
        /// The value sent, nil when the request lacks it.
        public var sent: String?
        /// Whether the values are hidden whatever the field (V2's JSON members), placeholders excepted.
        public var hidden = false

        /// `field: recorded "x", sent "y"`, secrets hidden unless they are placeholders.
        public var description: String {
            "\(field): recorded \(show(recorded)), sent \(show(sent))"
        }

        func show(_ value: String?) -> String {
            guard let value else { return "nothing" }
            if Placeholder.isPlaceholder(value) || !(hidden || RequestMatcher.secretFields.contains(field)) {
                return "\"\(value)\""
            }
            return "a \(value.count)-character value (hidden)"
        }
    }

    /// The differences between a sent request and a recorded one (empty when they match).
    public func differences(method: String, endpoint: NativeAuthEndpoint?, fields: [FormField], recorded: RecordedExchange)
        -> [Difference]
    {
        var result: [Difference] = []
        if method.uppercased() != recorded.method {
            result.append(Difference(field: "method", recorded: recorded.method, sent: method))
        }
        if endpoint != recorded.endpoint {
            result.append(Difference(field: "endpoint", recorded: recorded.endpoint.path, sent: endpoint?.path ?? "another path"))
            return result
        }
        return result + fieldDifferences(sent: fields, recorded: recorded.fields)
    }

    /// The differing form fields of two bodies, by name (empty when they match).
    func fieldDifferences(sent fields: [FormField], recorded: [FormField]) -> [Difference] {
        var result: [Difference] = []
        let sent = grouped(fields)
        let expected = grouped(recorded)
        for name in (Set(sent.keys).union(expected.keys)).sorted() where !ignoredFields.contains(name) {
            let a = sent[name] ?? []
            let b = expected[name] ?? []
            if a.count != b.count || !zip(b, a).allSatisfy({ valuesMatch(recorded: $0, sent: $1, field: name) }) {
                result.append(Difference(field: name, recorded: b.first, sent: a.first))
            }
        }
        return result
    }

    /// Whether a sent request matches a recorded one.
    public func matches(method: String, endpoint: NativeAuthEndpoint?, fields: [FormField], recorded: RecordedExchange) -> Bool {
        guard endpoint == recorded.endpoint, method.uppercased() == recorded.method else { return false }
        // Pair fields by name in order of appearance; no dictionaries on this hot path.
        var used = [Bool](repeating: false, count: fields.count)
        var pairedCount = 0
        for expected in recorded.fields where !ignoredFields.contains(expected.name) {
            guard let index = fields.indices.first(where: { !used[$0] && fields[$0].name == expected.name }),
                valuesMatch(recorded: expected.value, sent: fields[index].value, field: expected.name)
            else { return false }
            used[index] = true
            pairedCount += 1
        }
        return pairedCount == fields.count(where: { !ignoredFields.contains($0.name) })
    }

    private func grouped(_ fields: [FormField]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for field in fields { result[field.name, default: []].append(field.value) }
        return result
    }

    func valuesMatch(recorded: String, sent: String, field: String) -> Bool {
        if recorded == sent { return true }
        if placeholders == .wildcard, Placeholder.isPlaceholder(recorded) { return true }
        if Self.setFields.contains(field) {
            return Set(ScriptInference.words(recorded)) == Set(ScriptInference.words(sent))
        }
        if Self.jsonFields.contains(field), let a = try? JSONParser.parse(recorded), let b = try? JSONParser.parse(sent) {
            return Self.sameJSON(a, b)
        }
        return false
    }

    /// JSON equality ignoring member order and number spelling.
    static func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.objectValue, let y = b.objectValue {
            guard x.count == y.count else { return false }
            return x.allSatisfy { member in y[member.key].map { sameJSON(member.value, $0) } ?? false }
        }
        if let x = a.arrayValue, let y = b.arrayValue {
            return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
        }
        if let x = a.doubleValue, let y = b.doubleValue, a.stringValue == nil, b.stringValue == nil { return x == y }
        return a == b
    }
}
