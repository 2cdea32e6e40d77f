/// How the recorder and the inspector tell V2 exchanges apart and name them (spec native-auth-v2 §1.1, §1.2).
///
/// Names are secret-free by construction: a link relation (only letters, digits, `_` and `-`), one of
/// the fixed names below, or a path template whose every segment outside a fixed vocabulary is `{id}`
/// (method ids in hrefs are secrets, spec §5).
public enum V2Exchange {
    /// Which V2 operation a request is.
    public enum Operation: Sendable, Hashable {
        /// O1: `authorize-challenge` without a continuation token.
        case start
        /// O2: `authorize-challenge` with `continuation_token`.
        case resume
        /// O17: `/oauth2/v2.0/token` with `grant_type=authorization_code`.
        case codeExchange
        /// A JSON request to a server-driven href.
        case interaction
    }

    /// The step name of O1.
    public static let startStep = "v2 authorize-challenge"
    /// The step name of O2: the `continue` relation's operation (whether or not the answer advertised the link;
    /// every SDK resumes at the fixed path anyway).
    public static let resumeStep = "v2 continue"
    /// The step name of O17.
    public static let codeExchangeStep = "v2 token"
    /// The kind of a V2 flow before the client followed an entry link (the O1 request does not say which).
    public static let unknownKind = "v2"

    /// The operation of a request, or nil when it is not V2: `authorize-challenge` (O1 or O2 by its form's
    /// `continuation_token`), the token endpoint with `grant_type=authorization_code`, and any request with
    /// a JSON `continuationToken` or to a path an answer advertised (`followsLink`).
    public static func operation(
        path: String, formContinuationToken: String?, formGrantType: String?, jsonContinuationToken: String?,
        followsLink: Bool
    ) -> Operation? {
        if endsWith(path, V2Path.authorizeChallenge) {
            return (formContinuationToken ?? "").isEmpty ? .start : .resume
        }
        if endsWith(path, V2Path.token) {
            return formGrantType == V2Key.authorizationCodeGrant ? .codeExchange : nil
        }
        if let jsonContinuationToken, !jsonContinuationToken.isEmpty { return .interaction }
        return followsLink ? .interaction : nil
    }

    /// The step name of an exchange: the fixed names of O1, O2 and O17; for an interaction `v2 <relation>`
    /// when `relation` (the relation of the link the request followed) is a plain name, else
    /// `v2 <template>` (``template(ofPath:)``).
    public static func step(_ operation: Operation, relation: String?, path: String) -> String {
        switch operation {
        case .start: return startStep
        case .resume: return resumeStep
        case .codeExchange: return codeExchangeStep
        case .interaction:
            if let relation, isPlainName(relation) { return "v2 " + relation }
            return "v2 " + template(ofPath: path)
        }
    }

    /// The kind a flow takes when its client follows the entry link `relation`: `v2SignIn`, `v2SignUp`,
    /// `v2ResetPassword`; nil for any other relation.
    public static func kind(followingEntry relation: String) -> String? {
        switch V2LinkRelation(V2Link.normalised(relation)) {
        case .signIn: "v2SignIn"
        case .signUp: "v2SignUp"
        case .resetPassword: "v2ResetPassword"
        default: nil
        }
    }

    /// A path with its tenant and every segment outside the V2 vocabulary replaced: from the first `api` or
    /// `oauth2` segment on (spec §1.9), version segments (`v2.0`, `v1.0-internal`) and known words kept,
    /// anything else `{id}`. `/t/api/v2.0/auth/methods/email/em-1/challenge` →
    /// `api/v2.0/auth/methods/email/{id}/challenge`.
    public static func template(ofPath path: String) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: true)
        if let first = segments.firstIndex(where: { $0.lowercased() == "api" || $0.lowercased() == "oauth2" }) {
            segments.removeFirst(first)
        }
        return segments.map { segment in
            let lower = segment.lowercased()
            return vocabulary.contains(lower) || isVersion(lower) ? String(segment) : "{id}"
        }.joined(separator: "/")
    }

    /// A relation or state/action value fit for a step name or a console line: 1–40 letters, digits, `_`, `-`.
    public static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 40
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-")
            }
    }

    /// Path words of the Learn examples, the SDK fixtures and the emulator, lowercased.
    static let vocabulary: Set<String> =
        Set(V2LinkRelation.known.map { $0.rawValue.lowercased() }).union([
            "api", "oauth2", "authorize-challenge", "token", "auth", "methods", "mfa", "signin", "signup",
            "resetpassword", "start", "submitattributes", "risk", "phone", "sms", "email", "password", "register",
        ])

    /// `v2.0`, `v0.1`, `v1.0-internal`.
    static func isVersion(_ segment: String) -> Bool {
        guard segment.first == "v" else { return false }
        let core = segment.dropFirst().split(separator: "-", maxSplits: 1).first ?? ""
        return !core.isEmpty && core.first?.isNumber == true && core.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// Whether `path` (a path or a full URL) ends with `suffix`, ignoring case, one trailing slash, the query
    /// and the fragment (``NativeAuthEndpoint/lenientPath(_:)``, the V1 recogniser's reading).
    public static func endsWith(_ path: String, _ suffix: String) -> Bool {
        NativeAuthEndpoint.lenientPath(path).hasSuffix(suffix)
    }

    /// The fixed V2 path (``V2Path/fixed``: authorize-challenge or the token endpoint) a request path ends
    /// with, read as ``endsWith(_:_:)`` reads it; clients build these from their own authority, so the host
    /// and tenant in front are not compared.
    public static func fixedPath(of path: String) -> String? {
        let bare = NativeAuthEndpoint.lenientPath(path)
        return V2Path.fixed.first { bare.hasSuffix($0) }
    }

    /// Whether a request path is V2's authorize-challenge endpoint (O1, O2).
    public static func isAuthorizeChallenge(_ path: String) -> Bool { endsWith(path, V2Path.authorizeChallenge) }
}
