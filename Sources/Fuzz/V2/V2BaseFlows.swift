import Driver
import Oracle

/// The built-in V2 flows: every journey of spec native-auth-v2 §2 (made-up values shaped like its
/// exchanges), each action with the answers its requests receive under the engine's default profile
/// (MSAL iOS 2.18.1: no up-front password).
public enum V2BaseFlows {
    typealias A = V2Answers

    public static let all: [V2FuzzFlow] = [
        signInPassword, signInEmailCode, signInMethodSelectionPassword, mfaEmail, mfaSMSRiskVerify, signUp, resetPassword,
        resetPasswordSelection, signInTokenCache,
    ]

    /// The flow of this name.
    public static func named(_ name: String) -> V2FuzzFlow? { all.first { $0.name == name } }

    static let user = "alex@example.com"
    static func signIn(_ action: V2Step.Action, role: V2Step.Role? = nil, method: String? = nil) -> V2Step {
        V2Step(scenario: .signIn, action: action, role: role, methodType: method)
    }

    static let passwordMethod = A.method("pw-7f3a", "password")
    static let emailMethod = A.method("em-91c2", "email", hint: "a***x@e*****e.com")
    static let smsMethod = A.method("sms-4d1", "sms", hint: "+*** *******11")
    static let mfaEmailMethod = A.method("em-mfa", "email", hint: "a***x@e*****e.com", base: "mfa")
    static let mfaSMSMethod = A.method("sms-1", "sms", hint: "+*** *******11", base: "mfa")
    static let finish = [A.proceed("CT-3"), A.code, A.tokens]

    /// §2.1: one password method (auto O6 ⇒ password required), a wrong password, the right one.
    public static let signInPassword = V2FuzzFlow(name: "v2SignInPassword", actions: [
        V2FuzzAction(.signIn(username: user), step: signIn(.start), responses: [
            A.entry("CT-0"), A.challenge("CT-1", factor: "singleFactor", methods: [passwordMethod]),
            A.verifyPassword("CT-2", id: "pw-7f3a"),
        ]),
        V2FuzzAction(.submitPassword(password: "wrong-Passw0rd"), step: signIn(.submitPassword), responses: [
            A.error("invalidGrant", "AADSTS50126: Error validating credentials due to invalid username or password.",
                    inner: "invalidUserNameOrPassword"),
        ]),
        V2FuzzAction(.submitPassword(password: "Sunny-Day-42!"), step: signIn(.submitPassword), responses: finish),
    ])

    /// §2.2: one email method (auto O6 ⇒ code required), a wrong code, a resend, the right code.
    public static let signInEmailCode = V2FuzzFlow(name: "v2SignInEmailCode", actions: [
        V2FuzzAction(.signIn(username: user), step: signIn(.start), responses: [
            A.entry("CT-0"), A.challenge("CT-1", factor: "singleFactor", methods: [emailMethod]),
            A.verifyCode("CT-2", id: "em-91c2", type: "email", hint: "a***x@e*****e.com", length: 8),
        ]),
        V2FuzzAction(.submitCode(code: "00000000"), step: signIn(.submitCode, role: .firstFactor), responses: [
            A.error("invalidGrant", "AADSTS50184: OTP is incorrect.", inner: "invalidOneTimeCode"),
        ]),
        V2FuzzAction(.resendCode, step: signIn(.resendCode, role: .firstFactor), responses: [
            A.verifyCode("CT-2b", id: "em-91c2", type: "email", hint: "a***x@e*****e.com", length: 8),
        ]),
        V2FuzzAction(.submitCode(code: "48213907"), step: signIn(.submitCode, role: .firstFactor), responses: finish),
    ])

    /// Method selection (≥2 first-factor methods, §3.4 A): password, email and SMS offered; password chosen.
    public static let signInMethodSelectionPassword = V2FuzzFlow(name: "v2SignInMethodSelection", actions: [
        V2FuzzAction(.signIn(username: user), step: signIn(.start), responses: [
            A.entry("CT-0"), A.challenge("CT-1", factor: "singleFactor", methods: [passwordMethod, emailMethod, smsMethod]),
        ]),
        V2FuzzAction(.selectAuthMethod(methodId: "pw-7f3a"), step: signIn(.selectAuthMethod, role: .firstFactor, method: "password"),
                     responses: [A.verifyPassword("CT-2", id: "pw-7f3a")]),
        V2FuzzAction(.submitPassword(password: "Sunny-Day-42!"), step: signIn(.submitPassword), responses: finish),
    ])

