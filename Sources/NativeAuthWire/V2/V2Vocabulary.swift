/// A V2 transaction `state` (spec native-auth-v2 §1.3); an open set.
public struct V2State: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The client must act (see ``V2Action``).
    public static let interactionRequired: Self = "interactionRequired"
    /// Authentication finished: resume the authorization (O2) with the token.
    public static let `continue`: Self = "continue"
    /// The client must finish in a browser (spec §1.7).
    public static let webFallbackRequired: Self = "webFallbackRequired"

    public static let known: [Self] = [.interactionRequired, .continue, .webFallbackRequired]
}

/// A V2 `action` next to `state: interactionRequired` (spec §1.3, §1.4); an open set.
public struct V2Action: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Pick a method from `_embedded.methods` (first factor or MFA, see ``V2AuthenticationFactor``).
    public static let challenge: Self = "challenge"
    /// Enter the code or password of the selected method.
    public static let verify: Self = "verify"
    /// Just-in-time strong-auth registration: enter a contact.
    public static let enroll: Self = "enroll"
    /// The same as ``enroll`` under another name.
    public static let register: Self = "register"
    /// Just-in-time registration: enter the code sent to the new contact.
    public static let activate: Self = "activate"
    /// Sign-up: submit attributes (the password travels as an attribute).
    public static let collectAttributes: Self = "collectAttributes"
    /// Password reset: choose a new password (`PUT`).
    public static let update: Self = "update"
    /// Password reset: still running, poll again.
    public static let poll: Self = "poll"
    /// SMS risk check before a code is sent.
    public static let riskverify: Self = "riskverify"

    public static let known: [Self] = [
        .challenge, .verify, .enroll, .register, .activate, .collectAttributes, .update, .poll, .riskverify,
    ]
}

/// `challengeContext.authenticationFactor` on `action: challenge`.
public struct V2AuthenticationFactor: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A first-factor choice (sign-in, password reset).
    public static let singleFactor: Self = "singleFactor"
    /// A second factor after the first (MFA).
    public static let multiFactor: Self = "multiFactor"

    public static let known: [Self] = [.singleFactor, .multiFactor]
}

/// A method `type` in `_embedded.methods[]` and on `action: verify`.
public struct V2MethodType: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let password: Self = "password"
    public static let email: Self = "email"
    public static let sms: Self = "sms"

    public static let known: [Self] = [.password, .email, .sms]
}

/// A link relation: a key of `_links` (or, for the entry links, a flat key of the O1 body) (spec §1.5).
public struct V2LinkRelation: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    // Entry links, flat snake_case form (all three SDKs read these).
    public static let signInFlat: Self = "sign_in"
    public static let signUpFlat: Self = "sign_up"
    public static let resetPasswordFlat: Self = "reset_password"
    // Entry links, HAL camelCase form (Android maps both; HAL wins).
    public static let signIn: Self = "signIn"
    public static let signUp: Self = "signUp"
    public static let resetPassword: Self = "resetPassword"
    // Interaction links.
    public static let challenge: Self = "challenge"
    public static let verify: Self = "verify"
    public static let resend: Self = "resend"
    public static let update: Self = "update"
    public static let poll: Self = "poll"
    public static let `continue`: Self = "continue"
    public static let `self`: Self = "self"
    public static let enroll: Self = "enroll"
    public static let register: Self = "register"
    public static let activate: Self = "activate"
    public static let submitAttributes: Self = "submitAttributes"
    public static let recover: Self = "recover"
    public static let riskverify: Self = "riskverify"
    public static let webFallback: Self = "webFallback"

    /// The flat entry relations, in the order the O1 body lists them.
    public static let flatEntries: [Self] = [.signInFlat, .signUpFlat, .resetPasswordFlat]
    /// The HAL entry relations, in the same order.
    public static let halEntries: [Self] = [.signIn, .signUp, .resetPassword]

    public static let known: [Self] =
        flatEntries + halEntries + [
            .challenge, .verify, .resend, .update, .poll, .continue, .self, .enroll, .register, .activate,
            .submitAttributes, .recover, .riskverify, .webFallback,
        ]
}
