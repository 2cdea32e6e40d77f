import Foundation
import HAR
import NativeAuthWire
import Oracle

/// The built-in flows, scripted from the example exchanges of native-auth-api.md §8 (made-up values).
public enum BaseFlows {
    /// Every built-in flow.
    public static let all: [FuzzFlow] = [
        signUpWithAttributes, signUpPasswordLater, signInPassword, signInCode, signInMFA, signInRegistration,
        signInRegistrationPreverified, resetPassword, resetPasswordLongPoll,
    ]

    /// Finds a built-in flow by name.
    public static func named(_ name: String) -> FuzzFlow? { all.first { $0.name == name } }

    /// Canary secrets typed by the scripted user; error messages must never repeat them.
    public static let password = "Canary-Pass-42!"
    public static let code = "48213907"

    static func ok(_ json: String) -> FuzzResponse { FuzzResponse(status: 200, json: json) }
    static func bad(_ json: String) -> FuzzResponse { FuzzResponse(status: 400, json: json) }

    static func oobChallenge(_ token: String) -> FuzzResponse {
        ok(#"{"continuation_token":"\#(token)","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email","challenge_target_label":"a***x@ex****e.com","code_length":8,"interval":300}"#)
    }

    static func errorBody(_ error: String, suberror: String? = nil, codes: [Int], token: String? = nil, extra: String = "") -> String {
        var parts = [#""error":"\#(error)""#]
        if let suberror { parts.append(#""suberror":"\#(suberror)""#) }
        parts.append(#""error_description":"AADSTS\#(codes.first ?? 0): made-up description.""#)
        parts.append(#""error_codes":[\#(codes.map(String.init).joined(separator: ","))]"#)
        parts.append(#""timestamp":"2025-01-01 10:00:00Z","trace_id":"8d1c3a4e-0000-4000-8000-000000000001","correlation_id":"0e5c3b1a-7d2f-4c6e-9a8b-1f2e3d4c5b6a""#)
        if let token { parts.append(#""continuation_token":"\#(token)""#) }
        if !extra.isEmpty { parts.append(extra) }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// A `/token` 200 with cacheable tokens (made-up JWTs and client_info).
    static let tokenResponse: FuzzResponse = {
        func b64(_ text: String) -> String {
            Base64URL.encode(text.utf8)
        }
        let idToken = b64(#"{"alg":"none","typ":"JWT"}"#) + "."
            + b64(#"{"preferred_username":"alex@example.com","oid":"u-1","tid":"t-1","sub":"s-1"}"#) + ".c2ln"
        let clientInfo = b64(#"{"uid":"u-1","utid":"t-1"}"#)
        return ok(#"{"token_type":"Bearer","scope":"openid profile offline_access","expires_in":3599,"ext_expires_in":3599,"access_token":"AT-canary-access","refresh_token":"RT-canary-refresh","id_token":"\#(idToken)","client_info":"\#(clientInfo)"}"#)
    }()

    /// §8.1: sign-up with password at start, one required attribute, then sign-in.
    public static let signUpWithAttributes = FuzzFlow(name: "signUpWithAttributes", actions: [
        FuzzAction(.signUp(username: "alex@example.com", password: password, attributes: nil), step: .signUpStart,
                   responses: [ok(#"{"continuation_token":"SU-CT-1"}"#), oobChallenge("SU-CT-2")]),
        FuzzAction(.submitCode(code: code), step: .signUpSubmitCode, responses: [
            bad(errorBody("attributes_required", codes: [55106], token: "SU-CT-3",
                          extra: #""required_attributes":[{"name":"displayName","type":"string","required":true}]"#)),
        ]),
        FuzzAction(.submitAttributes(attributes: JSONObject([(key: "displayName", value: "Alex")])), step: .signUpSubmitAttributes,
                   responses: [ok(#"{"continuation_token":"SU-CT-4","expires_in":600}"#)]),
        FuzzAction(.signInAfterSignUp(), step: .signInAfterSignUp, responses: [tokenResponse]),
    ])

    /// §8.2: sign-up where the password is asked after the code, with one resend of the code.
    public static let signUpPasswordLater = FuzzFlow(name: "signUpPasswordLater", actions: [
        FuzzAction(.signUp(username: "alex@example.com", password: nil, attributes: nil), step: .signUpStart,
                   responses: [ok(#"{"continuation_token":"SU-CT-1"}"#), oobChallenge("SU-CT-2")]),
        FuzzAction(.resendCode, step: .signUpResendCode, responses: [oobChallenge("SU-CT-2R")]),
        FuzzAction(.submitCode(code: code), step: .signUpSubmitCode, responses: [
            bad(errorBody("credential_required", codes: [55103], token: "SU-CT-5")),
            ok(#"{"challenge_type":"password","continuation_token":"SU-CT-6"}"#),
        ]),
        FuzzAction(.submitPassword(password: password), step: .signUpSubmitPassword,
                   responses: [ok(#"{"continuation_token":"SU-CT-7"}"#)]),
        FuzzAction(.signInAfterSignUp(), step: .signInAfterSignUp, responses: [tokenResponse]),
    ])

    /// §8.4: sign-in with a password given to `signIn`.
    public static let signInPassword = FuzzFlow(name: "signInPassword", actions: [
        FuzzAction(.signIn(username: "alex@example.com", password: password), step: .signInInitiateWithPassword,
                   responses: [ok(#"{"continuation_token":"SI-CT-1"}"#),
                               ok(#"{"continuation_token":"SI-CT-2","challenge_type":"password"}"#), tokenResponse]),
    ])

    /// §8.5: sign-in with an e-mail code, one resend.
    public static let signInCode = FuzzFlow(name: "signInCode", actions: [
        FuzzAction(.signIn(username: "sam@example.com", password: nil), step: .signInInitiate,
                   responses: [ok(#"{"continuation_token":"OTP-CT-1"}"#), oobChallenge("OTP-CT-2")]),
        FuzzAction(.resendCode, step: .signInResendCode, responses: [oobChallenge("OTP-CT-3")]),
        FuzzAction(.submitCode(code: "73914455"), step: .signInSubmitCode, responses: [tokenResponse]),
    ])

    /// §8.6: MFA after the password.
    public static let signInMFA = FuzzFlow(name: "signInMFA", actions: [
        FuzzAction(.signIn(username: "alex@example.com", password: password), step: .signInInitiateWithPassword,
                   responses: [
                       ok(#"{"continuation_token":"SI-CT-1"}"#),
                       ok(#"{"continuation_token":"SI-CT-2","challenge_type":"password"}"#),
                       bad(errorBody("invalid_grant", suberror: "mfa_required", codes: [50076], token: "MFA-CT-1")),
                       ok(#"{"continuation_token":"MFA-CT-2","methods":[{"id":"3f1c-email","challenge_type":"oob","challenge_channel":"email","login_hint":"a***x@ex****e.com"}]}"#),
                   ]),
        FuzzAction(.requestChallenge(), step: .mfaRequestChallenge, responses: [
            ok(#"{"continuation_token":"MFA-CT-3","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email","challenge_target_label":"a***x@ex****e.com","code_length":8}"#),
        ]),
        FuzzAction(.submitChallenge(challenge: "55550000"), step: .mfaSubmitChallenge, responses: [tokenResponse]),
    ])

    /// Sign-in with a password whose answer asks for strong-auth registration; the introspect
    /// offers one e-mail method.
    static let registrationRequired = FuzzAction(
        .signIn(username: "alex@example.com", password: password), step: .signInInitiateWithPassword,
        responses: [
            ok(#"{"continuation_token":"SI-CT-1"}"#),
            ok(#"{"continuation_token":"SI-CT-2","challenge_type":"password"}"#),
            bad(errorBody("invalid_grant", suberror: "registration_required", codes: [50079], token: "REG-CT-1")),
            ok(#"{"continuation_token":"REG-CT-2","methods":[{"id":"email","challenge_type":"oob","challenge_channel":"email","login_hint":"a***x@ex****e.com"}]}"#),
        ])

    /// §8.7: strong-auth registration after the password.
    public static let signInRegistration = FuzzFlow(name: "signInRegistration", actions: [
        registrationRequired,
        FuzzAction(.challengeAuthMethod(contact: "alex.backup@example.com"), step: .registerChallenge, responses: [
            ok(#"{"continuation_token":"REG-CT-3","challenge_type":"oob","binding_method":"prompt","challenge_target":"alex.backup@example.com","challenge_channel":"email","code_length":8}"#),
        ]),
        FuzzAction(.submitChallenge(challenge: "90817263"), step: .registerSubmitChallenge,
                   responses: [ok(#"{"continuation_token":"REG-CT-4"}"#), tokenResponse]),
    ])

    /// Strong-auth registration whose contact is already verified: `register/challenge` answers
    /// `preverified`, and the SDK continues and signs in without a code (the steps behind it are
    /// answered directly, not only at the end of a chain of table answers).
    public static let signInRegistrationPreverified = FuzzFlow(name: "signInRegistrationPreverified", actions: [
        registrationRequired,
        FuzzAction(.challengeAuthMethod(contact: "alex@example.com"), step: .registerChallenge, responses: [
            ok(#"{"continuation_token":"REG-CT-3","challenge_type":"preverified"}"#),
            ok(#"{"continuation_token":"REG-CT-4"}"#),
            tokenResponse,
        ]),
    ])

    /// §8.8 with a resend of the code and the longest wait MSAL allows: five `in_progress` polls,
    /// and the sixth, the last one MSAL makes, answered directly.
    public static let resetPasswordLongPoll = FuzzFlow(name: "resetPasswordLongPoll", actions: [
        FuzzAction(.resetPassword(username: "alex@example.com"), step: .resetPasswordStart,
                   responses: [ok(#"{"continuation_token":"RP-CT-1"}"#), oobChallenge("RP-CT-2")]),
        FuzzAction(.resendCode, step: .resetPasswordResendCode, responses: [oobChallenge("RP-CT-2R")]),
        FuzzAction(.submitCode(code: "31415926"), step: .resetPasswordSubmitCode,
                   responses: [ok(#"{"continuation_token":"RP-CT-3","expires_in":600}"#)]),
        FuzzAction(.submitPassword(password: password), step: .resetPasswordSubmit, responses:
            [ok(#"{"continuation_token":"RP-CT-4","poll_interval":1}"#)]
            + Array(repeating: ok(#"{"status":"in_progress"}"#), count: 5)
            + [ok(#"{"status":"succeeded","continuation_token":"RP-CT-5"}"#)]),
    ])

    /// §8.8: self-service password reset, then sign-in.
    public static let resetPassword = FuzzFlow(name: "resetPassword", actions: [
        FuzzAction(.resetPassword(username: "alex@example.com"), step: .resetPasswordStart,
                   responses: [ok(#"{"continuation_token":"RP-CT-1"}"#), oobChallenge("RP-CT-2")]),
        FuzzAction(.submitCode(code: "31415926"), step: .resetPasswordSubmitCode,
                   responses: [ok(#"{"continuation_token":"RP-CT-3","expires_in":600}"#)]),
        FuzzAction(.submitPassword(password: password), step: .resetPasswordSubmit, responses: [
            ok(#"{"continuation_token":"RP-CT-4","poll_interval":2}"#), ok(#"{"status":"in_progress"}"#),
            ok(#"{"status":"succeeded","continuation_token":"RP-CT-5"}"#),
        ]),
        FuzzAction(.signInAfterResetPassword(), step: .signInAfterResetPassword, responses: [tokenResponse]),
    ])
}
