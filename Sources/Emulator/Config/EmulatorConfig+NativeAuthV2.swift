import Foundation

extension EmulatorConfig {
    /// The V2 profile: the points of native-auth-v2 §6 the sources leave open, as settings, each defaulting
    /// to what the spec marks most likely, so a user can match their tenant (docs/emulator.md, "V2").
    public struct NativeAuthV2: Sendable, Equatable {
        /// Spelling of `error.code` / `innerError.code` (§1.6, §6 q1).
        public var errorCodeCasing: ErrorCodeCasing = .camelCase
        /// Where the O1 `401` puts the entry links (§1.5, §6 q2).
        public var entryLinks: EntryLinks = .flat
        /// What the `401` carries besides the token and the links (§1.11, §6 q2).
        public var insufficientAuthorizationError: InsufficientAuthorizationError = .none
        /// How a web fallback is signalled (§1.7, §6 q1).
        public var webFallbackSignal: WebFallbackSignal = .state
        /// Seconds reported as `pollInterval` on `action: poll`; nil sends no field (§6 q7).
        public var pollInterval: Int?
        /// Whether `update` answers `continue` directly instead of `poll` (§2.4 "polling is optional").
        public var skipPoll: Bool = false
        /// Whether sign-up start accepts, requires or rejects `username` (§1.2 O4, §6 q6).
        public var signUpStartUsername: SignUpStartUsername = .optional
        /// Whether an SMS challenge first answers `action: riskverify` (§2.5).
        public var smsRiskVerification: Bool = true
        /// Whether a `state: continue` answer carries the optional `continue` link (§1.4).
        public var continueLink: Bool = true
        /// Seconds an authorization code (O2) may wait for its exchange (O17).
        public var authorizationCodeLifetime: Int = 600
        public init() {}

        public enum ErrorCodeCasing: String, Sendable, Equatable, CaseIterable {
            /// `invalidGrant` / `invalidOneTimeCode` (Learn, iOS, most fixtures).
            case camelCase
            /// `invalid_grant` / `invalid_oob_value` (one Android test version).
            case snakeCase
        }

        public enum EntryLinks: String, Sendable, Equatable, CaseIterable {
            /// `sign_in`, `sign_up`, `reset_password` as top-level strings (all three SDKs read these).
            case flat
            /// `_links.signIn.href`, … (Android only).
            case hal
            /// Both forms.
            case both
        }

        public enum InsufficientAuthorizationError: String, Sendable, Equatable, CaseIterable {
            /// Token and links only (the Learn example).
            case none
            /// Plus `"error":"insufficient_authorization"` and `error_description` (flat OAuth form).
            case flat
            /// Plus `"error":{"code":"InsufficientAuthorization","message":…}` (nested form).
            case nested
        }

        public enum WebFallbackSignal: String, Sendable, Equatable, CaseIterable {
            /// `200 {"state":"webFallbackRequired", …, "_links":{"webFallback":…}}` (all SDKs).
            case state
            /// `400 {"error":{"code":"redirect_to_web", …}}` (iOS, Android).
            case nestedError
            /// `400 {"error":"redirect_to_web", …}` (JS).
            case flatError
            /// `400 {"error":{"code":"invalid_grant","innerError":{"code":"web_redirect_required"}}}` (Android 8.7.0).
            case webRedirectRequired
        }

        public enum SignUpStartUsername: String, Sendable, Equatable, CaseIterable {
            /// Used as the email when present, not required.
            case optional
            /// Required (iOS 2.18.1, Android 8.7.0 send it).
            case required
            /// Rejected with `invalidRequest` (the JS test and an Android interactor never send it).
            case rejected
        }
    }

    static func readNativeAuthV2(_ node: ConfigNode) throws -> NativeAuthV2 {
        var f = try node.fields()
        var v = NativeAuthV2()
        if let n = f.take("errorCodeCasing") { v.errorCodeCasing = try choice(n) }
        if let n = f.take("entryLinks") { v.entryLinks = try choice(n) }
        if let n = f.take("insufficientAuthorizationError") { v.insufficientAuthorizationError = try choice(n) }
        if let n = f.take("webFallbackSignal") { v.webFallbackSignal = try choice(n) }
        if let n = f.take("pollInterval") { v.pollInterval = try n.int() }
        if let n = f.take("skipPoll") { v.skipPoll = try n.bool() }
        if let n = f.take("signUpStartUsername") { v.signUpStartUsername = try choice(n) }
        if let n = f.take("smsRiskVerification") { v.smsRiskVerification = try n.bool() }
        if let n = f.take("continueLink") { v.continueLink = try n.bool() }
        if let n = f.take("authorizationCodeLifetime") {
            v.authorizationCodeLifetime = try n.int()
            guard v.authorizationCodeLifetime >= 1 else { throw n.fail("must be 1 or more") }
        }
        try f.finish()
        return v
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ node: ConfigNode) throws -> T
    where T.RawValue == String {
        let raw = try node.string()
        guard let value = T(rawValue: raw) else {
            throw node.fail("unknown value `\(raw)`; expected " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }
}
