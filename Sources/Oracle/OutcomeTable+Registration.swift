// client-behaviour.md §5.4: JIT registration of a strong-auth method (register/v1.0/challenge and
// register/v1.0/continue, with the automatic calls MSAL chains after them).

extension OutcomeTable {
    static let registrationRows: [OutcomeRow] =
        registerChallenge + registerPreverifiedContinue + registerPreverifiedToken + registerSubmitChallenge
        + registerSubmitToken

    static let jitChallenge = ErrorChannel(
        callback: "onRegisterStrongAuthChallengeError", errorClass: "RegisterStrongAuthChallengeError",
        retryState: "RegisterStrongAuthState")
    static let jitSubmit = ErrorChannel(
        callback: "onRegisterStrongAuthSubmitChallengeError", errorClass: "RegisterStrongAuthSubmitChallengeError",
        retryState: "RegisterStrongAuthVerificationRequiredState")

    private static let jitOOBFields: Set<ResponseClass.Field> = [
        .continuationToken, .challengeTarget, .codeLength, .challengeChannel,
    ]

    // §5.4 challengeAuthMethod: register/v1.0/challenge (challenge_type is a free string here).
    private static let registerChallenge = bind(.registerChallenge, "5.4 challengeAuthMethod", [
        RowSpec(
            "1", .ok(challenge: .oneOf(["oob"]), requires: jitOOBFields),
            success("onRegisterStrongAuthVerificationRequired", "RegisterStrongAuthVerificationRequiredState")),
        RowSpec(
            "2", .ok(challenge: .oneOf(["preverified"]), requires: [.continuationToken]),
            .proceed(to: .registerPreverifiedContinue)),
        RowSpec("3a", .ok(challenge: .oneOf(["preverified"])), jitChallenge.retry("generalError")),
        RowSpec("3b", .ok(challenge: .oneOf(["oob"])), jitChallenge.retry("generalError")),
        RowSpec("4", .redirect, jitChallenge.ends("browserRequired")),
        RowSpec("5", .ok(), jitChallenge.retry("generalError")),
        RowSpec(
            "6", .error(["access_denied"], suberror: .oneOf(["provider_blocked_by_rep"])),
            jitChallenge.retry("verificationContactBlocked")),
        RowSpec("7", .error(["invalid_request"], codesContain: 901001), jitChallenge.retry("invalidInput")),
        RowSpec(
            "8", .anything, jitChallenge.retry("generalError"),
            quirk: "Every other error (a 200 without challenge_type too) keeps the old RegisterStrongAuthState."),
    ])

    // §5.4 challengeAuthMethod row 2: the automatic register/v1.0/continue after `preverified`.
    private static let registerPreverifiedContinue = bind(.registerPreverifiedContinue, "5.4 challengeAuthMethod", [
        RowSpec("2.1", .ok(requires: [.continuationToken]), .proceed(to: .registerPreverifiedToken)),
        RowSpec("2.2", .anything, jitChallenge.ends("generalError")),
    ])

    // §5.4 challengeAuthMethod row 2: the `/token` (grant continuation_token) that follows.
    private static let registerPreverifiedToken = bind(
        .registerPreverifiedToken, "5.4 challengeAuthMethod",
        compose(tokenClassification, prefix: "2/") {
            switch $0 {
            case .success: return signInCompleted
            case .strongAuthRequired: return .proceed(to: .mfaIntrospect(after: .registerPreverifiedToken))
            case .jitRequired: return .proceed(to: .registerIntrospect(after: .registerPreverifiedToken))
            default: return jitChallenge.ends("generalError")
            }
        })

    // §5.4 submitChallenge: register/v1.0/continue with grant_type=oob.
    private static let registerSubmitChallenge = bind(.registerSubmitChallenge, "5.4 submitChallenge", [
        RowSpec("2", .redirect, jitSubmit.ends("browserRequired")),
        RowSpec("1", .ok(requires: [.continuationToken]), .proceed(to: .registerSubmitToken)),
        RowSpec("3", .ok(), jitSubmit.retry("generalError")),
        RowSpec(
            "4", .error(["invalid_grant"], suberror: .oneOf(["invalid_oob_value"])), jitSubmit.retry("invalidChallenge")),
        RowSpec("5", .anything, jitSubmit.retry("generalError")),
    ])

    // §5.4 submitChallenge row 1: the `/token` after registration (default scopes only, no claims).
    private static let registerSubmitToken = bind(
        .registerSubmitToken, "5.4 submitChallenge",
        compose(
            tokenClassification, prefix: "1/",
            quirks: [.success: "The token request uses only the default OIDC scopes and no claims (§8.2 item 7)."]
        ) {
            switch $0 {
            case .success: return signInCompleted
            case .strongAuthRequired: return .proceed(to: .mfaIntrospect(after: .registerSubmitToken))
            case .jitRequired: return .proceed(to: .registerIntrospect(after: .registerSubmitToken))
            default: return jitSubmit.ends("generalError")
            }
        })
}