    /// §2.5 by email: password, then an MFA selection, the email second factor, a wrong code, a resend
    /// (2.18.1's `resendChallenge`), the right code.
    public static let mfaEmail = V2FuzzFlow(name: "v2MFAEmail", actions: [
        V2FuzzAction(.signIn(username: user), step: signIn(.start), responses: [
            A.entry("CT-0"), A.challenge("CT-1", factor: "singleFactor", methods: [passwordMethod]),
            A.verifyPassword("CT-2", id: "pw-7f3a"),
        ]),
        V2FuzzAction(.submitPassword(password: "Sunny-Day-42!"), step: signIn(.submitPassword), responses: [
            A.challenge("CT-3", factor: "multiFactor", methods: [mfaEmailMethod, mfaSMSMethod]),
        ]),
        V2FuzzAction(.selectAuthMethod(methodId: "em-mfa"), step: signIn(.selectAuthMethod, role: .secondFactor, method: "email"),
                     responses: [A.verifyCode("CT-4", id: "em-mfa", type: "email", hint: "a***x@e*****e.com", length: 8, base: "mfa")]),
        V2FuzzAction(.submitChallenge(challenge: "11111111"), step: signIn(.submitChallenge, role: .secondFactor), responses: [
            A.error("invalidGrant", "AADSTS50184: OTP is incorrect.", inner: "invalidOneTimeCode"),
        ]),
        V2FuzzAction(.resendChallenge, step: signIn(.resendChallenge, role: .secondFactor), responses: [
            A.verifyCode("CT-4b", id: "em-mfa", type: "email", hint: "a***x@e*****e.com", length: 8, base: "mfa"),
        ]),
        V2FuzzAction(.submitChallenge(challenge: "20491877"), step: signIn(.submitChallenge, role: .secondFactor),
                     responses: [A.proceed("CT-6"), A.code, A.tokens]),
    ])

    /// §2.5 by SMS: the SMS second factor answers `riskverify`, the engine sends O13 by itself, then the code.
    public static let mfaSMSRiskVerify = V2FuzzFlow(name: "v2MFASMSRiskVerify", actions: [
        V2FuzzAction(.signIn(username: user), step: signIn(.start), responses: [
            A.entry("CT-0"), A.challenge("CT-1", factor: "singleFactor", methods: [passwordMethod]),
            A.verifyPassword("CT-2", id: "pw-7f3a"),
        ]),
        V2FuzzAction(.submitPassword(password: "Sunny-Day-42!"), step: signIn(.submitPassword), responses: [
            A.challenge("CT-3", factor: "multiFactor", methods: [mfaEmailMethod, mfaSMSMethod]),
        ]),
        V2FuzzAction(.selectAuthMethod(methodId: "sms-1"), step: signIn(.selectAuthMethod, role: .secondFactor, method: "sms"),
                     responses: [A.riskVerify("CT-4"), A.verifyCode("CT-5", id: "sms-1", type: "sms", hint: "+*** *******11", length: 6,
                                                                       base: "mfa")]),
        V2FuzzAction(.submitChallenge(challenge: "204918"), step: signIn(.submitChallenge, role: .secondFactor),
                     responses: [A.proceed("CT-6"), A.code, A.tokens]),
    ])

    /// §2.1, then `getAccessToken` on the account the sign-in handed over (client-behaviour §5.9, ``V2TokenWalk``):
    /// answered from the token cache (nothing sent), a forced refresh, after the app waited 3,400 s (inside
    /// MSAL's five-minute margin before `expires_in` 3599) and after 3,600 s more (past it). Each call has a
    /// refresh answer, served only to an engine that asks.
    public static let signInTokenCache = V2FuzzFlow(name: "v2SignInTokenCache", actions: [
        V2FuzzAction(.signIn(username: user), step: signIn(.start), responses: [
            A.entry("CT-0"), A.challenge("CT-1", factor: "singleFactor", methods: [passwordMethod]),
            A.verifyPassword("CT-2", id: "pw-7f3a"),
        ]),
        V2FuzzAction(.submitPassword(password: "Sunny-Day-42!"), step: signIn(.submitPassword), responses: finish),
        V2FuzzAction(.getAccessToken(), step: signIn(.submitPassword), responses: [A.tokens]),
        V2FuzzAction(.getAccessToken(forceRefresh: true), step: signIn(.submitPassword), responses: [A.tokens]),
        V2FuzzAction(.getAccessToken(), step: signIn(.submitPassword), responses: [A.tokens], wait: 3_400),
        V2FuzzAction(.getAccessToken(), step: signIn(.submitPassword), responses: [A.tokens], wait: 3_600),
    ])

