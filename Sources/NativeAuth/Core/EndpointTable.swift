import Foundation
import NativeAuthWire

/// What MSAL iOS decodes for each endpoint (client-behaviour.md §4 and §0.1; native-auth-api.md §4): the
/// success keys of its response struct, whether `challenge_type` there is a closed enum, and which `error`
/// strings, and which extra error fields, its error struct knows.
struct EndpointRule: Sendable {
    var successKeys: Set<String>
    /// `challenge_type` must be `oob`, `password` or `redirect` (else the body does not decode).
    var closedChallengeType = true
    /// `challenge_type` must be present (register/challenge).
    var challengeTypeRequired = false
    var knownErrors: Set<String>
    var decodesSuberror = false
    var decodesContinuationToken = false
    var decodesRequiredAttributes = false
    var decodesInvalidAttributes = false
    /// `target` is a `String?` of the error struct (the reset-password endpoints).
    var decodesTarget = false
}

enum EndpointTable {
    private static let startKeys: Set<String> = [
        WireField.continuationToken, WireField.challengeType, WireField.redirectReason,
    ]
    private static let challengeKeys: Set<String> = [
        WireField.continuationToken, WireField.challengeType, WireField.redirectReason, WireField.bindingMethod,
        WireField.challengeChannel, WireField.challengeTargetLabel, WireField.codeLength, WireField.interval,
    ]
    private static let introspectKeys: Set<String> = [
        WireField.continuationToken, WireField.challengeType, WireField.redirectReason, WireField.methods,
    ]

    /// The rule of each endpoint, built once: the classifier asks for it on every response, and building
    /// it hashes every string of its sets.
    private static let rules: [NativeAuthEndpoint: EndpointRule] = Dictionary(
        uniqueKeysWithValues: NativeAuthEndpoint.allCases.map { ($0, makeRule(for: $0)) })

    static func rule(for endpoint: NativeAuthEndpoint) -> EndpointRule { rules[endpoint] ?? makeRule(for: endpoint) }

    private static func makeRule(for endpoint: NativeAuthEndpoint) -> EndpointRule {
        var rule = baseRule(for: endpoint)
        switch endpoint {
        case .resetPasswordStart, .resetPasswordChallenge, .resetPasswordContinue, .resetPasswordSubmit,
            .resetPasswordPollCompletion:
            rule.decodesTarget = true
        default:
            break
        }
        return rule
    }

    private static func baseRule(for endpoint: NativeAuthEndpoint) -> EndpointRule {
        switch endpoint {
        case .signUpStart:
            EndpointRule(
                successKeys: startKeys,
                knownErrors: ["invalid_grant", "invalid_request", "unauthorized_client", "unsupported_challenge_type",
                              "user_already_exists", "attributes_required", "unsupported_auth_method"],
                decodesSuberror: true, decodesContinuationToken: true, decodesInvalidAttributes: true)
        case .signUpChallenge:
            EndpointRule(
                successKeys: challengeKeys,
                knownErrors: ["invalid_request", "unauthorized_client", "unsupported_challenge_type", "expired_token"])
        case .signUpContinue:
            EndpointRule(
                successKeys: startKeys.union([WireField.expiresIn]),
                knownErrors: ["invalid_request", "unauthorized_client", "invalid_grant", "expired_token",
                              "user_already_exists", "attributes_required", "verification_required",
                              "credential_required"],
                decodesSuberror: true, decodesContinuationToken: true, decodesRequiredAttributes: true,
                decodesInvalidAttributes: true)
        case .signInInitiate:
            EndpointRule(
                successKeys: startKeys,
                knownErrors: ["invalid_request", "unauthorized_client", "user_not_found", "unsupported_challenge_type"])
        case .signInChallenge:
            EndpointRule(
                successKeys: challengeKeys,
                knownErrors: ["invalid_request", "unauthorized_client", "invalid_grant", "expired_token",
                              "unsupported_challenge_type", "access_denied"],
                decodesSuberror: true)
        case .signInIntrospect:
            EndpointRule(successKeys: introspectKeys, knownErrors: ["invalid_request", "expired_token"])
        case .token:
            EndpointRule(
                successKeys: [],
                knownErrors: ["invalid_request", "unauthorized_client", "invalid_client", "invalid_grant",
                              "expired_token", "expired_refresh_token", "unsupported_challenge_type", "invalid_scope",
                              "authorization_pending", "slow_down", "user_not_found"],
                decodesSuberror: true, decodesContinuationToken: true)
        case .registerIntrospect:
            EndpointRule(successKeys: introspectKeys, knownErrors: [], decodesSuberror: true)
        case .registerChallenge:
            EndpointRule(
                successKeys: challengeKeys.subtracting([WireField.challengeTargetLabel]).union([WireField.challengeTarget]),
                closedChallengeType: false, challengeTypeRequired: true,
                knownErrors: ["invalid_request", "access_denied"], decodesSuberror: true)
        case .registerContinue:
            EndpointRule(
                successKeys: startKeys, knownErrors: ["invalid_grant"],
                decodesSuberror: true)
        case .resetPasswordStart:
            EndpointRule(
                successKeys: startKeys,
                knownErrors: ["invalid_request", "unauthorized_client", "user_not_found", "unsupported_challenge_type"])
        case .resetPasswordChallenge:
            EndpointRule(
                successKeys: challengeKeys,
                knownErrors: ["invalid_request", "unauthorized_client", "expired_token", "unsupported_challenge_type"])
        case .resetPasswordContinue:
            EndpointRule(
                successKeys: startKeys.union([WireField.expiresIn]),
                knownErrors: ["invalid_request", "unauthorized_client", "invalid_grant", "expired_token",
                              "verification_required"],
                decodesSuberror: true, decodesContinuationToken: true)
        case .resetPasswordSubmit:
            EndpointRule(
                successKeys: startKeys.union([WireField.pollInterval]),
                knownErrors: ["invalid_request", "unauthorized_client", "expired_token", "invalid_grant"],
                decodesSuberror: true)
        case .resetPasswordPollCompletion:
            EndpointRule(
                successKeys: startKeys.union([WireField.status, WireField.expiresIn]),
                knownErrors: ["invalid_grant", "invalid_request", "unauthorized_client", "expired_token",
                              "user_not_found"],
                decodesSuberror: true)
        }
    }
}
