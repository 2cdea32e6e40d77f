import Foundation
import NativeAuthWire

/// A decoded 200 body of a non-token endpoint. Only the keys the endpoint's MSAL response struct has are
/// decoded (see ``EndpointTable``), with MSAL's strictness: a present key of the wrong JSON type, a
/// `challenge_type` outside `oob`/`password`/`redirect` where that enum is closed, or an unknown poll `status`
/// makes the whole body undecodable.
struct SuccessBody: Sendable, Hashable {
    var continuationToken: String?
    var challengeType: String?
    var redirectReason: String?
    var bindingMethod: String?
    var challengeChannel: String?
    var challengeTargetLabel: String?
    var challengeTarget: String?
    var codeLength: Int?
    var interval: Int?
    var expiresIn: Int?
    var pollInterval: Int?
    var status: String?
    var methods: [AuthMethodWire]?

    /// ``challengeType`` as the wire vocabulary's value (unknown values kept).
    var wireChallengeType: WireChallengeType? { challengeType.map(WireChallengeType.init) }
    /// ``status`` as the wire vocabulary's value (unknown values kept).
    var wireStatus: WirePollStatus? { status.map(WirePollStatus.init) }
    var isRedirect: Bool { wireChallengeType == .redirect }
}

/// One entry of an introspect `methods` list.
struct AuthMethodWire: Sendable, Hashable {
    var id: String
    var challengeType: String
    var challengeChannel: String
    var loginHint: String?
}

/// One entry of `required_attributes`.
struct RequiredAttributeWire: Sendable, Hashable {
    var name: String
    var type: String
    var required: Bool
    var regex: String?
}

/// A decoded 400/401 body whose `error` string the endpoint knows.
struct APIErrorBody: Sendable, Hashable {
    var error: String
    var suberror: String?
    var errorCodes: [Int] = []
    var errorDescription: String?
    var errorURI: String?
    var continuationToken: String?
    var requiredAttributes: [RequiredAttributeWire]?
    var invalidAttributes: [String]?

    /// ``error`` as the wire vocabulary's value (unknown values kept, compared exactly).
    var wireError: WireErrorCode { WireErrorCode(error) }
    /// ``suberror`` as the wire vocabulary's value (unknown values kept, compared exactly).
    var wireSuberror: WireSuberror? { suberror.map(WireSuberror.init) }

    /// The six password-policy suberrors, spelled as on the wire.
    static let passwordSuberrors = Set(WireSuberror.passwordErrors.map(\.rawValue))

    /// One of the six password-policy suberrors (MSAL's `isAnyPasswordError`).
    var hasPasswordSuberror: Bool { wireSuberror?.isPasswordError ?? false }
    var firstCode: Int? { errorCodes.first }
}

/// Why a response is "unexpected" (client-behaviour.md §0.1).
enum UnexpectedReason: Sendable, Hashable {
    /// The body did not decode for this endpoint and status.
    case undecodable
    /// A 400/401 whose `error` string the endpoint does not know (`.unknown` in MSAL).
    case unknownError(APIErrorBody)
    /// Any status other than 200, 400 and 401 (5xx after the retry included).
    case unhandledStatus(Int)
    /// No response (after the retry).
    case network(String)

    /// The message MSAL's `unexpectedError` carries.
    var message: String? {
        if case .unknownError(let body) = self { return body.errorDescription }
        return "Unexpected response body received"
    }

    var apiError: APIErrorBody? {
        if case .unknownError(let body) = self { return body }
        return nil
    }
}

/// A raw response after the table-driven classification of ``ResponseClassifier``.
enum Classified: Sendable, Hashable {
    /// 200 with a body that decodes for the endpoint.
    case success(SuccessBody)
    /// 200 from `/token`: the raw JSON object.
    case tokenSuccess(TokenBody)
    /// 400/401 with a known `error` for the endpoint.
    case apiError(APIErrorBody)
    /// Everything else.
    case unexpected(UnexpectedReason)
}

/// A `/token` 200 body, kept as the loose JSON object MSAL reads it as.
struct TokenBody: Sendable, Hashable {
    var fields: [String: String]
    var numbers: [String: Double]

    var challengeType: String? { fields[WireField.challengeType] }
    /// ``challengeType`` as the wire vocabulary's value (unknown values kept).
    var wireChallengeType: WireChallengeType? { challengeType.map(WireChallengeType.init) }
    var redirectReason: String? { fields[WireField.redirectReason] }
}

/// An `oob` challenge with every field MSAL requires (token, label, channel, code length).
struct CodeSent: Sendable, Hashable {
    var token: String
    var sentTo: String
    var channel: String
    var codeLength: Int
}

extension SuccessBody {
    /// The complete `oob` challenge, or nil when a field is missing.
    var codeSent: CodeSent? {
        guard let token = continuationToken, let label = challengeTargetLabel, let channel = challengeChannel,
            let length = codeLength
        else { return nil }
        return CodeSent(token: token, sentTo: label, channel: channel, codeLength: length)
    }
}
