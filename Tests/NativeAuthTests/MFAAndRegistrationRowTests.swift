import Foundation
import Testing
@testable import NativeAuth

private func rc(_ type: String, same: Bool = true) -> Outcome {
    O("onMFARequestChallengeError", "MFARequestChallengeError.\(type)", same ? "MFARequiredState" : nil, same ? "ct-old" : nil)
}
private func sc(_ type: String, same: Bool = true) -> Outcome {
    O("onMFASubmitChallengeError", "MFASubmitChallengeError.\(type)", same ? "MFARequiredState" : nil, same ? "ct-old" : nil)
}
private let request = Op.mfaRequestChallenge()
private let submit = Op.mfaSubmitChallenge()

/// §5.3: MFA request and submit challenge.
let mfaRows: [Row] = [
    Row("5.3R-1", "oob from AwaitingMFAState is onMFARequestChallengeVerificationRequired", request, [R.oob("ct2")],
        O("onMFARequestChallengeVerificationRequired", nil, "MFARequiredState", "ct2")),
    Row("5.3R-1b", "oob from MFARequiredState is onMFARequestChallengeVerificationRequired",
        .mfaRequestChallenge(fromAwaiting: false), [R.oob("ct2")],
        O("onMFARequestChallengeVerificationRequired", nil, "MFARequiredState", "ct2")),
    Row("5.3R-2", "password is a general error without state", request, [R.password("ct2")], rc("generalError", same: false)),
    Row("5.3R-3", "access_denied + provider_blocked_by_rep is authMethodBlocked with the same state", request,
        [R.err("access_denied", sub: "provider_blocked_by_rep", codes: [550024])], rc("authMethodBlocked")),
    Row("5.3R-4", "a redirect is browserRequired with the same state", request, [R.redirect], rc("browserRequired")),
    Row("5.3R-5", "another challenge error is a general error with the same state", request, [R.err("expired_token")],
        rc("generalError")),
    Row("5.3R-5b", "an unexpected answer is a general error with the same state", request, [R.notJSON], rc("generalError")),
    Row("1.3-mfa", "an empty challenge is invalidChallenge with the same state", .mfaSubmitChallenge(""), [],
        sc("invalidChallenge")),
    Row("5.3S-1", "tokens complete the sign-in", submit, [R.tokens()], O("onSignInCompleted")),
    Row("5.3S-2", "invalid_oob_value is invalidChallenge with the same state", submit,
        [R.err("invalid_grant", sub: "invalid_oob_value")], sc("invalidChallenge")),
    Row("5.3S-3", "a redirect is browserRequired with the same state", submit, [R.redirect], sc("browserRequired")),
    Row("5.3S-4", "another token error is a general error with the same state", submit, [R.err("invalid_grant", codes: [50126])],
        sc("generalError")),
    Row("5.3S-5", "a second mfa_required with a good introspect is a general error without state", submit,
        [R.err("invalid_grant", sub: "mfa_required", token: "ct-m9"), R.methods("ct-m10")], sc("generalError", same: false)),
    Row("5.3S-5b", "registration_required with a good introspect is a general error without state", submit,
        [R.err("invalid_grant", sub: "registration_required", token: "ct-j9"), R.methods("ct-j10")],
        sc("generalError", same: false)),
    Row("5.3S-6", "a second mfa_required with a redirecting introspect is browserRequired without state (errata)", submit,
        [R.err("invalid_grant", sub: "mfa_required", token: "ct-m9"), R.redirect], sc("browserRequired", same: false)),
    Row("5.3S-6b", "a second mfa_required with a failed introspect is a general error without state", submit,
        [R.err("invalid_grant", sub: "mfa_required", token: "ct-m9"), R.err("expired_token")], sc("generalError", same: false)),
]

