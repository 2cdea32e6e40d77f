// client-behaviour.md §5.1: sign-up. One RowSpec per table row; "4a/4b" split a row that names
// several response classes. Rows are tried in order; the last row of each step matches anything.

extension OutcomeTable {
    static let signUpRows: [OutcomeRow] =
        signUpStart + signUpStartChallenge + signUpResendCode + signUpSubmitCode + signUpCredentialChallenge
        + signUpSubmitPassword + signUpSubmitAttributes

    private static let startError = ErrorChannel(
        callback: "onSignUpStartError", errorClass: "SignUpStartError", retryState: nil)
    private static let verifyCode = ErrorChannel(
        callback: "onSignUpVerifyCodeError", errorClass: "VerifyCodeError", retryState: "SignUpCodeRequiredState")
    private static let resend = ErrorChannel(
        callback: "onSignUpResendCodeError", errorClass: "ResendCodeError", retryState: "SignUpCodeRequiredState")
    private static let password = ErrorChannel(
        callback: "onSignUpPasswordRequiredError", errorClass: "PasswordRequiredError",
        retryState: "SignUpPasswordRequiredState")
    private static let attributes = ErrorChannel(
        callback: "onSignUpAttributesRequiredError", errorClass: "AttributesRequiredError", retryState: nil)

    /// 200 oob with label, channel, code length and token.
    static let oobComplete = ResponsePattern.ok(
        challenge: .oneOf(["oob"]),
        requires: [.challengeTargetLabel, .challengeChannel, .codeLength, .continuationToken])
    static let oobIncomplete = ResponsePattern.ok(
        challenge: .oneOf(["oob"]),
        lacksOneOf: [.challengeTargetLabel, .challengeChannel, .codeLength, .continuationToken])
    static let passwordWithToken = ResponsePattern.ok(challenge: .oneOf(["password"]), requires: [.continuationToken])
    static let passwordWithoutToken = ResponsePattern.ok(
        challenge: .oneOf(["password"]), lacksOneOf: [.continuationToken])
    private static let passwordPolicy = ResponsePattern.passwordSuberrors

    private static let completed = success("onSignUpCompleted", "SignInAfterSignUpState")
    private static let attributesRequired = success("onSignUpAttributesRequired", "SignUpAttributesRequiredState")
    private static let attributesRequiredValid = ResponsePattern.error(
        ["attributes_required"], requires: [.continuationToken, .requiredAttributes])

    // §5.1 A: signup/start.
    static let signUpStart = bind(.signUpStart, "5.1 A", [
        RowSpec("1", .redirect, startError.ends("browserRequired")),
        RowSpec("2", .ok(requires: [.continuationToken]), .proceed(to: .signUpStartChallenge)),
        RowSpec("3", .ok(lacksOneOf: [.continuationToken]), startError.ends("generalError")),
        RowSpec(
            "4", .error(["invalid_grant"], suberror: .oneOf(["attribute_validation_failed"]), requires: [.invalidAttributes]),
            success("onSignUpAttributesInvalid", nil),
            quirk: "A non-error callback ends the flow, yet telemetry records a failure."),
        RowSpec(
            "5", .error(["invalid_grant"], suberror: .oneOf(["attribute_validation_failed"])),
            startError.ends("generalError")),
        RowSpec(
            "6", .error(["invalid_request"], firstCode: 90100, description: .usernameInvalid),
            startError.ends("invalidUsername")),
        RowSpec(
            "7", .error(["invalid_request"], firstCode: 90100, description: .clientIdInvalid),
            startError.ends("generalError")),
        RowSpec("8", .error(["user_already_exists"]), startError.ends("userAlreadyExists")),
        RowSpec("9", .error(["invalid_grant"], suberror: .oneOf(passwordPolicy)), startError.ends("invalidPassword")),
        RowSpec("10", .error(["invalid_grant"]), startError.ends("generalError")),
        RowSpec(
            "11",
            .error([
                "attributes_required", "unauthorized_client", "unsupported_challenge_type", "unsupported_auth_method",
                "invalid_request",
            ]), startError.ends("generalError")),
        RowSpec("12", .anything, startError.ends("generalError")),
    ])

    // §5.1 B: the signup/challenge that follows start.
    static let signUpStartChallenge = bind(.signUpStartChallenge, "5.1 B", [
        RowSpec(
            "1", oobComplete,
            success("onSignUpCodeRequired", "SignUpCodeRequiredState")),
        RowSpec(
            "2", passwordWithToken, startError.ends("generalError"),
            quirk: "MSAL iOS accepts only oob after signup/start; a password challenge is a general error."),
        RowSpec("3", .redirect, startError.ends("browserRequired")),
        RowSpec("4a", .ok(challenge: .absent), startError.ends("generalError")),
        RowSpec("4b", oobIncomplete, startError.ends("generalError")),
        RowSpec("4c", passwordWithoutToken, startError.ends("generalError")),
        RowSpec("5", .error(), startError.ends("generalError")),
        RowSpec("6", .anything, startError.ends("generalError")),
    ])

