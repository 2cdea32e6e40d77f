import Foundation

extension Character {
    /// An ASCII digit.
    var isASCIIDigit: Bool { asciiValue.map { $0 &- UInt8(ascii: "0") < 10 } ?? false }
}

/// The shape detectors of the leak scanner, compiled once.
struct LeakDetectors: Sendable {
    let jwt: PCRE2Pattern
    let longToken: PCRE2Pattern
    let email: PCRE2Pattern
    let phone: PCRE2Pattern
    /// The segment after `/methods/<type>/`, `/mfa/<type>/` or `/register/<type>/`: written
    /// apart from the redaction rules' patterns, as every detector is.
    let methodID: PCRE2Pattern

    /// Field names whose values are one-time codes.
    static let codeFields: Set<String> = ["oob", "code", "otp", "one_time_code", "verification_code"]
    /// Field names whose values are passwords or tokens whatever their shape (V1's snake_case
    /// and V2's camelCase keys, lowercased).
    static let secretFields: Set<String> = [
        "password", "new_password", "continuation_token", "refresh_token", "access_token",
        "id_token", "client_info", "authorization", "proxy-authorization", "cookie", "set-cookie", "client_secret",
        "continuationtoken", "newpassword", "authorizationcode",
    ]
    /// Field names whose values are identifiers masked by the server (V2's `hint`,
    /// `a***x@e*****e.com`): partial personal data when they hold a `*`.
    static let maskedFields: Set<String> = ["hint", "challenge_target_label"]
    /// Headers whose values are request, trace or cache identifiers of servers and CDNs, or
    /// public keys and tokens meant to be public: not secrets, whatever their shape. Only the
    /// long-token detector is silenced there.
    static let identifierFields: Set<String> = [
        "x-amz-cf-id", "x-amz-id-2", "x-amz-request-id", "x-amz-version-id", "x-amzn-requestid", "x-amzn-trace-id",
        "cf-ray", "x-request-id", "request-id", "x-ms-request-id", "x-ms-correlation-id", "client-request-id",
        "x-correlation-id", "correlation-id", "traceparent", "tracestate", "x-b3-traceid", "x-b3-spanid",
        "x-cloud-trace-context", "x-trace-id", "x-datadog-trace-id", "x-fb-debug", "x-fb-trace-id", "x-msedge-ref",
        "x-azure-ref", "x-cache", "x-served-by", "x-timer", "x-cdn-backend", "etag", "if-none-match",
        "public-key-pins", "public-key-pins-report-only", "origin-trial", "x-client-data", "x-goog-trace-id",
        "report-to", "nel", "_requestid",
    ]

    /// What a watched field holds.
    enum FieldKind { case code, secret, masked }

    /// Whether `name` is one of `codeFields`, `secretFields` or `maskedFields`, and which. Most
    /// field names have a length none of them has, and are turned away without hashing (a
    /// look-up per string scanned).
    static func watchedKind(_ name: String) -> FieldKind? {
        let count = name.utf8.count
        guard count < 64, watchedLengths & (1 << UInt64(count)) != 0 else { return nil }
        if codeFields.contains(name) { return .code }
        if secretFields.contains(name) { return .secret }
        return maskedFields.contains(name) ? .masked : nil
    }

    /// Bit n set when a watched field name has n bytes.
    private static let watchedLengths: UInt64 = codeFields.union(secretFields).union(maskedFields)
        .reduce(0) { $0 | (1 << UInt64($1.utf8.count)) }

    /// Whether a header of this (lowercased) name holds an identifier, not a secret.
    static func isIdentifierField(_ name: String?) -> Bool {
        guard let name, let first = name.utf8.first, first == UInt8(ascii: "x") || identifierFirstBytes.contains(first) else {
            return false
        }
        return identifierFields.contains(name)
    }

    private static let identifierFirstBytes: Set<UInt8> = Set(identifierFields.compactMap(\.utf8.first))

    /// The literals a V2 method-id path holds (`/methods/`, `/mfa/`, `/register/`).
    static let methodPathLiterals: [[UInt8]] = ["/methods/", "/mfa/", "/register/"].map { Array($0.utf8) }