    static let signUpUser = "sam@example.com"
    static let signUpSent = ["email", "displayName"]
    static func signUpStep(_ action: V2Step.Action, sent: [String] = signUpSent, role: V2Step.Role? = nil) -> V2Step {
        V2Step(scenario: .signUp, action: action, role: role, sentAttributes: sent)
    }

    /// §2.3: attributes sent with the up-front values, an email code, the password asked last, a password
    /// refused by policy, the right one, then sign-in after sign-up.
    public static let signUp = V2FuzzFlow(name: "v2SignUp", actions: [
        V2FuzzAction(.signUp(username: signUpUser, attributes: ["displayName": "Sam"]), step: signUpStep(.start), responses: [
            A.entry("CT-0"), A.collect("CT-1", [("email", "text"), ("displayName", "text")]),
            A.verifyCode("CT-2", id: "em-1", type: "email", hint: "s**@e*****e.com", length: 8, base: "signup"),
        ]),
        V2FuzzAction(.submitCode(code: "11112222"), step: signUpStep(.submitCode, role: .firstFactor), responses: [
            A.collect("CT-3", [("password", "password")]),
        ]),
        V2FuzzAction(.submitPassword(password: "abc"), step: signUpStep(.submitPassword), responses: [
            A.error("invalidRequest", "AADSTS1002027: Attribute validation failed.", inner: "attributeValidationError",
                    details: #"[{"attributeIds":["password"],"code":"passwordPolicyViolation","message":"too short"}]"#),
        ]),
        V2FuzzAction(.submitPassword(password: "Sunny-Day-42!"), step: signUpStep(.submitPassword), responses: [
            FuzzResponse(status: 200, json: #"{"state":"continue","continuationToken":"CT-4"}"#),
        ]),
        V2FuzzAction(.signInAfterFlow(), step: signUpStep(.signIn, sent: signUpSent + ["password"]), responses: [A.code, A.tokens]),
    ])

    static func reset(_ action: V2Step.Action, role: V2Step.Role? = nil, method: String? = nil) -> V2Step {
        V2Step(scenario: .passwordReset, action: action, role: role, methodType: method)
    }

    /// §2.4: one email method (auto O6), the code, the new password polled to completion, then sign-in.
    public static let resetPassword = V2FuzzFlow(name: "v2ResetPassword", actions: [
        V2FuzzAction(.resetPassword(username: "user@contoso.com"), step: reset(.start), responses: [
            A.entry("CT-0"),
            A.challenge("CT-1", factor: "singleFactor", methods: [A.method("em-5", "email", hint: "j****n@c****o")], scenario: "recovery"),
            A.verifyCode("CT-2", id: "em-5", type: "email", hint: "j****n@c****o", length: 8),
        ]),
        V2FuzzAction(.submitCode(code: "39104411"), step: reset(.submitCode, role: .firstFactor), responses: [
            A.interaction("CT-3", action: "update", href: "resetpassword/update"),
        ]),
        V2FuzzAction(.submitNewPassword(password: "N3w-Passw0rd!"), step: reset(.submitNewPassword), responses: [
            A.interaction("CT-4", action: "poll", href: "resetpassword/poll"),
            A.interaction("CT-4", action: "poll", href: "resetpassword/poll"),
            A.proceed("CT-5"),
        ]),
        V2FuzzAction(.signInAfterFlow(), step: reset(.signIn), responses: [A.code, A.tokens]),
    ])

    /// §3.4 H: email and SMS offered for a reset ⇒ selection; SMS chosen ⇒ code required on SMS.
    public static let resetPasswordSelection = V2FuzzFlow(name: "v2ResetPasswordSelection", actions: [
        V2FuzzAction(.resetPassword(username: "user@contoso.com"), step: reset(.start), responses: [
            A.entry("CT-0"),
            A.challenge("CT-1", factor: "singleFactor", methods: [
                A.method("em-5", "email", hint: "j****n@c****o"), A.method("sms-5", "sms", hint: "+*** *******22"),
            ], scenario: "recovery"),
        ]),
        V2FuzzAction(.selectAuthMethod(methodId: "sms-5"), step: reset(.selectAuthMethod, role: .firstFactor, method: "sms"), responses: [
            A.verifyCode("CT-2", id: "sms-5", type: "sms", hint: "+*** *******22", length: 6),
        ]),
        V2FuzzAction(.submitCode(code: "771204"), step: reset(.submitCode, role: .firstFactor), responses: [
            A.interaction("CT-3", action: "update", href: "resetpassword/update"),
        ]),
    ])
}
