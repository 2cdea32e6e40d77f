// The two classifications client-behaviour.md shares between several operations: the
// oauth2/v2.0/challenge table (§5.2 B, reused by G and §5.3 requestChallenge) and the `/token`
// classification (§5.2 C, reused by D, E, F, H, §5.3 submitChallenge and §5.4). Each operation
// then maps the validated case to its own outcome.

/// The validated cases of an oauth2/v2.0/challenge response (§5.2 B).
enum ChallengeCase: Sendable, Hashable {
    case codeRequired, passwordRequired, redirect, noChallengeType, incomplete
    case providerBlocked, accessDenied, knownError, unexpected
}

/// The validated cases of a `/token` response (§5.2 C).
enum TokenCase: Sendable, Hashable {
    case redirect, success, cachingFailure, invalidRequest, unauthorizedClient, invalidOOBCode
    case strongAuthRequired, mfaWithoutToken, jitRequired, jitWithoutToken
    case userNotFound, invalidPassword, generalError, namedError, unexpected
}

/// The validated cases of oauth2/v2.0/introspect and register/v1.0/introspect (§5.2 C, "Introspect").
enum IntrospectCase: Sendable, Hashable {
    case redirect, methodsRetrieved, incomplete, namedError, unexpected
}

/// One classification row: its label in the spec table, the pattern and the validated case.
struct CaseRow<Case: Hashable & Sendable>: Sendable {
    var label: String
    var match: ResponsePattern
    var validated: Case
}

/// Maps each classification row through `outcome` into row specs; `quirks` marks odd cases.
func compose<Case: Hashable & Sendable>(
    _ classification: [CaseRow<Case>], prefix: String = "", quirks: [Case: String] = [:],
    _ outcome: (Case) -> Expectation
) -> [RowSpec] {
    classification.map {
        RowSpec(prefix + $0.label, $0.match, outcome($0.validated), quirk: quirks[$0.validated])
    }
}

extension OutcomeTable {
    /// §5.2 B, in the validator's order.
    static let challengeClassification: [CaseRow<ChallengeCase>] = [
        CaseRow(label: "1", match: oobComplete, validated: .codeRequired),
        CaseRow(label: "2", match: passwordWithToken, validated: .passwordRequired),
        CaseRow(label: "4", match: .redirect, validated: .redirect),
        CaseRow(label: "5", match: .ok(challenge: .absent), validated: .noChallengeType),
        CaseRow(label: "6a", match: oobIncomplete, validated: .incomplete),
        CaseRow(label: "6b", match: passwordWithoutToken, validated: .incomplete),
        CaseRow(
            label: "7", match: .error(["access_denied"], suberror: .oneOf(["provider_blocked_by_rep"])),
            validated: .providerBlocked),
        CaseRow(label: "8", match: .error(["access_denied"]), validated: .accessDenied),
        CaseRow(label: "9", match: .error(), validated: .knownError),
        CaseRow(label: "unexpected", match: .anything, validated: .unexpected),
    ]

    /// §5.2 C, in the token validator's order (suberrors first, then the first error code).
    static let tokenClassification: [CaseRow<TokenCase>] = [
        CaseRow(label: "C1", match: .redirect, validated: .redirect),
        CaseRow(label: "C2a", match: .ok(requires: [.cacheableTokens]), validated: .success),
        CaseRow(label: "C2b", match: .ok(), validated: .cachingFailure),
        CaseRow(label: "C3", match: .error(["invalid_request"]), validated: .invalidRequest),
        CaseRow(label: "C4", match: .error(["invalid_client", "unauthorized_client"]), validated: .unauthorizedClient),
        CaseRow(
            label: "C5", match: .error(["invalid_grant"], suberror: .oneOf(["invalid_oob_value"])),
            validated: .invalidOOBCode),
        CaseRow(
            label: "C6", match: .error(["invalid_grant"], suberror: .oneOf(["mfa_required"]), requires: [.continuationToken]),
            validated: .strongAuthRequired),
        CaseRow(
            label: "C7", match: .error(["invalid_grant"], suberror: .oneOf(["mfa_required"])),
            validated: .mfaWithoutToken),
        CaseRow(
            label: "C8",
            match: .error(["invalid_grant"], suberror: .oneOf(["registration_required"]), requires: [.continuationToken]),
            validated: .jitRequired),
        CaseRow(
            label: "C9", match: .error(["invalid_grant"], suberror: .oneOf(["registration_required"])),
            validated: .jitWithoutToken),
        CaseRow(label: "C10", match: .error(["invalid_grant"], firstCode: 50034), validated: .userNotFound),
        CaseRow(label: "C11", match: .error(["invalid_grant"], firstCode: 50126), validated: .invalidPassword),
        CaseRow(label: "C12", match: .error(["invalid_grant"]), validated: .generalError),
        CaseRow(
            label: "C13",
            match: .error([
                "expired_token", "expired_refresh_token", "unsupported_challenge_type", "invalid_scope",
                "authorization_pending", "slow_down",
            ]), validated: .namedError),
        CaseRow(label: "C14", match: .error(["user_not_found"]), validated: .userNotFound),
        CaseRow(label: "C15", match: .anything, validated: .unexpected),
    ]

    /// Introspect outcomes (§5.2 C, "Introspect"). register/introspect knows no error strings, so
    /// its 400s fall through to the last row.
    static let introspectClassification: [CaseRow<IntrospectCase>] = [
        CaseRow(label: "1", match: .redirect, validated: .redirect),
        CaseRow(label: "2", match: .ok(requires: [.continuationToken, .methods]), validated: .methodsRetrieved),
        CaseRow(label: "3", match: .ok(), validated: .incomplete),
        CaseRow(label: "4", match: .error(["invalid_request", "expired_token"]), validated: .namedError),
        CaseRow(label: "5", match: .anything, validated: .unexpected),
    ]
}
