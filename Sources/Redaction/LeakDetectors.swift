import Foundation
import HAR
import NativeAuthWire

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
    /// public keys, server challenges (a Digest `nonce`) and tokens meant to be public: not secrets, whatever their shape. Only the
    /// long-token detector is silenced there.
    static let identifierFields: Set<String> = [
        "x-amz-cf-id", "x-amz-id-2", "x-amz-request-id", "x-amz-version-id", "x-amzn-requestid", "x-amzn-trace-id",
        "cf-ray", "x-request-id", "request-id", "x-ms-request-id", "x-ms-correlation-id", "client-request-id",
        "x-correlation-id", "correlation-id", "traceparent", "tracestate", "x-b3-traceid", "x-b3-spanid",
        "x-cloud-trace-context", "x-trace-id", "x-datadog-trace-id", "x-fb-debug", "x-fb-trace-id", "x-msedge-ref",
        "x-azure-ref", "x-cache", "x-served-by", "x-timer", "x-cdn-backend", "etag", "if-none-match",
        "public-key-pins", "public-key-pins-report-only", "origin-trial", "x-client-data", "x-goog-trace-id",
        "report-to", "nel", "_requestid", "www-authenticate",
    ]

    /// What a watched field holds.
    enum FieldKind { case code, secret, masked }

    /// Whether `name` is one of `codeFields`, `secretFields` or `maskedFields`, and which. Most
    /// field names have a length none of them has, and are turned away without hashing (a
    /// look-up per string scanned).
    /// The rest is a comparison of bytes with the few names of the same length: hashing the
    /// name (`Set.contains`) cost more than the rest of the look-up. The names are ASCII, and
    /// no other text is canonically equal to an ASCII text, so comparing bytes is `==`.
    static func watchedKind(_ name: String) -> FieldKind? {
        let count = name.utf8.count
        guard count < 64, watchedLengths & (1 << UInt64(count)) != 0 else { return nil }
        var copy = name
        return copy.withUTF8 { bytes -> FieldKind? in
            for (watched, kind) in watchedByLength[count] where watched.elementsEqual(bytes) { return kind }
            return nil
        }
    }

    /// Bit n set when a watched field name has n bytes.
    private static let watchedLengths: UInt64 = codeFields.union(secretFields).union(maskedFields)
        .reduce(0) { $0 | (1 << UInt64($1.utf8.count)) }

    /// The watched names by length in bytes (0 to 63), each with its kind.
    private static let watchedByLength: [[(name: [UInt8], kind: FieldKind)]] = {
        var table = [[(name: [UInt8], kind: FieldKind)]](repeating: [], count: 64)
        let all: [(Set<String>, FieldKind)] = [(codeFields, .code), (secretFields, .secret), (maskedFields, .masked)]
        for (names, kind) in all {
            for name in names.sorted() where name.utf8.count < 64 { table[name.utf8.count].append((Array(name.utf8), kind)) }
        }
        return table
    }()

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
            return lower >= 2 && upper >= 2 && digit >= 2 && !isHexWithDashes(piece) && !holdsAlphabet(piece) && !isFramedGUID(piece)
        }
    }

    /// Whether bytes are a GUID (8-4-4-4-12 hex digits) with at most two letters on either
    /// side: an id in a protobuf body, where a tag byte such as `z` or `R` touches the value
    /// (`z00000146-9b6d-1d2e-0000-0000539c866dRF`), not a key.
    static func isFramedGUID(_ bytes: some Collection<UInt8>) -> Bool {
        let all = Array(bytes)
        guard all.count >= 36, all.count <= 40 else { return false }
        for start in 0...min(2, all.count - 36) where all.count - start - 36 <= 2 {
            let guid = all[start..<(start + 36)]
            let frame = all[..<start] + all[(start + 36)...]
            if frame.allSatisfy({ $0 &- 97 < 26 || $0 &- 65 < 26 }), isGUID(guid) { return true }
        }
        return false
    }

    /// Whether 36 bytes are hex digits grouped 8-4-4-4-12 by dashes.
    static func isGUID(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        return bytes.enumerated().allSatisfy { offset, byte in
            [8, 13, 18, 23].contains(offset) ? byte == UInt8(ascii: "-") : JSONCursor.hexValue(byte) != nil
        }
    }

    /// Whether bytes hold ten letters of the alphabet in order: a base64 or base32 alphabet
    /// written in a script (`"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef…"`), not a key.
    static func holdsAlphabet(_ bytes: some Collection<UInt8>) -> Bool {
        var run = 1
        var previous: UInt8 = 0
        for byte in bytes {
            run = byte == previous &+ 1 && (byte &- 97 < 26 || byte &- 65 < 26) ? run + 1 : 1
            if run >= 10 { return true }
            previous = byte
        }
        return false
    }

    /// Whether bytes are hex digits and dashes only: a hash or GUID (`D27CDB6E-AE6D-11cf-…`, a
    /// COM class id in page scripts), an identifier whatever its letters' case.
    static func isHexWithDashes(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.allSatisfy { JSONCursor.hexValue($0) != nil || $0 == UInt8(ascii: "-") }
    }

    /// Whether a long token is the start of image data in base64 (PNG, JPEG, GIF, WebP): a
    /// picture, not a key.
    static func isImageBase64(_ candidate: Substring) -> Bool {
        imageBase64Prefixes.contains { candidate.utf8.starts(with: $0.utf8) }
    }

    private static let imageBase64Prefixes = ["iVBORw0KGgo", "/9j/", "R0lGOD", "UklGR"]

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
        let prefix = Placeholder.prefixBytes
        let utf8 = candidate.utf8
        guard utf8.count >= prefix.count else { return [candidate] }
        // Candidates are runs of ASCII token bytes: the prefix is searched as bytes.
        let spans = utf8.withContiguousStorageIfAvailable { bytes in prefixedSpans(in: bytes) } ?? prefixedSpans(in: Array(utf8))
        guard !spans.isEmpty else { return [candidate] }
        func piece(_ from: Int, _ to: Int) -> Substring {
            candidate[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)]
        }
        var pieces: [Substring] = []
        var from = 0
        for span in spans {
            pieces.append(piece(from, span.range.lowerBound))
            // Not a placeholder after all: a piece of its own.
            if !span.isPlaceholder { pieces.append(piece(span.range.lowerBound, span.range.upperBound)) }
            from = span.range.upperBound
        }
        pieces.append(piece(from, utf8.count))
        return pieces
    }

    /// The spans of `bytes` that start with the placeholder prefix and run over the kind
    /// bytes and dashes after it, in order, and whether each is a placeholder
    /// (`REDACTED-<kind>-<n>`: a dash and digits at its end).
    static func prefixedSpans(in bytes: UnsafeBufferPointer<UInt8>) -> [(range: Range<Int>, isPlaceholder: Bool)] {
        let prefix = Placeholder.prefixBytes
        var spans: [(range: Range<Int>, isPlaceholder: Bool)] = []
        var from = 0
        while let found = ByteSearch.firstIndex(of: prefix, in: bytes, from: from) {
            // The kind, a dash and the number.
            var end = found + prefix.count
            var lastDash: Int?
            while end < bytes.count, PlaceholderTable.isKindByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") {
                if bytes[end] == UInt8(ascii: "-") { lastDash = end }
                end += 1
            }
            let isPlaceholder = lastDash.map { dash in dash + 1 < end && bytes[(dash + 1)..<end].allSatisfy { $0 &- UInt8(ascii: "0") < 10 } } ?? false
            spans.append((found..<end, isPlaceholder))
            from = end
        }
        return spans
    }

    static func prefixedSpans(in bytes: [UInt8]) -> [(range: Range<Int>, isPlaceholder: Bool)] {
        bytes.withUnsafeBufferPointer { prefixedSpans(in: $0) }
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

    /// A base64 body's bytes, read as leniently as HAR readers do (authtape's own included):
    /// white space skipped, padding optional, the URL-safe alphabet accepted. A body whose
    /// trailing `=` were left out (the replace-everywhere pass writes an edited body without
    /// padding when the original had none) is still looked inside, not judged as one token.
    static func base64BodyDecode(_ text: String) -> Data? {
        Base64.decode(text, whiteSpace: .skipped).map { Data($0) }
    }

    static func base64URLDecode(_ text: Substring) -> Data? { Base64URL.decode(text).map { Data($0) } }

    /// A preview that shows the shape of a value without revealing it.
    static func mask(_ value: Substring) -> String {
        let count = value.count
        if count <= 4 { return "\(count) characters" }
        return "\(value.prefix(2))… (\(count) characters)"
    }
}

