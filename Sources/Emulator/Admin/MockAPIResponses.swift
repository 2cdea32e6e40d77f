import NativeAuthWire

/// The canned answers behind the MSAL Mock API response keys (spec §9), including the contract's typos.
enum MockAPIResponses {
    enum Answer {
        case body(Int, EmulatorJSON)
        case error(NativeAuthError)
        case tokens
    }

    static let token = "mock-continuation-token"

    static let known: Set<String> = [
        "SignUpStartSuccess", "SignUpContinueSuccess", "InitiateSuccess", "TokenSuccess", "ChallengeTypePassword",
        "ChallengeTypeOOB", "ChallengeSuccessSMS", "ChallengeTypeRedirect", "IntrospectSuccess",
        "IntrospectSMSSuccess", "IntrospectRequired", "MFARequired", "RegistrationRequired",
        "RegistraionIntrospectSuccess", "RegistraionChallengeSuccess", "RegistraionChallengeSMSSuccess",
        "RegistrationContinueSuccess", "RegistrationInvalidOOBValue", "RegistraionInvalidChallengeTarget",
        "SSPRStartSuccess", "SSPRContinueSuccess", "SSPRSubmitSuccess", "SSPRPollSuccess", "SSPRPollInProgress",
        "SSPRPollFailed", "SSPRPollNotStarted", "InvalidRequest", "InvalidToken", "InvalidClient",
        "UnauthorizedClient", "InvalidGrant", "InvalidScope", "ExpiredToken", "AuthNotSupported",
        "UserAlreadyExists", "UserNotFound", "SlowDown", "InvalidPassword", "InvalidOOBValue", "PasswordTooWeak",
        "PasswordTooShort", "PasswordTooLong", "PasswordRecentlyUsed", "PasswordBanned", "AuthorizationPending",
        "UnsupportedChallengeType", "CredentialRequired", "AttributesRequired", "InvalidAttributes",
        "VerificationRequired", "AttributeValidationFailed", "InvalidContinuationToken", "InvalidUsername",
        "ServerError", "AccessDenied", "AuthMethodBlocked", "InvalidAuthMethodForUser", "InvalidPurposeToken",
        "NewPasswordIsInvalid", "TokenExpiredSLT",
    ]

    private static func ct() -> (String, EmulatorJSON) { (WireField.continuationToken, .string(token)) }

    private static func oob(channel: String, label: String, labelKey: String = WireField.challengeTargetLabel)
        -> EmulatorJSON
    {
        .object([
            ct(), (WireField.challengeType, .string("oob")), (WireField.bindingMethod, .string("prompt")),
            (WireField.challengeChannel, .string(channel)), (labelKey, .string(label)),
            (WireField.codeLength, .int(8)), (WireField.interval, .int(300)),
        ])
    }

    private static func method(_ id: String, _ channel: String, _ hint: String) -> EmulatorJSON {
        .object([
            (WireField.id, .string(id)), (WireField.challengeType, .string("oob")),
            (WireField.challengeChannel, .string(channel)), (WireField.loginHint, .string(hint)),
        ])
    }

