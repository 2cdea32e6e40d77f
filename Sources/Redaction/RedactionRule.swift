/// One redaction rule: where a value is found, and what happens to it.
///
/// Names (form fields, query parameters, headers, cookies, JSON keys) match
/// case-insensitively.
public struct RedactionRule: Sendable, Hashable {
    /// Where the rule looks.
    public enum Target: Sendable, Hashable {
        /// A field of an `application/x-www-form-urlencoded` body (request or response).
        case formField(String)
        /// A query parameter of the request URL.
        case queryParameter(String)
        /// An HTTP header, request or response.
        case header(String)
        /// A cookie by name in `Cookie` and `Set-Cookie` headers and HAR cookie lists; `*` is every cookie.
        case cookie(String)
        /// A JSON object key at any depth of a JSON body.
        case jsonKey(String)
        /// A JSON path from the root, such as `methods[].id` (`[]` is any array element).
        case jsonPath(String)
        /// A regular expression applied inside every string value that no other rule decided.
        case pattern(String)
        /// A whole body, by MIME type (`image/png`, or a prefix such as `image/*`).
        case bodyMIMEType(String)
    }

    /// What the rule does with the value it finds.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        /// Replace the value with a placeholder.
        case redact
        /// Keep the value as it is; no pattern rule runs over it either.
        case keep
        /// The value is a JSON object (possibly sent as a string, like native auth's
        /// `attributes`): keep its keys and replace every scalar value inside it. A JSON array
        /// found there is not replaced: its elements get the other rules (V2 answers list
        /// attribute descriptions in an `attributes` array).
        case redactValuesInside = "redact-values-inside"
    }

    /// A name for messages, for example `password-field`.
    public var name: String
    /// Where the rule looks.
    public var target: Target
    /// What it does.
    public var action: Action
    /// The kind of secret, shown in placeholders, for example `password`.
    public var kind: String

    public init(name: String, target: Target, action: Action = .redact, kind: String) {
        self.name = name
        self.target = target
        self.action = action
        self.kind = kind
    }
}

extension RedactionRule.Target {
    /// The name a named target matches, lowercased; nil for patterns and MIME types.
    var lowercasedName: String? {
        switch self {
        case .formField(let name), .queryParameter(let name), .header(let name), .cookie(let name),
            .jsonKey(let name), .jsonPath(let name):
            return name.lowercased()
        case .pattern, .bodyMIMEType:
            return nil
        }
    }
}