/// Where a long token counts (docs/redaction.md, "Where a long token counts"): shape alone
/// cannot tell a script's content hash from a key, so in a URL only the value of a parameter
/// whose name says it holds a credential is judged; path segments and other parameters
/// (`/k=gaia.…/am=AANY…/`, `?xai=AKAO…`) are not. Outside URLs a long token counts as before.
extension LeakDetectors {
    /// Whether the long token that starts at UTF-8 offset `start` of `text`, in a field of
    /// this (lowercased) name, counts as one. A value of a HAR `queryString` or
    /// `postData.params` list is judged by its parameter's name; a form body (`formText`), a
    /// text in a URL field (`url`, `_url`, `redirectURL`, `Referer`, `:path`…) or a word that is
    /// a URL by the name of the parameter the token is in.
    static func tokenCounts(in text: String, at start: Int, fieldName: String?, inParameterList: Bool, formText: Bool) -> Bool {
        if inParameterList, let fieldName {
            var name = fieldName
            return name.withUTF8 { isCredentialName($0) }
        }
        let urlField = formText || (fieldName.map { urlFields.contains($0) } ?? false)
        var copy = text
        return copy.withUTF8 { tokenCounts(in: $0, at: start, urlField: urlField) }
    }

    /// Fields (lowercased) whose values are URLs or paths.
    static let urlFields: Set<String> = [
        "url", "_url", "_full_url", "redirecturl", ":path", "referer", "location", "content-location", "origin",
        "documenturl", "_documenturl", "title",
    ]

