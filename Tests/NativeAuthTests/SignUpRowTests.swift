import Foundation
import Testing
@testable import NativeAuth

private let startError = "onSignUpStartError"
private func su(_ type: String) -> Outcome { O(startError, "SignUpStartError.\(type)") }
private let start = Op.signUp()
private let ok1 = R.token("ct1")

/// client-behaviour.md §1.3 (sign-up) and §5.1 A/B: `signUp()`.
let signUpStartRows: [Row] = [
    Row("1.3-su1", "an empty username fails without a request", .signUp(username: ""), [], su("invalidUsername")),
    Row("1.3-su2", "a given but empty password fails without a request", .signUp(password: ""), [], su("invalidPassword")),
    Row("0.1-attr", "attributes that cannot be serialised fail without a request", .signUpUnserialisableAttributes, [],
        su("generalError")),
    Row("5.1A-1", "start 200 redirect is browserRequired", start, [R.redirect], su("browserRequired")),
    Row("5.1A-2", "start 200 with a token goes on to the challenge", start, [ok1, R.oob("ct2")],
        O("onSignUpCodeRequired", nil, "SignUpCodeRequiredState", "ct2")),
    Row("5.1A-3", "start 200 without a token is a general error", start, [R.ok("{}")], su("generalError")),
    Row("5.1A-4", "attribute_validation_failed with invalid_attributes calls onSignUpAttributesInvalid", start,
        [R.err("invalid_grant", sub: "attribute_validation_failed", extra: R.invalidAttributes)],
        O("onSignUpAttributesInvalid")),
    Row("5.1A-5", "attribute_validation_failed without invalid_attributes is a general error", start,
        [R.err("invalid_grant", sub: "attribute_validation_failed")], su("generalError")),
    Row("5.1A-5b", "attribute_validation_failed with an empty list is a general error", start,
        [R.err("invalid_grant", sub: "attribute_validation_failed", extra: #""invalid_attributes":[]"#)], su("generalError")),
    Row("5.1A-6", "invalid_request 90100 naming the username is invalidUsername", start,
        [R.err("invalid_request", codes: [90100], desc: "AADSTS90100: username parameter is empty or not valid.")],
        su("invalidUsername")),
    Row("5.1A-7", "invalid_request 90100 naming client_id is a general error", start,
        [R.err("invalid_request", codes: [90100], desc: "AADSTS90100: client_id parameter is empty or not valid.")],
        su("generalError")),
    Row("5.1A-8", "user_already_exists is userAlreadyExists", start, [R.err("user_already_exists")], su("userAlreadyExists")),
] + APIErrorBody.passwordSuberrors.sorted().map {
    Row("5.1A-9", "invalid_grant + \($0) is invalidPassword", start, [R.err("invalid_grant", sub: $0)], su("invalidPassword"))
} + [
    Row("5.1A-10", "invalid_grant with another suberror is a general error", start,
        [R.err("invalid_grant", sub: "invalid_oob_value")], su("generalError")),
    Row("5.1A-10b", "invalid_grant without suberror is a general error", start, [R.err("invalid_grant")], su("generalError")),
] + ["attributes_required", "unauthorized_client", "unsupported_challenge_type", "unsupported_auth_method", "invalid_request"].map {
    Row("5.1A-11", "400 \($0) is a general error", start, [R.err($0)], su("generalError"))
} + [
    Row("5.1A-12", "an unknown error string is a general error", start, [R.err("totally_new")], su("generalError")),
    Row("5.1A-12b", "an undecodable 200 is a general error", start, [R.notJSON], su("generalError")),
    Row("5.1A-12c", "a 400 without an error key is a general error", start, [R.status(400, #"{"x":1}"#)], su("generalError")),
    Row("5.1A-12d", "403 is a general error", start, [R.status(403)], su("generalError")),
    Row("5.1A-12e", "a 5xx is retried once, then a general error", start, [R.server500, R.server500], su("generalError")),
    Row("5.1B-1", "challenge 200 oob with all fields is onSignUpCodeRequired", start, [ok1, R.oob("ct2")],
        O("onSignUpCodeRequired", nil, "SignUpCodeRequiredState", "ct2")),
    Row("5.1B-2", "challenge 200 password is a general error (only oob after start)", start, [ok1, R.password("ct2")],
        su("generalError")),
    Row("5.1B-3", "challenge 200 redirect is browserRequired", start, [ok1, R.redirect], su("browserRequired")),
    Row("5.1B-4", "challenge 200 without challenge_type is a general error", start, [ok1, R.token("ct2")], su("generalError")),
    Row("5.1B-4b", "challenge oob without code_length is a general error", start,
        [ok1, R.ok(#"{"continuation_token":"ct2","challenge_type":"oob","challenge_channel":"email","challenge_target_label":"x"}"#)],
        su("generalError")),
    Row("5.1B-4c", "challenge password without a token is a general error", start,
        [ok1, R.ok(#"{"challenge_type":"password"}"#)], su("generalError")),
    Row("5.1B-4d", "challenge with code_length as a string does not decode", start,
        [ok1, R.ok(#"{"continuation_token":"ct2","challenge_type":"oob","challenge_channel":"email","challenge_target_label":"x","code_length":"8"}"#)],
        su("generalError")),
    Row("5.1B-4e", "challenge with an unknown challenge_type does not decode", start,
        [ok1, R.ok(#"{"continuation_token":"ct2","challenge_type":"sms"}"#)], su("generalError")),
] + ["invalid_request", "unauthorized_client", "unsupported_challenge_type", "expired_token"].map {
    Row("5.1B-5", "challenge 400 \($0) is a general error", start, [ok1, R.err($0)], su("generalError"))
} + [
    Row("5.1B-6", "challenge unknown error is a general error", start, [ok1, R.err("weird")], su("generalError")),
]

private let resendError = "onSignUpResendCodeError"
/// §5.1 C: `SignUpCodeRequiredState.resendCode`.
let signUpResendRows: [Row] = [
    Row("5.1C-1", "oob with all fields hands a new state", .signUpResend, [R.oob("ct2")],
        O("onSignUpResendCodeCodeRequired", nil, "SignUpCodeRequiredState", "ct2")),
] + ["invalid_request", "unauthorized_client", "unsupported_challenge_type", "expired_token"].map {
    Row("5.1C-2", "known 400 \($0) keeps the same state", .signUpResend, [R.err($0)],
        O(resendError, "ResendCodeError.generalError", "SignUpCodeRequiredState", "ct-old"))
} + [
    Row("5.1C-3", "redirect is browserRequired without state", .signUpResend, [R.redirect],
        O(resendError, "ResendCodeError.browserRequired")),
    Row("5.1C-4", "password is a general error without state", .signUpResend, [R.password("ct2")],
        O(resendError, "ResendCodeError.generalError")),
    Row("5.1C-5", "an unknown error is a general error without state", .signUpResend, [R.err("weird")],
        O(resendError, "ResendCodeError.generalError")),
    Row("5.1C-5b", "a network failure is a general error without state", .signUpResend, [R.network],
        O(resendError, "ResendCodeError.generalError")),
]

private let verifyError = "onSignUpVerifyCodeError"
private func vc(_ type: String, same: Bool = false) -> Outcome {
    O(verifyError, "VerifyCodeError.\(type)", same ? "SignUpCodeRequiredState" : nil, same ? "ct-old" : nil)
}
private let submit = Op.signUpSubmitCode()
private let credentialRequired = R.err("credential_required", codes: [55103], token: "ct-cred")

/// §1.3 and §5.1 D/D2: `SignUpCodeRequiredState.submitCode`.
let signUpSubmitCodeRows: [Row] = [
    Row("1.3-su3", "an empty code is invalidCode with the same state, without a request", .signUpSubmitCode(""), [],
        vc("invalidCode", same: true)),
    Row("5.1D-1", "200 with a token completes with that token", submit, [R.token("ct-su")],
        O("onSignUpCompleted", nil, "SignInAfterSignUpState", "ct-su")),
    Row("5.1D-1b", "200 without a token completes with no token", submit, [R.ok("{}")],
        O("onSignUpCompleted", nil, "SignInAfterSignUpState", nil)),
    Row("5.1D-1c", "a 200 redirect is ignored: completed (MSAL quirk)", submit, [R.redirect],
        O("onSignUpCompleted", nil, "SignInAfterSignUpState", nil)),
    Row("5.1D-2", "invalid_grant + invalid_oob_value is invalidCode with the same state", submit,
        [R.err("invalid_grant", sub: "invalid_oob_value")], vc("invalidCode", same: true)),
] + APIErrorBody.passwordSuberrors.sorted().map {
    Row("5.1D-3", "invalid_grant + \($0) is invalidCode with the same state (MSAL quirk)", submit,
        [R.err("invalid_grant", sub: $0)], vc("invalidCode", same: true))
} + [
    Row("5.1D-4", "credential_required then a password challenge is onSignUpPasswordRequired", submit,
        [credentialRequired, R.password("ct-pw")], O("onSignUpPasswordRequired", nil, "SignUpPasswordRequiredState", "ct-pw")),
    Row("5.1D-5", "credential_required without a token is a general error", submit, [R.err("credential_required")],
        vc("generalError")),
    Row("5.1D-6", "attributes_required with token and attributes is onSignUpAttributesRequired", submit,
        [R.err("attributes_required", token: "ct-attr", extra: R.requiredAttributes)],
        O("onSignUpAttributesRequired", nil, "SignUpAttributesRequiredState", "ct-attr")),
    Row("5.1D-7", "attributes_required without a token is a general error", submit,
        [R.err("attributes_required", extra: R.requiredAttributes)], vc("generalError")),
    Row("5.1D-7b", "attributes_required with an empty list is a general error", submit,
        [R.err("attributes_required", token: "ct-attr", extra: #""required_attributes":[]"#)], vc("generalError")),
    Row("5.1D-7c", "a malformed required attribute makes the body undecodable", submit,
        [R.err("attributes_required", token: "ct-attr", extra: #""required_attributes":[{"name":"city"}]"#)],
        vc("generalError")),
    Row("5.1D-8", "attribute_validation_failed with a list is a general error", submit,
        [R.err("invalid_grant", sub: "attribute_validation_failed", extra: R.invalidAttributes)], vc("generalError")),
    Row("5.1D-8b", "attribute_validation_failed without a list is a general error", submit,
        [R.err("invalid_grant", sub: "attribute_validation_failed")], vc("generalError")),
    Row("5.1D-9", "invalid_grant without suberror is a general error", submit, [R.err("invalid_grant")], vc("generalError")),
] + (["introspect_required", "mfa_required", "registration_required", "provider_blocked_by_rep", "brand_new"] as [String]).map {
    Row("5.1D-10", "invalid_grant + \($0) is a general error", submit, [R.err("invalid_grant", sub: $0)], vc("generalError"))
} + [
    Row("5.1D-11", "verification_required is a general error with the default text", submit,
        [R.err("verification_required", token: "ct-v")], vc("generalError")),
] + ["unauthorized_client", "expired_token", "user_already_exists", "invalid_request"].map {
    Row("5.1D-12", "400 \($0) is a general error without state", submit, [R.err($0)], vc("generalError"))
} + [
    Row("5.1D-13", "an unknown error is a general error", submit, [R.err("weird")], vc("generalError")),
    Row("5.1D-13b", "a 404 is a general error", submit, [R.status(404)], vc("generalError")),
    Row("5.1D2-2", "after credential_required a redirect is browserRequired", submit, [credentialRequired, R.redirect],
        vc("browserRequired")),
    Row("5.1D2-3", "after credential_required an oob challenge is a general error", submit,
        [credentialRequired, R.oob("ct2")], vc("generalError")),
    Row("5.1D2-4", "after credential_required a 400 is a general error", submit,
        [credentialRequired, R.err("expired_token")], vc("generalError")),
    Row("5.1D2-5", "after credential_required an unexpected answer is a general error", submit,
        [credentialRequired, R.status(502), R.status(503)], vc("generalError")),
]

private let passwordError = "onSignUpPasswordRequiredError"
private func pw(_ type: String, same: Bool = false) -> Outcome {
    O(passwordError, "PasswordRequiredError.\(type)", same ? "SignUpPasswordRequiredState" : nil, same ? "ct-old" : nil)
}
private let submitPassword = Op.signUpSubmitPassword()

/// §1.3 and §5.1 E: `SignUpPasswordRequiredState.submitPassword`.
let signUpSubmitPasswordRows: [Row] = [
    Row("1.3-su4", "an empty password is invalidPassword with the same state", .signUpSubmitPassword(""), [],
        pw("invalidPassword", same: true)),
    Row("5.1E-1", "200 completes", submitPassword, [R.token("ct-su")],
        O("onSignUpCompleted", nil, "SignInAfterSignUpState", "ct-su")),
    Row("5.1E-2", "a password suberror is invalidPassword with the same state", submitPassword,
        [R.err("invalid_grant", sub: "password_too_short")], pw("invalidPassword", same: true)),
    Row("5.1E-3", "invalid_oob_value is a general error with the same state (MSAL quirk)", submitPassword,
        [R.err("invalid_grant", sub: "invalid_oob_value")], pw("generalError", same: true)),
    Row("5.1E-4", "attributes_required is onSignUpAttributesRequired", submitPassword,
        [R.err("attributes_required", token: "ct-attr", extra: R.requiredAttributes)],
        O("onSignUpAttributesRequired", nil, "SignUpAttributesRequiredState", "ct-attr")),
    Row("5.1E-5", "credential_required is a general error", submitPassword, [credentialRequired], pw("generalError")),
    Row("5.1E-5b", "attribute_validation_failed is a general error", submitPassword,
        [R.err("invalid_grant", sub: "attribute_validation_failed", extra: R.invalidAttributes)], pw("generalError")),
] + ["unauthorized_client", "expired_token", "user_already_exists", "invalid_request", "invalid_grant",
     "verification_required", "weird"].map {
    Row("5.1E-5c", "400 \($0) is a general error without state", submitPassword, [R.err($0)], pw("generalError"))
} + [
    Row("5.1E-6", "a network failure is retried once, then a general error", submitPassword,
        [.failure(TransportError(.timedOut, message: "t")), .failure(TransportError(.timedOut, message: "t"))],
        pw("generalError")),
]

private let attributesError = "onSignUpAttributesRequiredError"
/// §5.1 F: `SignUpAttributesRequiredState.submitAttributes`.
let signUpSubmitAttributesRows: [Row] = [
    Row("5.1F-1", "200 completes", .signUpSubmitAttributes, [R.token("ct-su")],
        O("onSignUpCompleted", nil, "SignInAfterSignUpState", "ct-su")),
    Row("5.1F-2", "attributes_required again hands a new state", .signUpSubmitAttributes,
        [R.err("attributes_required", token: "ct-attr2", extra: R.requiredAttributes)],
        O("onSignUpAttributesRequired", nil, "SignUpAttributesRequiredState", "ct-attr2")),
    Row("5.1F-3", "attribute_validation_failed keeps the same state", .signUpSubmitAttributes,
        [R.err("invalid_grant", sub: "attribute_validation_failed", extra: R.invalidAttributes)],
        O("onSignUpAttributesInvalid", nil, "SignUpAttributesRequiredState", "ct-old")),
    Row("5.1F-4", "invalid_oob_value is a general error", .signUpSubmitAttributes,
        [R.err("invalid_grant", sub: "invalid_oob_value")], O(attributesError, "AttributesRequiredError.generalError")),
    Row("5.1F-4b", "a password suberror is a general error", .signUpSubmitAttributes,
        [R.err("invalid_grant", sub: "password_banned")], O(attributesError, "AttributesRequiredError.generalError")),
    Row("5.1F-4c", "credential_required is a general error", .signUpSubmitAttributes, [credentialRequired],
        O(attributesError, "AttributesRequiredError.generalError")),
    Row("5.1F-4d", "attributes_required without attributes is a general error", .signUpSubmitAttributes,
        [R.err("attributes_required", token: "ct-attr2")], O(attributesError, "AttributesRequiredError.generalError")),
    Row("5.1F-5", "an unexpected answer is a general error", .signUpSubmitAttributes, [R.notJSON],
        O(attributesError, "AttributesRequiredError.generalError")),
]

@Suite("Sign-up rows of client-behaviour.md §5.1")
struct SignUpRowTests {
    @Test("signUp start and first challenge give MSAL's outcome", arguments: signUpStartRows)
    func start(row: Row) async { await check(row) }

    @Test("SignUpCodeRequiredState.resendCode gives MSAL's outcome", arguments: signUpResendRows)
    func resend(row: Row) async { await check(row) }

    @Test("SignUpCodeRequiredState.submitCode gives MSAL's outcome", arguments: signUpSubmitCodeRows)
    func submitCode(row: Row) async { await check(row) }

    @Test("SignUpPasswordRequiredState.submitPassword gives MSAL's outcome", arguments: signUpSubmitPasswordRows)
    func submitPassword(row: Row) async { await check(row) }

    @Test("SignUpAttributesRequiredState.submitAttributes gives MSAL's outcome", arguments: signUpSubmitAttributesRows)
    func submitAttributes(row: Row) async { await check(row) }
}
