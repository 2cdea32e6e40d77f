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
    var knownErrors: Set<WireErrorCode>
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
                knownErrors: [.invalidGrant, .invalidRequest, .unauthorizedClient, .unsupportedChallengeType,
                              .userAlreadyExists, .attributesRequired, .unsupportedAuthMethod],
                decodesSuberror: true, decodesContinuationToken: true, decodesInvalidAttributes: true)
        case .signUpChallenge:
            EndpointRule(
                successKeys: challengeKeys,
                knownErrors: [.invalidRequest, .unauthorizedClient, .unsupportedChallengeType, .expiredToken])
        case .signUpContinue:
            EndpointRule(
                successKeys: startKeys.union([WireField.expiresIn]),
                knownErrors: [.invalidRequest, .unauthorizedClient, .invalidGrant, .expiredToken,
                              .userAlreadyExists, .attributesRequired, .verificationRequired,
                              .credentialRequired],
                decodesSuberror: true, decodesContinuationToken: true, decodesRequiredAttributes: true,
                decodesInvalidAttributes: true)
        case .signInInitiate:
            EndpointRule(
                successKeys: startKeys,
                knownErrors: [.invalidRequest, .unauthorizedClient, .userNotFound, .unsupportedChallengeType])
        case .signInChallenge:
            EndpointRule(
                successKeys: challengeKeys,
                knownErrors: [.invalidRequest, .unauthorizedClient, .invalidGrant, .expiredToken,
                              .unsupportedChallengeType, .accessDenied],
                decodesSuberror: true)
        case .signInIntrospect:
            EndpointRule(successKeys: introspectKeys, knownErrors: [.invalidRequest, .expiredToken])
        case .token:
            EndpointRule(
                successKeys: [],
                knownErrors: [.invalidRequest, .unauthorizedClient, .invalidClient, .invalidGrant,
                              .expiredToken, .expiredRefreshToken, .unsupportedChallengeType, .invalidScope,
                              .authorizationPending, .slowDown, .userNotFound],
                decodesSuberror: true, decodesContinuationToken: true)
        case .registerIntrospect:
            EndpointRule(successKeys: introspectKeys, knownErrors: [], decodesSuberror: true)
        case .registerChallenge:
            EndpointRule(
                successKeys: challengeKeys.subtracting([WireField.challengeTargetLabel]).union([WireField.challengeTarget]),
                closedChallengeType: false, challengeTypeRequired: true,
                knownErrors: [.invalidRequest, .accessDenied], decodesSuberror: true)
        case .registerContinue:
            EndpointRule(
                successKeys: startKeys, knownErrors: [.invalidGrant],
                decodesSuberror: true)
        case .resetPasswordStart:
            EndpointRule(
                successKeys: startKeys,
                knownErrors: [.invalidRequest, .unauthorizedClient, .userNotFound, .unsupportedChallengeType])
        case .resetPasswordChallenge:
            EndpointRule(
                successKeys: challengeKeys,
                knownErrors: [.invalidRequest, .unauthorizedClient, .expiredToken, .unsupportedChallengeType])
        case .resetPasswordContinue:
            EndpointRule(
                successKeys: startKeys.union([WireField.expiresIn]),
                knownErrors: [.invalidRequest, .unauthorizedClient, .invalidGrant, .expiredToken,
                              .verificationRequired],
                decodesSuberror: true, decodesContinuationToken: true)
        case .resetPasswordSubmit:
            EndpointRule(
                successKeys: startKeys.union([WireField.pollInterval]),
                knownErrors: [.invalidRequest, .unauthorizedClient, .expiredToken, .invalidGrant],
                decodesSuberror: true)
        case .resetPasswordPollCompletion:
            EndpointRule(
                successKeys: startKeys.union([WireField.status, WireField.expiresIn]),
                knownErrors: [.invalidGrant, .invalidRequest, .unauthorizedClient, .expiredToken,
                              .userNotFound],
                decodesSuberror: true)
        }
    }
}