    static func tokenCounts(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, urlField: Bool) -> Bool {
        guard start > 0, start <= bytes.count else { return !urlField }
        // Back to the start of the parameter value the token is in, then over its name.
        var valueStart = start
        while valueStart > 0, !isStop(bytes[valueStart - 1]) { valueStart -= 1 }
        var name: Range<Int>?
        if valueStart > 0, bytes[valueStart - 1] == UInt8(ascii: "=") {
            var nameStart = valueStart - 1
            while nameStart > 0, !isStop(bytes[nameStart - 1]) { nameStart -= 1 }
            name = nameStart..<(valueStart - 1)
        }
        var wordStart = name?.lowerBound ?? valueStart
        while wordStart > 0, !isWordBoundary(bytes[wordStart - 1]) { wordStart -= 1 }
        // A URL field, a text that starts as a URL (a sanitizer may have put a space in it),
        // or a word that is one.
        guard urlField || isURL(UnsafeBufferPointer(rebasing: bytes[0..<min(start, 8)])) || isURL(UnsafeBufferPointer(rebasing: bytes[wordStart..<start]))
        else { return true }
        guard let name else { return false }
        // A value that is a document of its own (`attributes=%7B%22note%22…`, `f.req=[…]`)
        // is judged as text: what its members are named is not known here.
        if opensDocument(UnsafeBufferPointer(rebasing: bytes[valueStart..<start])) { return true }
        return isCredentialName(UnsafeBufferPointer(rebasing: bytes[name]))
    }

    /// Whether a parameter value begins with `{` or `[`, as written or percent-encoded.
    static func opensDocument(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = value.first else { return false }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return true }
        guard first == UInt8(ascii: "%"), value.count >= 3 else { return false }
        let (high, low) = (value[1], value[2] | 0x20)
        return (high == UInt8(ascii: "7") || high == UInt8(ascii: "5")) && low == UInt8(ascii: "b")
    }

    /// Whether a word begins a URL: it holds `://` (or `:\/\/` in escaped script text), or
    /// it is a path from the root (`/` and a letter; base64 such as `/9j/4AAQ…` is not).
    static func isURL(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        // `/path` or `//host` (a protocol-relative URL).
        let path = word.count >= 2 && word[0] == UInt8(ascii: "/") ? (word[1] == UInt8(ascii: "/") ? 2 : 1) : 0
        if path > 0, word.count > path, word[path] &- 97 < 26 || word[path] &- 65 < 26 { return true }
        return ByteSearch.firstIndex(of: schemeSeparator, in: word) != nil
            || ByteSearch.firstIndex(of: escapedSchemeSeparator, in: word) != nil
    }

    /// Whether a parameter name says its value is a credential, case ignored: it ends in one
    /// of `credentialWords` (`access_token`, `X-Amz-Signature`, `apiKey`, `JSESSIONID`), or is
    /// one of `credentialShortWords` or ends in one after `_`, `-`, `.` or a lower-case letter
    /// followed by upper case (`code`, `auth_code`, `authCode`, `api-key`; not `vcode`,
    /// `code_challenge`, `xai`, `am`).
    static func isCredentialName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !name.isEmpty, name.count <= 64 else { return false }
        let lowered = name.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
        if credentialWords.contains(where: { lowered.count >= $0.count && lowered.suffix($0.count).elementsEqual($0) }) {
            return true
        }
        return credentialShortWords.contains { word in
            guard lowered.count >= word.count, lowered.suffix(word.count).elementsEqual(word) else { return false }
            let start = lowered.count - word.count
            guard start > 0 else { return true }
            let before = name[start - 1]
            return before == UInt8(ascii: "_") || before == UInt8(ascii: "-") || before == UInt8(ascii: ".")
                || (before &- 97 < 26 && name[start] &- 65 < 26)
        }
    }

    /// Name endings of credential parameters, anywhere in a name.
    static let credentialWords: [[UInt8]] = [
        "token", "secret", "signature", "password", "passwd", "session", "sessionid", "sessid", "ticket", "assertion",
        "verifier", "credential", "credentials", "samlresponse", "apikey", "accesskey",
    ].map { Array($0.utf8) }

    /// Short credential words, counted only as a whole word of a name.
    static let credentialShortWords: [[UInt8]] = ["code", "key", "sig", "sid", "auth", "pwd", "otp", "jwt"].map { Array($0.utf8) }

    private static let schemeSeparator = Array("://".utf8)
    private static let escapedSchemeSeparator = Array(#":\/\/"#.utf8)

    /// Bytes that end a parameter name or value (`&`, `?`, `#`, `;`, `=`, `/`) or a word.
    private static func isStop(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "/"): true
        default: isWordBoundary(byte)
        }
    }

    /// Bytes a URL does not hold as written in text: white space, quotes, brackets of markup
    /// and code.
    private static func isWordBoundary(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"):
            true
        default: false
        }
    }
}
