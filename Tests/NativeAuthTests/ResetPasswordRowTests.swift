import Foundation
import Testing
@testable import NativeAuth

private func rs(_ type: String) -> Outcome { O("onResetPasswordStartError", "ResetPasswordStartError.\(type)") }
private let start = Op.resetPassword()
private let started = R.token("ct1")

/// §1.3 and §5.5 A/B: `resetPassword()`.
let resetStartRows: [Row] = [
    Row("1.3-rp1", "an empty username fails without a request", .resetPassword(username: ""), [], rs("invalidUsername")),
    Row("5.5A-1", "start redirect is browserRequired", start, [R.redirect], rs("browserRequired")),
    Row("5.5A-2", "start token then oob is onResetPasswordCodeRequired", start, [started, R.oob("ct2")],
        O("onResetPasswordCodeRequired", nil, "ResetPasswordCodeRequiredState", "ct2")),
    Row("5.5A-3", "start without a token is a general error", start, [R.ok("{}")], rs("generalError")),
    Row("5.5A-4", "invalid_request with first code 500222 is userDoesNotHavePassword", start,
        [R.err("invalid_request", codes: [500222])], rs("userDoesNotHavePassword")),
    Row("5.5A-4b", "500222 not first is a general error", start, [R.err("invalid_request", codes: [1, 500222])],
        rs("generalError")),
    Row("5.5A-5", "another invalid_request is a general error", start, [R.err("invalid_request")], rs("generalError")),
    Row("5.5A-6", "user_not_found is userNotFound", start, [R.err("user_not_found")], rs("userNotFound")),
    Row("5.5A-7", "unauthorized_client is a general error", start, [R.err("unauthorized_client")], rs("generalError")),
    Row("5.5A-7b", "unsupported_challenge_type is a general error", start, [R.err("unsupported_challenge_type")],
        rs("generalError")),
    Row("5.5A-8", "an unknown error is a general error", start, [R.err("weird", codes: [7])], rs("generalError")),
    Row("5.5A-9", "an undecodable body is a general error", start, [R.notJSON], rs("generalError")),
    Row("5.5A-9b", "a network failure (retried) is a general error", start,
        [.failure(TransportError(.notConnectedToInternet, message: "x")), R.network], rs("generalError")),
    Row("5.5B-1", "challenge redirect is browserRequired", start, [started, R.redirect], rs("browserRequired")),
    Row("5.5B-2", "challenge password is a general error", start, [started, R.password("ct2")], rs("generalError")),
    Row("5.5B-2b", "challenge without type is a general error", start, [started, R.token("ct2")], rs("generalError")),
    Row("5.5B-3", "oob with a missing field is a general error", start,
        [started, R.ok(#"{"continuation_token":"ct2","challenge_type":"oob"}"#)], rs("generalError")),
] + ["invalid_request", "unauthorized_client", "expired_token", "unsupported_challenge_type"].map {
    Row("5.5B-4", "challenge 400 \($0) is a general error", start, [started, R.err($0)], rs("generalError"))
}

private let resendError = "onResetPasswordResendCodeError"
/// §5.5 C: resend never hands back a state.
let resetResendRows: [Row] = [
    Row("5.5C-1", "oob hands a new state", .resetPasswordResend, [R.oob("ct2")],
        O("onResetPasswordResendCodeRequired", nil, "ResetPasswordCodeRequiredState", "ct2")),
    Row("5.5C-2", "a redirect is browserRequired without state", .resetPasswordResend, [R.redirect],
        O(resendError, "ResendCodeError.browserRequired")),
    Row("5.5C-3", "expired_token is a general error without state (MSAL quirk)", .resetPasswordResend,
        [R.err("expired_token")], O(resendError, "ResendCodeError.generalError")),
    Row("5.5C-3b", "an unexpected answer is a general error without state", .resetPasswordResend, [R.status(429)],
        O(resendError, "ResendCodeError.generalError")),
]

private func vc(_ type: String, same: Bool = false) -> Outcome {
    O("onResetPasswordVerifyCodeError", "VerifyCodeError.\(type)", same ? "ResetPasswordCodeRequiredState" : nil,
      same ? "ct-old" : nil)
}
private let submitCode = Op.resetPasswordSubmitCode()

/// §5.5 D: submit code.
let resetSubmitCodeRows: [Row] = [
    Row("1.3-rp2", "an empty code is invalidCode with the same state", .resetPasswordSubmitCode(""), [],
        vc("invalidCode", same: true)),
    Row("5.5D-1", "200 with a token is onPasswordRequired", submitCode, [R.ok(#"{"continuation_token":"ct3","expires_in":600}"#)],
        O("onPasswordRequired", nil, "ResetPasswordRequiredState", "ct3")),
    Row("5.5D-2", "a redirect is browserRequired without state", submitCode, [R.redirect], vc("browserRequired")),
    Row("5.5D-3", "200 without a token is a general error", submitCode, [R.ok("{}")], vc("generalError")),
    Row("5.5D-4", "invalid_oob_value is invalidCode with the same state", submitCode,
        [R.err("invalid_grant", sub: "invalid_oob_value")], vc("invalidCode", same: true)),
    Row("5.5D-5", "invalid_grant with another suberror is a general error", submitCode,
        [R.err("invalid_grant", sub: "password_too_weak")], vc("generalError")),
    Row("5.5D-5b", "invalid_grant without suberror is a general error", submitCode, [R.err("invalid_grant", codes: [50126])],
        vc("generalError")),
] + ["unauthorized_client", "expired_token", "invalid_request", "verification_required", "weird"].map {
    Row("5.5D-6", "400 \($0) is a general error without state", submitCode, [R.err($0)], vc("generalError"))
}

private func pw(_ type: String, token: String? = nil) -> Outcome {
    O("onResetPasswordRequiredError", "PasswordRequiredError.\(type)", token == nil ? nil : "ResetPasswordRequiredState", token)
}
private let submitPassword = Op.resetPasswordSubmitPassword()
private let submitted = R.ok(#"{"continuation_token":"ct-submit","poll_interval":2}"#)
private func poll(_ status: String, token: String? = nil) -> Reply {
    R.ok(token.map { #"{"status":"\#(status)","continuation_token":"\#($0)"}"# } ?? #"{"status":"\#(status)"}"#)
}
private let done = O("onResetPasswordCompleted", nil, "SignInAfterResetPasswordState", "ct5")

/// §5.5 E/F and §6.4: submit password and the poll loop.
let resetSubmitPasswordRows: [Row] = [
    Row("1.3-rp3", "an empty password is invalidPassword with the same state", .resetPasswordSubmitPassword(""), [],
        pw("invalidPassword", token: "ct-old")),
    Row("5.5E-1", "submit then an immediate succeeded poll completes", submitPassword, [submitted, poll("succeeded", token: "ct5")],
        done),
    Row("5.5E-2", "submit without poll_interval is a general error", submitPassword, [R.token("ct-submit")],
        pw("generalError")),
    Row("5.5E-2b", "submit without a token is a general error", submitPassword, [R.ok(#"{"poll_interval":2}"#)],
        pw("generalError")),
    Row("5.5E-3", "a submit redirect is browserRequired", submitPassword, [R.redirect], pw("browserRequired")),
    Row("5.5E-4", "a password suberror is invalidPassword with the same state", submitPassword,
        [R.err("invalid_grant", sub: "password_recently_used")], pw("invalidPassword", token: "ct-old")),
    Row("5.5E-5", "invalid_grant with another suberror is a general error", submitPassword,
        [R.err("invalid_grant", sub: "invalid_oob_value")], pw("generalError")),
] + ["invalid_request", "unauthorized_client", "expired_token", "weird"].map {
    Row("5.5E-6", "submit 400 \($0) is a general error", submitPassword, [R.err($0)], pw("generalError"))
} + [
    Row("5.5F-1", "in_progress then succeeded completes", submitPassword,
        [submitted, poll("in_progress"), poll("succeeded", token: "ct5")], done),
    Row("5.5F-1b", "not_started keeps polling (iOS)", submitPassword,
        [submitted, poll("not_started"), poll("succeeded", token: "ct5")], done),
    Row("5.5F-1c", "succeeded without a token completes with no token", submitPassword, [submitted, poll("succeeded")],
        O("onResetPasswordCompleted", nil, "SignInAfterResetPasswordState", nil)),
    Row("5.5F-1d", "a negative poll_interval is waited as 0 and polling goes on (MSAL traps here)", submitPassword,
        [R.ok(#"{"continuation_token":"ct-submit","poll_interval":-5}"#), poll("in_progress"), poll("succeeded", token: "ct5")],
        done),
    Row("5.5F-1e", "a poll_interval beyond MSAL's nanosecond range is clamped and polling goes on (MSAL traps here)",
        submitPassword,
        [R.ok(#"{"continuation_token":"ct-submit","poll_interval":9223372036854775807}"#), poll("in_progress"),
         poll("succeeded", token: "ct5")], done),
    Row("5.5F-2", "six polls in progress exhaust the retries: general error", submitPassword,
        [submitted] + Array(repeating: poll("in_progress"), count: 6), pw("generalError")),
    Row("5.5F-3", "failed is a general error", submitPassword, [submitted, poll("failed")], pw("generalError")),
    Row("5.5F-4", "a poll without status is a general error", submitPassword, [submitted, R.ok("{}")], pw("generalError")),
    Row("5.5F-5", "an unknown status does not decode: general error", submitPassword, [submitted, poll("paused")],
        pw("generalError")),
    Row("5.5F-6", "a poll redirect is browserRequired", submitPassword, [submitted, R.redirect], pw("browserRequired")),
    Row("5.5F-7", "a poll password error hands back the submit token (MSAL quirk)", submitPassword,
        [submitted, poll("in_progress"), R.err("invalid_grant", sub: "password_too_weak")],
        pw("invalidPassword", token: "ct-submit")),
] + ["invalid_grant", "user_not_found", "invalid_request", "unauthorized_client", "expired_token", "weird"].map {
    Row("5.5F-8", "poll 400 \($0) is a general error", submitPassword, [submitted, R.err($0)], pw("generalError"))
}

@Suite("Reset-password rows of client-behaviour.md §5.5")
struct ResetPasswordRowTests {
    @Test("resetPassword start and challenge give MSAL's outcome", arguments: resetStartRows)
    func start(row: Row) async { await check(row) }

    @Test("ResetPasswordCodeRequiredState.resendCode gives MSAL's outcome", arguments: resetResendRows)
    func resend(row: Row) async { await check(row) }

    @Test("ResetPasswordCodeRequiredState.submitCode gives MSAL's outcome", arguments: resetSubmitCodeRows)
    func submitCode(row: Row) async { await check(row) }

    @Test("ResetPasswordRequiredState.submitPassword and the poll loop give MSAL's outcome", arguments: resetSubmitPasswordRows)
    func submitPassword(row: Row) async { await check(row) }

    @Test("the poll loop polls at once, then waits poll_interval, always with the submit token")
    func pollTiming() async {
        let (_, h) = await perform(.resetPasswordSubmitPassword(),
                                   [submitted] + Array(repeating: poll("in_progress"), count: 6))
        #expect(h.clock.sleeps == [2, 2, 2, 2, 2])
        #expect(h.transport.requests.count == 7)
        for index in 1...6 { #expect(h.fields(index)["continuation_token"] == "ct-submit") }
    }

    @Test("poll_interval is clamped to [0, 300] s where MSAL would trap (decoding-rulings.md R2)")
    func pollIntervalClamped() async {
        for (interval, wait) in [("-5", 0.0), ("1e10", 300.0), ("9223372036854775807", 300.0), ("300", 300.0)] {
            let answer = R.ok(#"{"continuation_token":"ct-submit","poll_interval":\#(interval)}"#)
            let (_, h) = await perform(.resetPasswordSubmitPassword(),
                                       [answer, poll("in_progress"), poll("succeeded", token: "ct5")])
            #expect(h.clock.sleeps == [wait], "poll_interval \(interval)")
        }
    }

    @Test("an unknown start error string drops the error codes (MSAL quirk)")
    func unknownErrorDropsCodes() async {
        let h = Harness([R.err("weird", codes: [7, 8])])
        guard case .error(let error) = await h.app.resetPassword(username: "u@c.com") else {
            Issue.record("expected an error")
            return
        }
        #expect(error.errorCodes.isEmpty)
        let h2 = Harness([R.err("user_not_found", codes: [50034])])
        guard case .error(let error2) = await h2.app.resetPassword(username: "u@c.com") else { return }
        #expect(error2.errorCodes == [50034])
    }
}
