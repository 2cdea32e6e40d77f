/// An ordered collection of redaction rules.
public struct RuleSet: Sendable, Hashable {
    /// The rules, in order; for the same target the first rule wins.
    public var rules: [RedactionRule]

    public init(_ rules: [RedactionRule]) {
        self.rules = rules
    }

    /// This set followed by `other`'s rules; rules of `self` win on conflicts.
    public func adding(_ other: RuleSet) -> RuleSet {
        RuleSet(rules + other.rules)
    }
}

extension RuleSet {
    /// Fields whose values are secrets or personal data in native-auth traffic, with the kind
    /// of secret shown in their placeholders (native-auth-api.md §7).
    static let nativeAuthSecretFields: [(field: String, kind: String)] = [
        ("password", "password"),
        ("new_password", "password"),
        ("oob", "code"),
        ("continuation_token", "continuation_token"),
        ("refresh_token", "refresh_token"),
        ("access_token", "access_token"),
        ("id_token", "id_token"),
        ("client_info", "client_info"),
        ("username", "username"),
        ("challenge_target", "challenge_target"),
        ("challenge_target_label", "challenge_target_label"),
        ("login_hint", "login_hint"),
        ("code", "code"),
        ("client_secret", "client_secret"),
    ]

    /// Fields kept as they are: identifiers of the flow, not of the user.
    static let nativeAuthKeptFields: [String] = [
        "client_id", "grant_type", "challenge_type", "scope", "error", "suberror", "error_codes",
        "code_length", "interval", "status", "poll_interval", "correlation_id", "trace_id",
        "timestamp", "token_type", "expires_in", "ext_expires_in", "binding_method",
        "challenge_channel", "capabilities", "required_attributes", "unverified_attributes",
        "invalid_attributes",
    ]

    /// The built-in native-auth rule set, on by default.
    public static let nativeAuthDefaults: RuleSet = {
        var rules: [RedactionRule] = []
        for (field, kind) in nativeAuthSecretFields {
            rules.append(RedactionRule(name: "\(field)-json", target: .jsonKey(field), kind: kind))
            // In requests `client_info=true` is a flag; only the response value is secret.
            if field == "client_info" { continue }
            rules.append(RedactionRule(name: "\(field)-field", target: .formField(field), kind: kind))
            rules.append(RedactionRule(name: "\(field)-query", target: .queryParameter(field), kind: kind))
        }
        // The MFA challenge request names the chosen method by `id`; the introspect response
        // lists the same ids under `methods[].id`.
        rules.append(RedactionRule(name: "method-id-json", target: .jsonPath("methods[].id"), kind: "method_id"))
        rules.append(RedactionRule(name: "method-id-field", target: .formField("id"), kind: "method_id"))
        for target: RedactionRule.Target in [.formField("attributes"), .queryParameter("attributes"), .jsonKey("attributes")] {
            rules.append(RedactionRule(name: "attributes", target: target, action: .redactValuesInside, kind: "attribute"))
        }
        rules.append(RedactionRule(name: "authorization-header", target: .header("Authorization"), kind: "authorization"))
        rules.append(RedactionRule(name: "proxy-authorization-header", target: .header("Proxy-Authorization"), kind: "authorization"))
        rules.append(RedactionRule(name: "cookies", target: .cookie("*"), kind: "cookie"))
        for field in nativeAuthKeptFields {
            rules.append(RedactionRule(name: "keep-\(field)", target: .formField(field), action: .keep, kind: "kept"))
            rules.append(RedactionRule(name: "keep-\(field)", target: .jsonKey(field), action: .keep, kind: "kept"))
            rules.append(RedactionRule(name: "keep-\(field)", target: .queryParameter(field), action: .keep, kind: "kept"))
        }
        for header in ["client-request-id", "x-ms-request-id", "x-ms-correlation-id", "x-ms-clitelem", "content-type", "content-length", "content-encoding", "date"] {
            rules.append(RedactionRule(name: "keep-\(header)", target: .header(header), action: .keep, kind: "kept"))
        }
        rules.append(RedactionRule(name: "jwt", target: .pattern(Patterns.jwt), kind: "jwt"))
        rules.append(RedactionRule(name: "email", target: .pattern(Patterns.email), kind: "email"))
        rules.append(RedactionRule(name: "phone", target: .pattern(Patterns.phone), kind: "phone"))
        return RuleSet(rules)
    }()

    /// An empty set: nothing is redacted.
    public static let empty = RuleSet([])
}

/// The regular expressions of the built-in rules, shared with documentation and tests.
public enum Patterns {
    /// A JSON Web Token: three base64url segments, the first a JSON header (`eyJ`).
    public static let jwt = #"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"#
    /// An e-mail address.
    public static let email = #"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"#
    /// An international phone number written with a leading `+`.
    public static let phone = #"\+[1-9](?:[ ()-]?[0-9]){7,14}"#
}
