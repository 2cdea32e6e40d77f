// client-behaviour.md §5.2 D/E/F/H introspect follow-ups and §5.3 MFA, with the 2026-11-22
// errata: when the follow-up introspect fails, a redirect stays browserRequired.

extension OutcomeTable {
    static let secondFactorRows: [OutcomeRow] = SecondFactorContext.allCases.flatMap {
        introspectRows($0, registration: false) + introspectRows($0, registration: true)
    }

    static let mfaRows: [OutcomeRow] = mfaRequestChallenge + mfaSubmitChallenge

    private static let mfaRequest = ErrorChannel(
        callback: "onMFARequestChallengeError", errorClass: "MFARequestChallengeError", retryState: "MFARequiredState")
    private static let mfaSubmit = ErrorChannel(
        callback: "onMFASubmitChallengeError", errorClass: "MFASubmitChallengeError", retryState: "MFARequiredState")

    /// Where each context's rows live in the spec, its error channel, and what a successful
    /// introspect leads to.
    private struct SecondFactorFacts {
        var section: String
        var suffix = ""
        var channel: ErrorChannel
        var awaitingMFA: Expectation
        var registration: Expectation
        var awaitingQuirk: String?
        var registrationQuirk: String?
        /// What a redirect from a failed introspect gives (the errata's browserRequired, except after
        /// registration, where every result but success is a general error).
        var failedRedirect = "browserRequired"
    }

    private static let awaitingMFA = success("onSignInAwaitingMFA", "AwaitingMFAState")
    private static let registration = success("onSignInStrongAuthMethodRegistration", "RegisterStrongAuthState")
    private static let mfaAfterPreviousFlow =
        "onSignInAwaitingMFA is declared but never called here: a successful introspect gives generalError (§8.2 item 1)."

    private static func facts(_ context: SecondFactorContext) -> SecondFactorFacts {
        switch context {
        case .signInPassword:
            return SecondFactorFacts(
                section: "5.2 D", channel: signInStartError, awaitingMFA: awaitingMFA, registration: registration)
        case .signInSubmitPassword:
            return SecondFactorFacts(
                section: "5.2 E", channel: signInPassword, awaitingMFA: awaitingMFA, registration: registration)
        case .signInSubmitCode:
            return SecondFactorFacts(
                section: "5.2 F", channel: signInVerifyCode, awaitingMFA: awaitingMFA, registration: registration)
        case .signInAfterSignUp, .signInAfterResetPassword:
            let step: Step = context == .signInAfterSignUp ? .signInAfterSignUp : .signInAfterResetPassword
            let channel = afterChannel(step)
            return SecondFactorFacts(
                section: "5.2 H", suffix: context == .signInAfterSignUp ? "" : " (after reset password)",
                channel: channel, awaitingMFA: channel.ends("generalError"), registration: registration,
                awaitingQuirk: mfaAfterPreviousFlow)
        case .mfaSubmitChallenge:
            return SecondFactorFacts(
                section: "5.3 submitChallenge", channel: mfaSubmit, awaitingMFA: mfaSubmit.ends("generalError"),
                registration: mfaSubmit.ends("generalError"),
                awaitingQuirk: "A second mfa_required after a successful introspect is a generalError with no message.",
                registrationQuirk: "registration_required during MFA submit, introspect OK: generalError with no message.")
        case .registerSubmitToken, .registerPreverifiedToken:
            let submit = context == .registerSubmitToken
            let channel = submit ? jitSubmit : jitChallenge
            return SecondFactorFacts(
                section: submit ? "5.4 submitChallenge" : "5.4 challengeAuthMethod", channel: channel,
                awaitingMFA: channel.ends("generalError"), registration: channel.ends("generalError"),
                awaitingQuirk: "After registration an awaitingMFA result is a general error.",
                registrationQuirk: "After registration a JIT-again result is a general error.",
                failedRedirect: "generalError")
        }
    }

    /// oauth2/v2.0/introspect (labels M…) or register/v1.0/introspect (labels R…) after `context`.
    private static func introspectRows(_ context: SecondFactorContext, registration: Bool) -> [OutcomeRow] {
        let facts = facts(context)
        let step: Step = registration ? .registerIntrospect(after: context) : .mfaIntrospect(after: context)
        let successQuirk = registration ? facts.registrationQuirk : facts.awaitingQuirk
        // MSAL's JITIntrospect error type knows no error name (client-behaviour.md §2: "only unknown"), so
        // `invalid_request` and `expired_token` from register/introspect decode as unknown errors: the
        // named-error row exists only for oauth2/introspect (a row no answer can reach is not kept).
        let classification = registration ? introspectClassification.filter { $0.label != "4" } : introspectClassification
        let specs = compose(
            classification, prefix: registration ? "R." : "M.",
            quirks: [.redirect: "Errata 2026-11-22: a failed follow-up introspect keeps browserRequired for a redirect."]
                .merging(successQuirk.map { [.methodsRetrieved: $0] } ?? [:]) { $1 }
        ) { validated -> Expectation in
            switch validated {
            case .methodsRetrieved: return registration ? facts.registration : facts.awaitingMFA
            case .redirect: return facts.channel.ends(facts.failedRedirect)
            default: return facts.channel.ends("generalError")
            }
        }
        return bind(step, facts.section, specs, suffix: facts.suffix)
    }

    /// §5.3: AwaitingMFAState / MFARequiredState.requestChallenge (oauth2/v2.0/challenge with `id`).
    private static let mfaRequestChallenge = bind(
        .mfaRequestChallenge, "5.3 requestChallenge",
        compose(
            challengeClassification, prefix: "B.",
            quirks: [.redirect: "A redirect hands back the old state (MFARequiredState, old token)."]
        ) {
            switch $0 {
            case .codeRequired: return success("onMFARequestChallengeVerificationRequired", "MFARequiredState")
            case .passwordRequired: return mfaRequest.ends("generalError")
            case .providerBlocked: return mfaRequest.retry("authMethodBlocked")
            case .redirect: return mfaRequest.retry("browserRequired")
            default: return mfaRequest.retry("generalError")
            }
        })

    /// §5.3: MFARequiredState.submitChallenge (`/token`, grant_type=mfa_oob).
    private static let mfaSubmitChallenge = bind(
        .mfaSubmitChallenge, "5.3 submitChallenge",
        compose(
            tokenClassification,
            quirks: [.redirect: "Even a redirect hands back the old state (§8.2 item 5)."]
        ) {
            switch $0 {
            case .success: return signInCompleted
            case .invalidOOBCode: return mfaSubmit.retry("invalidChallenge")
            case .redirect: return mfaSubmit.retry("browserRequired")
            case .strongAuthRequired: return .proceed(to: .mfaIntrospect(after: .mfaSubmitChallenge))
            case .jitRequired: return .proceed(to: .registerIntrospect(after: .mfaSubmitChallenge))
            default: return mfaSubmit.retry("generalError")
            }
        })
}
