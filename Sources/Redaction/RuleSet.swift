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
        ("claims", "claims"),
    ]

    /// V2's JSON keys (native-auth-v2.md §5): camelCase, in JSON bodies only (form and query
    /// names stay V1's). `password`, `username`, `code` and `attributes` are V1's rules already.
    static let nativeAuthV2SecretKeys: [(key: String, kind: String)] = [
        ("continuationToken", "continuation_token"),
        ("newPassword", "password"),
        ("otp", "code"),
        ("authorizationCode", "code"),
        ("target", "challenge_target"),
        ("hint", "challenge_target_label"),
    ]

    /// JSON paths kept although a key rule names their last key: V2 error codes (`code` is
    /// otherwise an authorization or one-time code). Path rules win over key rules.
    static let nativeAuthKeptPaths: [String] = [
        "error.code", "error.innerError.code", "error.innerError.details[].code", "error.details[].code",
    ]

    /// The method-id segment of a V2 href or request path (`…/auth/methods/email/{id}/challenge`,
    /// `…/mfa/sms/{id}/challenge`, `…/register/sms/{id}/enroll`), one pattern per literal each
    /// match holds. Relation names in that place (`…/register/sms/enroll`) and URI-template
    /// variables stay.
    static let methodIDPathPatterns: [String] = [
        Patterns.methodIDAfterMethods, Patterns.methodIDAfterMFA, Patterns.methodIDAfterRegister,
    ]

    /// Fields kept as they are: identifiers of the flow, not of the user.
    static let nativeAuthKeptFields: [String] = [
        "client_id", "grant_type", "challenge_type", "scope", "error", "suberror", "error_codes",
        "code_length", "interval", "status", "poll_interval", "correlation_id", "trace_id",
        "timestamp", "token_type", "expires_in", "ext_expires_in", "binding_method",
        "challenge_channel", "capabilities", "required_attributes", "unverified_attributes",
        "invalid_attributes",
    ]

    /// Query parameters and form fields whose names say they carry a credential (SDK API keys, signed-URL
    /// signatures, session ids, tickets): `check` reports a long token in such a parameter, so
    /// `redact` replaces it (docs/redaction.md, "Where a long token counts").
    static let credentialQueryParameters: [String] = [
        "token", "auth_token", "authtoken", "apikey", "api_key", "key", "sig", "signature", "x-amz-signature",
        "x-amz-security-token", "x-goog-signature", "sessionid", "session_id", "session", "sid", "jsessionid",
        "phpsessid", "ticket", "code_verifier", "client_assertion", "assertion", "secret", "otp", "jwt", "auth",
        "csrftoken", "csrf_token", "xsrf_token", "_csrf",
    ]

    /// Form fields and query parameters whose value is a document of its own that carries
    /// credentials, replaced whole since what each member means is not known: Google sign-in's
    /// RPC payload `f.req` (the flow's session token first; the identifier and password at
    /// later steps), its BotGuard attestation `bgRequest`, and `deviceinfo` (device tokens).
    static let credentialDocumentFields: [String] = ["f.req", "bgrequest", "deviceinfo"]

    /// JSON keys of credentials (API keys echoed by SDK servers, session ids, PKCE verifiers).
    static let credentialJSONKeys: [String] = [
        "api_key", "apikey", "auth_token", "authtoken", "session_token", "sessionid", "session_id", "code_verifier",
        "client_assertion", "x-amz-security-token",
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
        // V2 names the selected method by a top-level `id` and lists ids under `_embedded`.
        rules.append(RedactionRule(name: "method-id-json", target: .jsonPath("id"), kind: "method_id"))
        rules.append(RedactionRule(name: "method-id-json", target: .jsonPath("_embedded.methods[].id"), kind: "method_id"))
        for path in nativeAuthKeptPaths {
            rules.append(RedactionRule(name: "keep-\(path)", target: .jsonPath(path), action: .keep, kind: "kept"))
        }
        for (key, kind) in nativeAuthV2SecretKeys {
            rules.append(RedactionRule(name: "\(key)-json", target: .jsonKey(key), kind: kind))
        }
        // A request's `attributes` object (V1 form string or V2 JSON object) has its values
        // replaced; V2 answers list attribute descriptions in an `attributes` array, walked
        // with the other rules (an array is not what this rule replaces).
        for target: RedactionRule.Target in [.formField("attributes"), .queryParameter("attributes"), .jsonKey("attributes")] {
            rules.append(RedactionRule(name: "attributes", target: target, action: .redactValuesInside, kind: "attribute"))
        }
        rules.append(RedactionRule(name: "authorization-header", target: .header("Authorization"), kind: "authorization"))
        rules.append(RedactionRule(name: "proxy-authorization-header", target: .header("Proxy-Authorization"), kind: "authorization"))
        // API keys and device attestation sent as headers by real apps and browsers.
        // Headers named like a token: anti-forgery tokens, session tokens, API clients' request tokens.
        for header in [
            "x-api-key", "api-key", "x-goog-api-key", "ocp-apim-subscription-key", "x-apple-i-md", "x-apple-i-md-m",
            "x-csrf-token", "x-xsrf-token", "csrf-token", "x-auth-token", "x-access-token", "x-session-token",
            "x-amz-security-token", "postman-token",
        ] {
            rules.append(RedactionRule(name: "\(header)-header", target: .header(header), kind: "api_key"))
        }
        rules.append(RedactionRule(name: "cookies", target: .cookie("*"), kind: "cookie"))
        // Google's JSON encoding of protobuf (JSPB) is positional: arrays without a name to say
        // which member is a token (device attestations and the integrity tokens issued for
        // them), so the whole body is replaced.
        rules.append(RedactionRule(name: "jspb-body", target: .bodyMIMEType("application/json+protobuf"), kind: "body"))
        for name in credentialQueryParameters {
            rules.append(RedactionRule(name: "\(name)-query", target: .queryParameter(name), kind: "credential"))
            rules.append(RedactionRule(name: "\(name)-field", target: .formField(name), kind: "credential"))
        }
        for name in credentialDocumentFields {
            rules.append(RedactionRule(name: "\(name)-field", target: .formField(name), kind: "credential"))
            rules.append(RedactionRule(name: "\(name)-query", target: .queryParameter(name), kind: "credential"))
        }
        // The same credentials as JSON keys, where the name cannot mean anything else.
        for key in credentialJSONKeys {
            rules.append(RedactionRule(name: "\(key)-json", target: .jsonKey(key), kind: "credential"))
        }
        for field in nativeAuthKeptFields {
            rules.append(RedactionRule(name: "keep-\(field)", target: .formField(field), action: .keep, kind: "kept"))
            // V2's `error` is an object whose `message` may quote an address: only its codes
            // are kept (above), the flat OAuth string needs no rule.
            if field != "error" {
                rules.append(RedactionRule(name: "keep-\(field)", target: .jsonKey(field), action: .keep, kind: "kept"))
            }
            rules.append(RedactionRule(name: "keep-\(field)", target: .queryParameter(field), action: .keep, kind: "kept"))
        }
        for header in ["client-request-id", "x-ms-request-id", "x-ms-correlation-id", "x-ms-clitelem", "content-type", "content-length", "content-encoding", "date"] {
            rules.append(RedactionRule(name: "keep-\(header)", target: .header(header), action: .keep, kind: "kept"))
        }
        for key in ["correlationId", "traceId"] {
            rules.append(RedactionRule(name: "keep-\(key)", target: .jsonKey(key), action: .keep, kind: "kept"))
        }
        for pattern in methodIDPathPatterns {
            rules.append(RedactionRule(name: "method-id-path", target: .pattern(pattern), kind: "method_id"))
        }
        // Google API keys and Firebase Cloud Messaging registration tokens, wherever they are
        // (protobuf bodies of browser sync and push services have no names to go by).
        rules.append(RedactionRule(name: "google-api-key", target: .pattern(Patterns.googleAPIKey), kind: "api_key"))
        rules.append(RedactionRule(name: "fcm-token", target: .pattern(Patterns.fcmToken), kind: "push_token"))
        rules.append(RedactionRule(name: "google-sync-id", target: .pattern(Patterns.googleSyncBirthday), kind: "account_id"))
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
    /// A Google API key: `AIza` and 35 base64url characters.
    public static let googleAPIKey = #"AIza[0-9A-Za-z_-]{35}"#
    /// A Firebase Cloud Messaging (formerly GCM) registration token: `APA91b` and its base64url
    /// body, with the app instance's id and `:` before it when present.
    public static let fcmToken = #"(?:[A-Za-z0-9_-]{11,64}:)?APA91b[A-Za-z0-9_-]{40,}"#
    /// Chrome sync's store id ("store birthday", `Z:AD` and standard base64), which the sync
    /// server hands to one account's browsers; it sits in protobuf bodies with no field name.
    public static let googleSyncBirthday = #"Z:AD[A-Za-z0-9+/]{40,}={0,2}"#
    /// An international phone number written with a leading `+`.
    public static let phone = #"\+[1-9](?:[ ()-]?[0-9]){7,14}"#
    /// The path segment after `/methods/<type>/`: a V2 method id (not a relation name, not a
    /// `{template}` variable).
    public static let methodIDAfterMethods = #"/methods/[A-Za-z]+/\K"# + methodIDSegment
    /// The path segment after `/mfa/<type>/`.
    public static let methodIDAfterMFA = #"/mfa/[A-Za-z]+/\K"# + methodIDSegment
    /// The path segment after `/register/<type>/`.
    public static let methodIDAfterRegister = #"/register/[A-Za-z]+/\K"# + methodIDSegment
    /// A path segment that is not one of V2's relation names.
    static let methodIDSegment = #"(?!(?i:challenge|verify|resend|recover|enroll|register|activate|poll|update|continue)(?![^/?#\s"'<>\\]))[^/?#\s"'<>{}\\]+"#
}
