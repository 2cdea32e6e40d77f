import Foundation
import Testing
@testable import NativeAuth

private func si(_ type: String) -> Outcome { O("onSignInStartError", "SignInStartError.\(type)") }
private let start = Op.signIn()
private let withPassword = Op.signIn(password: "Passw0rd!")
private let initiated = R.token("ct1")
private let passwordChallenge = R.password("ct2")
private let completed = O("onSignInCompleted")
private let mfaRequired = R.err("invalid_grant", sub: "mfa_required", codes: [50076], token: "ct-m1")
private let registrationRequired = R.err("invalid_grant", sub: "registration_required", codes: [50079], token: "ct-j1")

/// §1.3 (sign-in) and §5.2 A, B, D: `signIn()`.
let signInStartRows: [Row] = [
    Row("1.3-si1", "an empty username fails without a request", .signIn(username: ""), [], si("invalidUsername")),
    Row("1.3-si2", "a given but empty password is invalidCredentials without a request", .signIn(password: ""), [],
        si("invalidCredentials")),
    Row("5.2A-1", "initiate 200 redirect is browserRequired", start, [R.redirect], si("browserRequired")),
    Row("5.2A-3", "initiate 200 without a token is a general error", start, [R.ok("{}")], si("generalError")),
    Row("5.2A-4", "initiate user_not_found is userNotFound", start, [R.err("user_not_found", codes: [50034])],
        si("userNotFound")),
    Row("5.2A-4b", "initiate user_not_found with HTTP 401 is still userNotFound", start,
        [R.status(401, #"{"error":"user_not_found"}"#)], si("userNotFound")),
] + ["invalid_request", "unauthorized_client", "unsupported_challenge_type", "weird"].map {
    Row("5.2A-5", "initiate 400 \($0) is a general error", start, [R.err($0)], si("generalError"))
} + [
    Row("5.2A-6", "initiate 5xx then 200 retries once and goes on", start, [R.server500, initiated, R.oob("ct2")],
        O("onSignInCodeRequired", nil, "SignInCodeRequiredState", "ct2")),
    Row("5.2B-1", "challenge oob is onSignInCodeRequired", start, [initiated, R.oob("ct2")],
        O("onSignInCodeRequired", nil, "SignInCodeRequiredState", "ct2")),
    Row("5.2B-1b", "challenge oob ignores a supplied password (MSAL quirk)", withPassword, [initiated, R.oob("ct2")],
        O("onSignInCodeRequired", nil, "SignInCodeRequiredState", "ct2")),
    Row("5.2B-2", "challenge password without a supplied password is onSignInPasswordRequired", start,
        [initiated, passwordChallenge], O("onSignInPasswordRequired", nil, "SignInPasswordRequiredState", "ct2")),
    Row("5.2B-4", "challenge redirect is browserRequired", start, [initiated, R.redirect], si("browserRequired")),
    Row("5.2B-5", "challenge without challenge_type is a general error", start, [initiated, R.token("ct2")],
        si("generalError")),
    Row("5.2B-6", "challenge oob with a missing field is a general error", start,
        [initiated, R.ok(#"{"continuation_token":"ct2","challenge_type":"oob","code_length":8}"#)], si("generalError")),
    Row("5.2B-6b", "challenge password without a token is a general error", start,
        [initiated, R.ok(#"{"challenge_type":"password"}"#)], si("generalError")),
    Row("5.2B-7", "challenge access_denied + provider_blocked_by_rep is a general error", start,
        [initiated, R.err("access_denied", sub: "provider_blocked_by_rep")], si("generalError")),
    Row("5.2B-7b", "challenge access_denied with another suberror is a general error", start,
        [initiated, R.err("access_denied", sub: "provider_blocked_by_admin")], si("generalError")),
] + ["invalid_request", "unauthorized_client", "invalid_grant", "expired_token", "unsupported_challenge_type"].map {
    Row("5.2B-8", "challenge 400 \($0) is a general error", start, [initiated, R.err($0)], si("generalError"))
} + [
    Row("5.2B-9", "invalid_request + introspect_required is not recognised: general error", start,
        [initiated, R.err("invalid_request", sub: "introspect_required")], si("generalError")),
    Row("5.2D-1", "a supplied password is sent to /token and completes", withPassword,
        [initiated, passwordChallenge, R.tokens()], completed),
    Row("5.2D-2", "token invalid_grant 50126 is invalidCredentials", withPassword,
        [initiated, passwordChallenge, R.err("invalid_grant", codes: [50126])], si("invalidCredentials")),
    Row("5.2D-2b", "only the first error code counts: 50126 second is a general error", withPassword,
        [initiated, passwordChallenge, R.err("invalid_grant", codes: [1, 50126])], si("generalError")),
    Row("5.2D-3", "token invalid_grant 50034 is userNotFound", withPassword,
        [initiated, passwordChallenge, R.err("invalid_grant", codes: [50034])], si("userNotFound")),
    Row("5.2D-3b", "token user_not_found is userNotFound", withPassword,
        [initiated, passwordChallenge, R.err("user_not_found")], si("userNotFound")),
    Row("5.2D-4", "token redirect is browserRequired", withPassword, [initiated, passwordChallenge, R.redirect],
        si("browserRequired")),
    Row("5.2D-5", "mfa_required then a good introspect is onSignInAwaitingMFA", withPassword,
        [initiated, passwordChallenge, mfaRequired, R.methods("ct-m2")],
        O("onSignInAwaitingMFA", nil, "AwaitingMFAState", "ct-m2")),
    Row("5.2D-6", "mfa_required then an introspect redirect is browserRequired", withPassword,
        [initiated, passwordChallenge, mfaRequired, R.redirect], si("browserRequired")),
    Row("5.2D-6b", "mfa_required then an introspect error is a general error", withPassword,
        [initiated, passwordChallenge, mfaRequired, R.err("expired_token")], si("generalError")),
    Row("5.2D-6c", "mfa_required then an empty methods list is a general error", withPassword,
        [initiated, passwordChallenge, mfaRequired, R.ok(#"{"continuation_token":"ct-m2","methods":[]}"#)],
        si("generalError")),
    Row("5.2D-6d", "mfa_required without a token is a general error", withPassword,
        [initiated, passwordChallenge, R.err("invalid_grant", sub: "mfa_required")], si("generalError")),
    Row("5.2D-7", "registration_required then a good register/introspect is onSignInStrongAuthMethodRegistration",
        withPassword, [initiated, passwordChallenge, registrationRequired, R.methods("ct-j2")],
        O("onSignInStrongAuthMethodRegistration", nil, "RegisterStrongAuthState", "ct-j2")),
    Row("5.2D-8", "registration_required then a register/introspect redirect is browserRequired", withPassword,
        [initiated, passwordChallenge, registrationRequired, R.redirect], si("browserRequired")),
    Row("5.2D-8b", "registration_required then a register/introspect 400 is a general error", withPassword,
        [initiated, passwordChallenge, registrationRequired, R.err("invalid_request")], si("generalError")),
] + [("invalid_grant", "invalid_oob_value"), ("expired_token", nil), ("invalid_scope", nil), ("slow_down", nil),
     ("invalid_grant", nil), ("invalid_client", nil)].map { (error: String, sub: String?) in
    Row("5.2D-9", "token \(error) \(sub ?? "") is a general error", withPassword,
        [initiated, passwordChallenge, R.err(error, sub: sub)], si("generalError"))
} + [
    Row("5.2D-10", "token invalid_grant 500222 is a general error", withPassword,
        [initiated, passwordChallenge, R.err("invalid_grant", codes: [500222])], si("generalError")),
    Row("5.2D-11", "a token 200 without client_info is a general error", withPassword,
        [initiated, passwordChallenge, R.ok(#"{"access_token":"a","id_token":"b"}"#)], si("generalError")),
    Row("5.2D-11b", "a token 200 that is not an object is a general error", withPassword,
        [initiated, passwordChallenge, R.ok("[1]")], si("generalError")),
]

private func spw(_ type: String, same: Bool = true) -> Outcome {
    O("onSignInPasswordRequiredError", "PasswordRequiredError.\(type)", same ? "SignInPasswordRequiredState" : nil,
      same ? "ct-old" : nil)
}
private let submitPassword = Op.signInSubmitPassword()

/// §5.2 E: `SignInPasswordRequiredState.submitPassword`.
let signInSubmitPasswordRows: [Row] = [
    Row("1.3-si3", "an empty password is invalidPassword with the same state", .signInSubmitPassword(""), [],
        spw("invalidPassword")),
    Row("5.2E-1", "tokens complete the sign-in", submitPassword, [R.tokens()], completed),
    Row("5.2E-2", "50126 is invalidPassword with the same state", submitPassword, [R.err("invalid_grant", codes: [50126])],
        spw("invalidPassword")),
    Row("5.2E-3", "a redirect is browserRequired with the same state (MSAL quirk)", submitPassword, [R.redirect],
        spw("browserRequired")),
    Row("5.2E-4", "expired_token is a general error with the same (expired) state", submitPassword, [R.err("expired_token")],
        spw("generalError")),
    Row("5.2E-4b", "user not found is a general error with the same state", submitPassword,
        [R.err("invalid_grant", codes: [50034])], spw("generalError")),
    Row("5.2E-4c", "a caching failure (no client_info) keeps the same state", submitPassword,
        [R.ok(#"{"access_token":"a"}"#)], spw("generalError")),
    Row("5.2E-4d", "a network failure keeps the same state", submitPassword, [R.network], spw("generalError")),
    Row("5.2E-5", "mfa_required with a good introspect is onSignInAwaitingMFA", submitPassword,
        [mfaRequired, R.methods("ct-m2")], O("onSignInAwaitingMFA", nil, "AwaitingMFAState", "ct-m2")),
    Row("5.2E-6", "mfa_required with a failed introspect has no state", submitPassword,
        [mfaRequired, R.err("invalid_request")], spw("generalError", same: false)),
    Row("5.2E-6b", "mfa_required with a redirecting introspect is browserRequired without state", submitPassword,
        [mfaRequired, R.redirect], spw("browserRequired", same: false)),
    Row("5.2E-7", "registration_required with a good introspect is onSignInStrongAuthMethodRegistration", submitPassword,
        [registrationRequired, R.methods("ct-j2")],
        O("onSignInStrongAuthMethodRegistration", nil, "RegisterStrongAuthState", "ct-j2")),
    Row("5.2E-7b", "registration_required with a failed introspect has no state", submitPassword,
        [registrationRequired, R.notJSON], spw("generalError", same: false)),
]

private func svc(_ type: String, same: Bool = true) -> Outcome {
    O("onSignInVerifyCodeError", "VerifyCodeError.\(type)", same ? "SignInCodeRequiredState" : nil, same ? "ct-old" : nil)
}
private let submitCode = Op.signInSubmitCode()

/// §5.2 F: `SignInCodeRequiredState.submitCode`.
let signInSubmitCodeRows: [Row] = [
    Row("1.3-si4", "an empty code is invalidCode with the same state", .signInSubmitCode(""), [], svc("invalidCode")),
    Row("5.2F-1", "tokens complete the sign-in", submitCode, [R.tokens()], completed),
    Row("5.2F-2", "invalid_oob_value is invalidCode with the same state", submitCode,
        [R.err("invalid_grant", sub: "invalid_oob_value")], svc("invalidCode")),
    Row("5.2F-3", "a redirect is browserRequired with the same state", submitCode, [R.redirect], svc("browserRequired")),
    Row("5.2F-4", "expired_token is a general error with the same state", submitCode, [R.err("expired_token")],
        svc("generalError")),
    Row("5.2F-4b", "5xx twice is a general error with the same state", submitCode, [R.server500, R.server500],
        svc("generalError")),
    Row("5.2F-5", "mfa_required with a good introspect is onSignInAwaitingMFA", submitCode,
        [mfaRequired, R.methods("ct-m2")], O("onSignInAwaitingMFA", nil, "AwaitingMFAState", "ct-m2")),
    Row("5.2F-5b", "mfa_required with a failed introspect has no state", submitCode,
        [mfaRequired, R.err("expired_token")], svc("generalError", same: false)),
    Row("5.2F-5c", "registration_required with a good introspect is onSignInStrongAuthMethodRegistration", submitCode,
        [registrationRequired, R.methods("ct-j2")],
        O("onSignInStrongAuthMethodRegistration", nil, "RegisterStrongAuthState", "ct-j2")),
]

private func src(_ type: String, same: Bool = true) -> Outcome {
    O("onSignInResendCodeError", "ResendCodeError.\(type)", same ? "SignInCodeRequiredState" : nil, same ? "ct-old" : nil)
}

/// §5.2 G: `SignInCodeRequiredState.resendCode`.
let signInResendRows: [Row] = [
    Row("5.2G-1", "oob hands a new state", .signInResend, [R.oob("ct2")],
        O("onSignInResendCodeCodeRequired", nil, "SignInCodeRequiredState", "ct2")),
    Row("5.2G-2", "password is a general error without state", .signInResend, [R.password("ct2")],
        src("generalError", same: false)),
    Row("5.2G-3", "a redirect is browserRequired with the same state (MSAL quirk)", .signInResend, [R.redirect],
        src("browserRequired")),
    Row("5.2G-4", "expired_token is a general error with the same state", .signInResend, [R.err("expired_token")],
        src("generalError")),
    Row("5.2G-4b", "an unexpected answer keeps the same state", .signInResend, [R.status(404)], src("generalError")),
]

private func after(_ type: String) -> Outcome { O("onSignInAfterSignUpError", "SignInAfterSignUpError.\(type)") }
private func afterReset(_ type: String) -> Outcome {
    O("onSignInAfterResetPasswordError", "SignInAfterResetPasswordError.\(type)")
}

/// §5.2 H: sign-in after sign-up and after password reset.
let signInAfterRows: [Row] = [
    Row("5.2H-1", "no continuation token: not available, without a request", .signInAfterSignUp(token: nil), [],
        after("generalError")),
    Row("5.2H-2", "tokens complete the sign-in", .signInAfterSignUp(), [R.tokens()], completed),
    Row("5.2H-3", "a token error is a general error", .signInAfterSignUp(), [R.err("invalid_grant")], after("generalError")),
    Row("5.2H-3b", "a redirect is browserRequired", .signInAfterSignUp(), [R.redirect], after("browserRequired")),
    Row("5.2H-4", "mfa_required with a good introspect is still a general error (MSAL quirk)", .signInAfterSignUp(),
        [mfaRequired, R.methods("ct-m2")], after("generalError")),
    Row("5.2H-5", "mfa_required with a redirecting introspect is browserRequired (errata)", .signInAfterSignUp(),
        [mfaRequired, R.redirect], after("browserRequired")),
    Row("5.2H-5b", "mfa_required with a failed introspect is a general error", .signInAfterSignUp(),
        [mfaRequired, R.err("invalid_request")], after("generalError")),
    Row("5.2H-6", "registration_required with a good introspect is onSignInStrongAuthMethodRegistration",
        .signInAfterSignUp(), [registrationRequired, R.methods("ct-j2")],
        O("onSignInStrongAuthMethodRegistration", nil, "RegisterStrongAuthState", "ct-j2")),
    Row("5.2H-1r", "after reset, no continuation token: not available", .signInAfterResetPassword(token: nil), [],
        afterReset("generalError")),
    Row("5.2H-2r", "after reset, tokens complete the sign-in", .signInAfterResetPassword(), [R.tokens()], completed),
    Row("5.2H-3r", "after reset, a redirect is browserRequired", .signInAfterResetPassword(), [R.redirect],
        afterReset("browserRequired")),
    Row("5.2H-4r", "after reset, mfa_required with a good introspect is a general error (MSAL quirk)",
        .signInAfterResetPassword(), [mfaRequired, R.methods("ct-m2")], afterReset("generalError")),
    Row("5.2H-5r", "after reset, mfa_required with a redirecting introspect is browserRequired",
        .signInAfterResetPassword(), [mfaRequired, R.redirect], afterReset("browserRequired")),
    Row("5.2H-6r", "after reset, registration_required continues into registration", .signInAfterResetPassword(),
        [registrationRequired, R.methods("ct-j2")],
        O("onSignInStrongAuthMethodRegistration", nil, "RegisterStrongAuthState", "ct-j2")),
]

@Suite("Sign-in rows of client-behaviour.md §5.2")
struct SignInRowTests {
    @Test("signIn initiate, challenge and password token give MSAL's outcome", arguments: signInStartRows)
    func start(row: Row) async { await check(row) }

    @Test("SignInPasswordRequiredState.submitPassword gives MSAL's outcome", arguments: signInSubmitPasswordRows)
    func submitPassword(row: Row) async { await check(row) }

    @Test("SignInCodeRequiredState.submitCode gives MSAL's outcome", arguments: signInSubmitCodeRows)
    func submitCode(row: Row) async { await check(row) }

    @Test("SignInCodeRequiredState.resendCode gives MSAL's outcome", arguments: signInResendRows)
    func resend(row: Row) async { await check(row) }

    @Test("sign-in after sign-up and after reset gives MSAL's outcome", arguments: signInAfterRows)
    func afterPreviousFlow(row: Row) async { await check(row) }
}