    private static func password(_ suberror: WireSuberror) -> Answer {
        .error(NativeAuthError(.invalidGrant, .passwordTooWeak, "The new password does not meet the policy.", suberror: suberror))
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    static func answer(_ key: String, endpoint: NativeAuthEndpoint) -> Answer {
        let jit = endpoint.flow == .registration
        switch key {
        case "SignUpStartSuccess", "InitiateSuccess", "SSPRStartSuccess", "RegistrationContinueSuccess":
            return .body(200, .object([ct()]))
        case "SignUpContinueSuccess", "SSPRContinueSuccess":
            return .body(200, .object([ct(), (WireField.expiresIn, .int(600))]))
        case "TokenSuccess": return .tokens
        case "ChallengeTypePassword":
            return .body(200, .object([(WireField.challengeType, .string("password")), ct()]))
        case "ChallengeTypeOOB": return .body(200, oob(channel: "email", label: "m***r@co*****.com"))
        case "ChallengeSuccessSMS": return .body(200, oob(channel: "sms", label: "+1425555****"))
        case "ChallengeTypeRedirect":
            return .body(
                200,
                .object([(WireField.challengeType, .string("redirect")),
                         (WireField.redirectReason, .string("Browser required (Mock API ChallengeTypeRedirect)."))]))
        case "IntrospectSuccess":
            return .body(200, .object([ct(), (WireField.methods, .array([method("6f1a2b3c-0000-4000-8000-000000000001", "email", "m***r@co*****.com")]))]))
        case "IntrospectSMSSuccess":
            return .body(200, .object([ct(), (WireField.methods, .array([method("6f1a2b3c-0000-4000-8000-000000000002", "sms", "+1425555****")]))]))
        case "RegistraionIntrospectSuccess":
            return .body(
                200,
                .object([ct(), (WireField.methods, .array([method("email", "email", "m***r@co*****.com"),
                                                           method("sms", "sms", "+1425555****")]))]))
        case "RegistraionChallengeSuccess":
            return .body(200, oob(channel: "email", label: "mock.user@contoso.com", labelKey: WireField.challengeTarget))
        case "RegistraionChallengeSMSSuccess":
            return .body(200, oob(channel: "sms", label: "+14255550100", labelKey: WireField.challengeTarget))
        case "SSPRSubmitSuccess": return .body(200, .object([ct(), (WireField.pollInterval, .int(1))]))
        case "SSPRPollSuccess": return .body(200, .object([(WireField.status, .string(WirePollStatus.succeeded.rawValue)), ct()]))
        case "SSPRPollInProgress": return .body(200, .object([(WireField.status, .string(WirePollStatus.inProgress.rawValue))]))
        case "SSPRPollFailed": return .body(200, .object([(WireField.status, .string("failed"))]))
        case "SSPRPollNotStarted": return .body(200, .object([(WireField.status, .string("not_started"))]))
        case "IntrospectRequired":
            return .error(NativeAuthError(.invalidRequest, .mfaRequiredOnRefresh, "Introspect required.", suberror: .introspectRequired))
        case "MFARequired":
            return .error(NativeAuthError(.invalidGrant, .mfaRequiredOnRefresh, "Multi-factor authentication is required.", suberror: .mfaRequired, extra: [ct()]))
        case "RegistrationRequired":
            return .error(NativeAuthError(.invalidGrant, 50079, "Strong authentication registration is required.", suberror: .registrationRequired, extra: [ct()]))
        case "RegistrationInvalidOOBValue", "InvalidOOBValue":
            return .error(.wrongCode)
        case "RegistraionInvalidChallengeTarget":
            return .error(NativeAuthError(.invalidRequest, .invalidVerificationContact, "The verification contact is not valid."))
        case "InvalidRequest":
            return .error(NativeAuthError(.invalidRequest, 900_144, "The request is not valid."))
        case "InvalidToken":
            return .error(NativeAuthError(.invalidRequest, .continuationTokenInvalid, "The continuation_token is invalid."))
        case "InvalidContinuationToken":
            return .error(NativeAuthError(.invalidRequest, 55000, "The continuation_token is invalid."))
        case "InvalidClient":
            return .error(NativeAuthError(.invalidClient, 7_000_218, "The client is not a public client or native auth is disabled."))
        case "UnauthorizedClient":
            return .error(NativeAuthError(.unauthorizedClient, 700_016, "The application was not found in the directory."))
        case "InvalidGrant":
            return .error(NativeAuthError(.invalidGrant, 70000, "The provided grant is invalid or expired."))
        case "InvalidScope":
            return .error(NativeAuthError(.invalidScope, 70011, "The provided scope is not valid."))
        case "ExpiredToken", "TokenExpiredSLT":
            return .error(NativeAuthError(.expiredToken, jit ? 55112 : 552_003, "The continuation_token has expired."))
        case "AuthNotSupported":
            return .error(NativeAuthError(.unsupportedAuthMethod, 550_021, "The authentication method is not supported for this app."))
        case "UserAlreadyExists":
            return .error(NativeAuthError(.userAlreadyExists, .userAlreadyExists, "The user account already exists in the directory."))
        case "UserNotFound":
            return .error(NativeAuthError(.userNotFound, .userNotFound, "The user account does not exist in the directory."))
        case "SlowDown": return .error(NativeAuthError(.slowDown, 70019, "Slow down."))
        case "AuthorizationPending": return .error(NativeAuthError(.authorizationPending, 70016, "Authorization pending."))
        case "InvalidPassword":
            if endpoint == .resetPasswordContinue {
                return .error(NativeAuthError(.invalidGrant, .invalidCredentials, "Error validating credentials due to invalid username or password."))
            }
            return password(.passwordIsInvalid)
        case "NewPasswordIsInvalid": return password(.passwordIsInvalid)
        case "PasswordTooWeak": return password(.passwordTooWeak)
        case "PasswordTooShort": return password(.passwordTooShort)
        case "PasswordTooLong": return password(.passwordTooLong)
        case "PasswordRecentlyUsed": return password(.passwordRecentlyUsed)
        case "PasswordBanned": return password(.passwordBanned)
        case "UnsupportedChallengeType":
            return .error(NativeAuthError(.unsupportedChallengeType, .challengeTypeMissingRedirect, "The challenge type is not supported."))
        case "CredentialRequired":
            return .error(NativeAuthError(.credentialRequired, .credentialRequired, "Credential required.", extra: [ct()]))
        case "AttributesRequired":
            return .error(
                NativeAuthError(
                    .attributesRequired, .attributesRequired, "User attributes required.",
                    extra: [ct(), (WireField.requiredAttributes, .array([.object([
                        (WireField.name, .string("city")), (WireField.type, .string("string")),
                        (WireField.required, .bool(true)),
                        (WireField.options, .object([(WireField.regex, .string("^[A-Za-z ]+$"))])),
                    ])]))]))
        case "InvalidAttributes", "AttributeValidationFailed":
            return .error(AttributeRules.invalidError(["city"]))
        case "VerificationRequired":
            return .error(
                NativeAuthError(
                    .verificationRequired, 55107, "Attribute verification required.",
                    extra: [ct(), (WireField.unverifiedAttributes, .array([.object([(WireField.name, .string("email"))])]))]))
        case "InvalidUsername":
            return .error(NativeAuthError(.invalidRequest, .invalidRequestParameter, WireErrorDescription.usernameInvalid + "."))
        case "ServerError":
            var error = NativeAuthError(.serverError, 500_011, "Server error.")
            error.status = 500
            return .error(error)
        case "AccessDenied":
            return .error(NativeAuthError(.accessDenied, .authMethodBlocked, "Access denied."))
        case "AuthMethodBlocked":
            return .error(NativeAuthError(.accessDenied, .authMethodBlocked, "Configuring multi-factor authentication method is blocked.", suberror: .providerBlockedByRep))
        case "InvalidAuthMethodForUser":
            return .error(NativeAuthError(.invalidGrant, .invalidAuthenticationType, "Invalid authentication type for this user."))
        case "InvalidPurposeToken":
            return .error(NativeAuthError(.invalidRequest, 55201, "The purpose token is not valid."))
        default:
            return .error(NativeAuthError(.invalidRequest, 900_144, "Unknown Mock API response key."))
        }
    }
}