    init() {
        // These patterns are fixed and valid; a failure here is a programming error.
        do {
            jwt = try PCRE2Pattern(#"[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"#, name: "leak-jwt")
            longToken = try PCRE2Pattern(#"[A-Za-z0-9+/_-]{32,}={0,2}"#, name: "leak-long-token")
            email = try PCRE2Pattern(#"[^\s@"'<>(),;:=&?/]+@[A-Za-z0-9*-]+(?:\.[A-Za-z0-9*-]+)*\.[A-Za-z*]{2,}"#, name: "leak-email")
            phone = try PCRE2Pattern(#"\+[1-9][\d ()-]{6,18}\d"#, name: "leak-phone")
            methodID = try PCRE2Pattern(#"/(?:methods|mfa|register)/[A-Za-z]+/\K[^/?#\s"'<>{}\\]+"#, name: "leak-method-id")
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

    /// Whether a long-token candidate (already cut around placeholders) looks like a key or
    /// token: some piece between slashes of 16 bytes or more mixes at least two each of lower
    /// case, upper case and digits. URL paths (`io/harviewer/issue-62/css/harViewer`) and
    /// JSONP callback names (`jQuery1111039…_1424574938474`) do not.
    static func looksLikeToken(_ candidate: Substring) -> Bool {
        candidate.utf8.split(separator: UInt8(ascii: "/")).contains { piece in
            guard piece.count >= 16 else { return false }
            var lower = 0, upper = 0, digit = 0
            for byte in piece {
                if byte &- 97 < 26 { lower += 1 } else if byte &- 65 < 26 { upper += 1 } else if byte &- 48 < 10 { digit += 1 }
            }
            return lower >= 2 && upper >= 2 && digit >= 2
        }
    }

    /// Whether an e-mail candidate ends in a file extension (`logo@2x.png`: an image name).
    static func isFileName(_ candidate: Substring) -> Bool {
        guard let dot = candidate.lastIndex(of: ".") else { return false }
        return fileExtensions.contains(candidate[candidate.index(after: dot)...].lowercased())
    }

    private static let fileExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico", "bmp", "css", "js", "json", "html", "htm", "woff", "woff2",
        "mp4", "webm", "pdf",
    ]

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

    /// `candidate` cut at every placeholder in it (`REDACTED-<kind>-<n>`), placeholders left
    /// out; `[candidate]` when it holds none.
    static func piecesAroundPlaceholders(_ candidate: Substring) -> [Substring] {
        guard candidate.utf8.count >= PlaceholderTable.prefix.utf8.count, candidate.contains(PlaceholderTable.prefix) else {
            return [candidate]
        }
        var pieces: [Substring] = []
        var rest = candidate
        while let found = rest.range(of: PlaceholderTable.prefix) {
            pieces.append(rest[..<found.lowerBound])
            // The kind, a dash and the number.
            var end = found.upperBound
            var lastDash: Substring.Index?
            while end < rest.endIndex, let ascii = rest[end].asciiValue,
                PlaceholderTable.isKindByte(ascii) || ascii == UInt8(ascii: "-")
            {
                if ascii == UInt8(ascii: "-") { lastDash = end }
                end = rest.index(after: end)
            }
            guard let dash = lastDash, rest[rest.index(after: dash)..<end].allSatisfy(\.isASCIIDigit), rest.index(after: dash) < end else {
                // Not a placeholder after all: keep it in the piece that follows.
                pieces.append(rest[found.lowerBound..<end])
                rest = rest[end...]
                continue
            }
            rest = rest[end...]
        }
        pieces.append(rest)
        return pieces
    }

    /// Whether a path segment found by `methodID` is a relation name (`…/register/sms/enroll`)
    /// rather than an id.
    static func isRelationName(_ segment: Substring) -> Bool {
        relationNames.contains(segment.lowercased())
    }

    private static let relationNames: Set<String> = [
        "challenge", "verify", "resend", "recover", "enroll", "register", "activate", "poll", "update", "continue",
    ]

    /// Whether a value in a `code` field looks like an authorization code rather than an error
    /// code (`invalidGrant`): long, no space, mixing cases and digits.
    static func isAuthorizationCode(_ value: String, shape count: Int) -> Bool {
        count >= 20 && !value.utf8.contains(0x20) && isHighEntropy(Substring(value))
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