    // §5.1 C: SignUpCodeRequiredState.resendCode.
    static let signUpResendCode = bind(.signUpResendCode, "5.1 C", [
        RowSpec("1", oobComplete, success("onSignUpResendCodeCodeRequired", "SignUpCodeRequiredState")),
        RowSpec(
            "2", .error(), resend.retry("generalError"),
            quirk: "Every known signup/challenge 400 (expired_token too) hands back the old state (§8.2 items 5, 6)."),
        RowSpec("3", .redirect, resend.ends("browserRequired")),
        RowSpec("4", .ok(challenge: .oneOf(["password"])), resend.ends("generalError")),
        RowSpec("5", .anything, resend.ends("generalError")),
    ])

    // §5.1 D: SignUpCodeRequiredState.submitCode (signup/continue, grant_type=oob).
    static let signUpSubmitCode = bind(.signUpSubmitCode, "5.1 D", [
        RowSpec(
            "1", .ok(), completed,
            quirk: "signup/continue never checks challenge_type: a 200 redirect still completes sign-up (§5.8, §8.2 item 3)."),
        RowSpec(
            "2", .error(["invalid_grant"], suberror: .oneOf(passwordPolicy.union(["invalid_oob_value"]))),
            verifyCode.retry("invalidCode"),
            quirk: "A password suberror on the code submit is reported as invalidCode (§8.2 item 8)."),
        RowSpec(
            "3", .error(["credential_required"], requires: [.continuationToken]),
            .proceed(to: .signUpCredentialChallenge)),
        RowSpec("4", .error(["credential_required"]), verifyCode.ends("generalError")),
        RowSpec("5", attributesRequiredValid, attributesRequired),
        RowSpec("6", .error(["attributes_required"]), verifyCode.ends("generalError")),
        RowSpec(
            "7", .error(["invalid_grant"], suberror: .oneOf(["attribute_validation_failed"]), requires: [.invalidAttributes]),
            verifyCode.ends("generalError")),
        RowSpec(
            "8", .error(["invalid_grant"], suberror: .oneOf(["attribute_validation_failed"])),
            verifyCode.ends("generalError")),
        RowSpec("9", .error(["invalid_grant"], suberror: .absent), verifyCode.ends("generalError")),
        RowSpec("10", .error(["invalid_grant"]), verifyCode.ends("generalError")),
        RowSpec(
            "11", .error(["verification_required"]), verifyCode.ends("generalError"),
            quirk: "verification_required is unsupported: generalError with the default text \"General error\"."),
        RowSpec(
            "12", .error(["unauthorized_client", "expired_token", "user_already_exists", "invalid_request"]),
            verifyCode.ends("generalError")),
        RowSpec("13", .anything, verifyCode.ends("generalError")),
    ])

    // §5.1 D2: the signup/challenge MSAL sends after credential_required.
    static let signUpCredentialChallenge = bind(.signUpCredentialChallenge, "5.1 D2", [
        RowSpec("1", passwordWithToken, success("onSignUpPasswordRequired", "SignUpPasswordRequiredState")),
        RowSpec("2", .redirect, verifyCode.ends("browserRequired")),
        RowSpec("3", .ok(challenge: .oneOf(["oob"])), verifyCode.ends("generalError")),
        RowSpec(
            "4", .error(), verifyCode.ends("generalError"),
            quirk: "The server message is dropped; codes and uri are kept."),
        RowSpec("5", .anything, verifyCode.ends("generalError")),
    ])

    // §5.1 E: SignUpPasswordRequiredState.submitPassword (signup/continue, grant_type=password).
    static let signUpSubmitPassword = bind(.signUpSubmitPassword, "5.1 E", [
        RowSpec("1", .ok(), completed),
        RowSpec("2", .error(["invalid_grant"], suberror: .oneOf(passwordPolicy)), password.retry("invalidPassword")),
        RowSpec(
            "3", .error(["invalid_grant"], suberror: .oneOf(["invalid_oob_value"])), password.retry("generalError"),
            quirk: "invalid_oob_value on the password submit counts as user input: retry state with generalError (§8.2 item 8)."),
        RowSpec("4", attributesRequiredValid, attributesRequired),
        RowSpec(
            "5a",
            .error(["credential_required", "unauthorized_client", "expired_token", "user_already_exists", "invalid_request"]),
            password.ends("generalError")),
        RowSpec(
            "5b", .error(["invalid_grant"], suberror: .oneOf(["attribute_validation_failed"])),
            password.ends("generalError")),
        RowSpec("5c", .error(["invalid_grant"], suberror: .absent), password.ends("generalError")),
        RowSpec("6", .anything, password.ends("generalError")),
    ])

    // §5.1 F: SignUpAttributesRequiredState.submitAttributes (signup/continue, grant_type=attributes).
    static let signUpSubmitAttributes = bind(.signUpSubmitAttributes, "5.1 F", [
        RowSpec("1", .ok(), completed),
        RowSpec(
            "2", attributesRequiredValid, attributesRequired,
            quirk: "Telemetry records a failure although a non-error callback fires."),
        RowSpec(
            "3", .error(["invalid_grant"], suberror: .oneOf(["attribute_validation_failed"]), requires: [.invalidAttributes]),
            success("onSignUpAttributesInvalid", "SignUpAttributesRequiredState", token: .fromRequest),
            quirk: "newState keeps the old token; telemetry records \"Invalid attributes: …\" as a failure."),
        RowSpec("4", .error(), attributes.ends("generalError")),
        RowSpec("5", .anything, attributes.ends("generalError")),
    ])
}
