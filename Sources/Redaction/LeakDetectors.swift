import Foundation

/// The shape detectors of the leak scanner, compiled once.
struct LeakDetectors: Sendable {
    let jwt: PCRE2Pattern
    let longToken: PCRE2Pattern
    let email: PCRE2Pattern
    let phone: PCRE2Pattern

    /// Field names whose values are one-time codes.
    static let codeFields: Set<String> = ["oob", "code", "otp", "one_time_code", "verification_code"]
    /// Field names whose values are passwords or tokens whatever their shape.
    static let secretFields: Set<String> = [
        "password", "new_password", "continuation_token", "refresh_token", "access_token",
        "id_token", "client_info", "authorization", "cookie", "set-cookie", "client_secret",
    ]

    /// What a watched field holds.
    enum FieldKind { case code, secret }

    /// Whether `name` is one of `codeFields` or `secretFields`, and which. Most field names have
    /// a length none of them has, and are turned away without hashing (a look-up per string
    /// scanned).
    static func watchedKind(_ name: String) -> FieldKind? {
        let count = name.utf8.count
        guard count < 64, watchedLengths & (1 << UInt64(count)) != 0 else { return nil }
        if codeFields.contains(name) { return .code }
        return secretFields.contains(name) ? .secret : nil
    }

    /// Bit n set when a watched field name has n bytes.
    private static let watchedLengths: UInt64 = codeFields.union(secretFields).reduce(0) { $0 | (1 << UInt64($1.utf8.count)) }

    init() {
        // These patterns are fixed and valid; a failure here is a programming error.
        do {
            jwt = try PCRE2Pattern(#"[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"#, name: "leak-jwt")
            longToken = try PCRE2Pattern(#"[A-Za-z0-9+/_-]{32,}={0,2}"#, name: "leak-long-token")
            email = try PCRE2Pattern(#"[^\s@"'<>(),;:=&?/]+@[A-Za-z0-9*-]+(?:\.[A-Za-z0-9*-]+)*\.[A-Za-z*]{2,}"#, name: "leak-email")
            phone = try PCRE2Pattern(#"\+\d[\d ()-]{6,18}\d"#, name: "leak-phone")
        } catch {
            fatalError("built-in leak detector did not compile: \(error)")
        }
    }

    /// Whether a dotted token's first segment decodes to a JSON object header (a JWT).
    static func isJWT(_ candidate: Substring) -> Bool {
        guard let dot = candidate.firstIndex(of: ".") else { return false }
        guard let header = base64URLDecode(candidate[..<dot]) else { return false }
        let text = String(decoding: header, as: UTF8.self)
        return text.hasPrefix("{") && text.contains("\"alg\"")
    }

    /// Whether a long run of token characters mixes lower case, upper case and digits,
    /// as keys, tokens and base64 data do (identifiers in hex or words do not).
    static func isHighEntropy(_ candidate: Substring) -> Bool {
        var lower = false, upper = false, digit = false
        for byte in candidate.utf8 {
            switch byte {
            case 97...122: lower = true
            case 65...90: upper = true
            case 48...57: digit = true
            default: break
            }
        }
        return lower && upper && digit
    }

    static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    /// A preview that shows the shape of a value without revealing it.
    static func mask(_ value: Substring) -> String {
        let count = value.count
        if count <= 4 { return "\(count) characters" }
        return "\(value.prefix(2))… (\(count) characters)"
    }
}