private func jc(_ type: String, same: Bool = true) -> Outcome {
    O("onRegisterStrongAuthChallengeError", "RegisterStrongAuthChallengeError.\(type)", same ? "RegisterStrongAuthState" : nil,
      same ? "ct-old" : nil)
}
private func js(_ type: String, same: Bool = true) -> Outcome {
    O("onRegisterStrongAuthSubmitChallengeError", "RegisterStrongAuthSubmitChallengeError.\(type)",
      same ? "RegisterStrongAuthVerificationRequiredState" : nil, same ? "ct-old" : nil)
}
private let challenge = Op.registerChallenge()
private let jitOOB = R.ok(#"{"continuation_token":"ct-j3","challenge_type":"oob","binding_method":"prompt","challenge_target":"new@contoso.com","challenge_channel":"email","code_length":8}"#)
private let preverified = R.ok(#"{"continuation_token":"ct-j3","challenge_type":"preverified"}"#)

/// §1.3 and §5.4: strong-auth method registration.
let registrationRows: [Row] = [
    Row("1.3-jit1", "an empty contact from RegisterStrongAuthState is invalidInput with the same state",
        .registerChallenge(contact: ""), [], jc("invalidInput")),
    Row("1.3-jit2", "an empty contact from the verification state is invalidInput without state (MSAL quirk)",
        .registerChallenge(contact: "", fromVerification: true), [], jc("invalidInput", same: false)),
    Row("5.4C-1", "oob with all fields is onRegisterStrongAuthVerificationRequired", challenge, [jitOOB],
        O("onRegisterStrongAuthVerificationRequired", nil, "RegisterStrongAuthVerificationRequiredState", "ct-j3")),
    Row("5.4C-2", "preverified continues and signs in", challenge, [preverified, R.token("ct-j4"), R.tokens()],
        O("onSignInCompleted")),
    Row("5.4C-2b", "preverified with a failing continue is a general error without state", challenge,
        [preverified, R.err("invalid_grant")], jc("generalError", same: false)),
    Row("5.4C-2c", "preverified with a failing token call is a general error without state", challenge,
        [preverified, R.token("ct-j4"), R.err("invalid_grant")], jc("generalError", same: false)),
    Row("5.4C-3", "preverified without a token is a general error with the same state", challenge,
        [R.ok(#"{"challenge_type":"preverified"}"#)], jc("generalError")),
    Row("5.4C-3b", "oob with a missing field is a general error with the same state", challenge,
        [R.ok(#"{"continuation_token":"ct-j3","challenge_type":"oob","code_length":8}"#)], jc("generalError")),
    Row("5.4C-4", "a redirect is browserRequired without state", challenge, [R.redirect], jc("browserRequired", same: false)),
    Row("5.4C-5", "another challenge type is a general error with the same state", challenge,
        [R.ok(#"{"continuation_token":"ct-j3","challenge_type":"password"}"#)], jc("generalError")),
    Row("5.4C-5b", "no challenge_type does not decode: general error with the same state", challenge,
        [R.token("ct-j3")], jc("generalError")),
    Row("5.4C-6", "access_denied + provider_blocked_by_rep is verificationContactBlocked", challenge,
        [R.err("access_denied", sub: "provider_blocked_by_rep", codes: [550024])], jc("verificationContactBlocked")),
    Row("5.4C-7", "invalid_request with 901001 is invalidInput with the same state", challenge,
        [R.err("invalid_request", codes: [901001])], jc("invalidInput")),
    Row("5.4C-8", "another invalid_request is a general error with the same state", challenge,
        [R.err("invalid_request", codes: [55000])], jc("generalError")),
    Row("5.4C-8b", "access_denied + provider_blocked_by_admin is a general error", challenge,
        [R.err("access_denied", sub: "provider_blocked_by_admin")], jc("generalError")),
    Row("5.4C-8c", "expired_token (unknown here) is a general error with the same state", challenge,
        [R.err("expired_token", codes: [55112])], jc("generalError")),
    Row("1.3-jit3", "an empty code is invalidChallenge with the same state", .registerSubmitChallenge(""), [],
        js("invalidChallenge")),
    Row("5.4S-1", "continue then tokens complete the sign-in", .registerSubmitChallenge(), [R.token("ct-j4"), R.tokens()],
        O("onSignInCompleted")),
    Row("5.4S-1b", "continue then a token error is a general error without state", .registerSubmitChallenge(),
        [R.token("ct-j4"), R.err("expired_token")], js("generalError", same: false)),
    Row("5.4S-1c", "continue then mfa_required is a general error without state", .registerSubmitChallenge(),
        [R.token("ct-j4"), R.err("invalid_grant", sub: "mfa_required", token: "ct-m1"), R.methods("ct-m2")],
        js("generalError", same: false)),
    Row("5.4S-2", "a redirect is browserRequired without state", .registerSubmitChallenge(), [R.redirect],
        js("browserRequired", same: false)),
    Row("5.4S-3", "200 without a token is a general error with the same state", .registerSubmitChallenge(), [R.ok("{}")],
        js("generalError")),
    Row("5.4S-4", "invalid_oob_value is invalidChallenge with the same state", .registerSubmitChallenge(),
        [R.err("invalid_grant", sub: "invalid_oob_value")], js("invalidChallenge")),
    Row("5.4S-5", "another error is a general error with the same state", .registerSubmitChallenge(),
        [R.err("invalid_request", codes: [55200])], js("generalError")),
]

@Suite("MFA and registration rows of client-behaviour.md §5.3–5.4")
struct MFAAndRegistrationRowTests {
    @Test("MFA requestChallenge and submitChallenge give MSAL's outcome", arguments: mfaRows)
    func mfa(row: Row) async { await check(row) }

    @Test("strong-auth registration challenge and submit give MSAL's outcome", arguments: registrationRows)
    func registration(row: Row) async { await check(row) }

    @Test("the sign-in after registration asks only for the default scopes and sends no username")
    func registrationTokenScopes() async {
        let (_, h) = await perform(.registerSubmitChallenge(), [R.token("ct-j4"), R.tokens()])
        let token = h.fields(1)
        #expect(token["grant_type"] == "continuation_token")
        #expect(token["scope"] == "openid profile offline_access")
        #expect(token["username"] == nil)
        #expect(token["continuation_token"] == "ct-j4")
    }

    @Test("the MFA challenge sends the method id and the submit sends grant mfa_oob without challenge_type")
    func mfaRequestShapes() async {
        let (_, h) = await perform(.mfaRequestChallenge(), [R.oob("ct2")])
        #expect(h.fields(0)["id"] == "m1")
        let (_, h2) = await perform(.mfaSubmitChallenge("654321"), [R.tokens()])
        #expect(h2.fields(0)["grant_type"] == "mfa_oob")
        #expect(h2.fields(0)["oob"] == "654321")
        #expect(h2.fields(0)["challenge_type"] == nil)
    }
}
