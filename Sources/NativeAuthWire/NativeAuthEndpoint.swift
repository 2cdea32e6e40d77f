import Foundation

/// The native-authentication V1 endpoints (spec §1.2). Every call is an HTTP `POST` to the
/// authority URL followed by ``path``.
///
/// `/resetpassword/v1.0/complete` exists only as an unused value in MSAL iOS and is not listed.
public enum NativeAuthEndpoint: String, CaseIterable, Sendable, Hashable, Codable {
    case signUpStart
    case signUpChallenge
    case signUpContinue
    case signInInitiate
    case signInChallenge
    case signInIntrospect
    case token
    case registerIntrospect
    case registerChallenge
    case registerContinue
    case resetPasswordStart
    case resetPasswordChallenge
    case resetPasswordContinue
    case resetPasswordSubmit
    case resetPasswordPollCompletion

    /// The flow an endpoint belongs to.
    public enum Flow: String, CaseIterable, Sendable, Hashable, Codable {
        /// `/signup/v1.0/*`.
        case signUp
        /// `/oauth2/v2.0/initiate` and `/oauth2/v2.0/challenge` (the challenge also serves the MFA step).
        case signIn
        /// `/resetpassword/v1.0/*`.
        case resetPassword
        /// `/oauth2/v2.0/introspect` (the user's registered strong-auth methods).
        case mfa
        /// `/register/v1.0/*` (just-in-time strong-auth registration).
        case registration
        /// `/oauth2/v2.0/token`, shared by every flow.
        case token
    }

    /// The fixed path suffix appended to the authority path, e.g. `/signup/v1.0/start`.
    public var path: String {
        switch self {
        case .signUpStart: "/signup/v1.0/start"
        case .signUpChallenge: "/signup/v1.0/challenge"
        case .signUpContinue: "/signup/v1.0/continue"
        case .signInInitiate: "/oauth2/v2.0/initiate"
        case .signInChallenge: "/oauth2/v2.0/challenge"
        case .signInIntrospect: "/oauth2/v2.0/introspect"
        case .token: "/oauth2/v2.0/token"
        case .registerIntrospect: "/register/v1.0/introspect"
        case .registerChallenge: "/register/v1.0/challenge"
        case .registerContinue: "/register/v1.0/continue"
        case .resetPasswordStart: "/resetpassword/v1.0/start"
        case .resetPasswordChallenge: "/resetpassword/v1.0/challenge"
        case .resetPasswordContinue: "/resetpassword/v1.0/continue"
        case .resetPasswordSubmit: "/resetpassword/v1.0/submit"
        case .resetPasswordPollCompletion: "/resetpassword/v1.0/poll_completion"
        }
    }

    /// The flow grouping of this endpoint.
    public var flow: Flow {
        switch self {
        case .signUpStart, .signUpChallenge, .signUpContinue: .signUp
        case .signInInitiate, .signInChallenge: .signIn
        case .signInIntrospect: .mfa
        case .token: .token
        case .registerIntrospect, .registerChallenge, .registerContinue: .registration
        case .resetPasswordStart, .resetPasswordChallenge, .resetPasswordContinue, .resetPasswordSubmit,
            .resetPasswordPollCompletion:
            .resetPassword
        }
    }

    /// The HTTP method: always `POST` (spec §1.2).
    public var method: String { "POST" }

    /// Whether the request carries a `continuation_token` (every endpoint except the three flow starts;
    /// the token endpoint carries one for every grant but `refresh_token`).
    public var takesContinuationToken: Bool {
        switch self {
        case .signUpStart, .signInInitiate, .resetPasswordStart: false
        default: true
        }
    }

    /// The endpoint key of MSAL's test "Mock API" contract (spec §9), e.g. `SignUpStart`, `SSPRPoll`.
    public var mockAPIKey: String {
        switch self {
        case .signUpStart: "SignUpStart"
        case .signUpChallenge: "SignUpChallenge"
        case .signUpContinue: "SignUpContinue"
        case .signInInitiate: "SignInInitiate"
        case .signInChallenge: "SignInChallenge"
        case .signInIntrospect: "SignInIntrospect"
        case .token: "SignInToken"
        case .registerIntrospect: "JITIntrospect"
        case .registerChallenge: "JITChallenge"
        case .registerContinue: "JITContinue"
        case .resetPasswordStart: "SSPRStart"
        case .resetPasswordChallenge: "SSPRChallenge"
        case .resetPasswordContinue: "SSPRContinue"
        case .resetPasswordSubmit: "SSPRSubmit"
        case .resetPasswordPollCompletion: "SSPRPoll"
        }
    }

    /// Finds the endpoint whose Mock-API key (spec §9) is `mockAPIKey`.
    public init?(mockAPIKey: String) {
        guard let found = Self.allCases.first(where: { $0.mockAPIKey == mockAPIKey }) else { return nil }
        self = found
    }

    /// Recognises a request path (or a full URL) whatever its host and tenant segment, by suffix.
    ///
    /// A query string or fragment is ignored, so `/contoso.onmicrosoft.com/signup/v1.0/start?dc=ESTS-PUB-WUS2`
    /// and `https://x.ciamlogin.com/x.onmicrosoft.com/signup/v1.0/start` both give ``signUpStart``.
    /// Matching is exact (case-sensitive, no trailing slash), as the SDKs send these paths verbatim.
    public init?(path: String) {
        guard let match = Self.match(path: path) else { return nil }
        self = match.endpoint
    }

    /// Recognises a request path (or a full URL) leniently, as the tools read traffic any client may have
    /// sent: the endpoint whose path the request path ends with, case-insensitively, with one trailing
    /// slash, the query and the fragment ignored (the SDKs' own exact match is ``init(path:)``). The one
    /// V1 recogniser of the tools (Replay, Mock, Fuzz, the Inspector); V2's is ``V2Exchange``.
    public static func recognise(path: String) -> NativeAuthEndpoint? {
        let bare = lenientPath(path)
        return allCases.first { bare.hasSuffix($0.path) }
    }

    /// The path part of a path-or-URL string as the lenient recognisers compare it: no query or fragment,
    /// lowercased, one trailing slash removed.
    public static func lenientPath(_ string: String) -> String {
        var lower = requestPath(of: string).lowercased()
        if lower.hasSuffix("/") { lower.removeLast() }
        return lower
    }

    /// Splits a request path (or full URL) into the endpoint and the authority path in front of it.
    ///
    /// For `/contoso.onmicrosoft.com/oauth2/v2.0/token` the prefix is `/contoso.onmicrosoft.com`; for a bare
    /// `/oauth2/v2.0/token` it is empty.
    public static func match(path: String) -> (endpoint: NativeAuthEndpoint, prefix: String)? {
        let bare = requestPath(of: path)
        for endpoint in allCases where bare.hasSuffix(endpoint.path) {
            return (endpoint, String(bare.dropLast(endpoint.path.count)))
        }
        return nil
    }

    /// The path part of a path-or-URL string, without query and fragment.
    static func requestPath(of string: String) -> Substring {
        var rest = Substring(string)
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        if let scheme = rest.range(of: "://") {
            let afterAuthority = rest[scheme.upperBound...]
            guard let slash = afterAuthority.firstIndex(of: "/") else { return "" }
            rest = afterAuthority[slash...]
        }
        return rest
    }
}
