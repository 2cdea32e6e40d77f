/// The facts the oracle keeps from one raw response, after a strict parse for a given step.
///
/// Built by ``StrictClassifier``; matched against ``ResponsePattern``s by ``OutcomeTable``.
public struct ResponseClass: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The broad class of a response, as MSAL iOS's transport and decoding sort it (client-behaviour.md §0.1).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// HTTP 200 whose body decodes into the endpoint's success shape and is not a redirect.
        case success
        /// HTTP 200 with `challenge_type=redirect` on an endpoint that checks it (§5.8).
        case redirect
        /// HTTP 400/401 whose error body decodes, with an `error` string the endpoint knows.
        case apiError
        /// HTTP 400/401 whose error body decodes, with an `error` string the endpoint does not know (`.unknown`).
        case unknownError
        /// HTTP 200/400/401 whose body does not decode strictly (see ``problem``).
        case undecodable
        /// HTTP 400/401 with a `WWW-Authenticate: PKeyAuth` challenge: the client answers it and resends.
        case pkeyAuthChallenge
        /// HTTP 5xx (retried once by the client).
        case serverError
        /// Any other status (201, 3xx, 403, 404, 429, …).
        case otherStatus
        /// No HTTP response at all (network failure).
        case transportFailure
        /// The client sent nothing (sign-in after a flow whose state holds no token, §5.2 H row 1).
        case notSent
    }

    /// Presence of fields that decide a branch. A list field counts only when non-empty.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        case continuationToken = "continuation_token"
        case challengeTargetLabel = "challenge_target_label"
        case challengeTarget = "challenge_target"
        case challengeChannel = "challenge_channel"
        case codeLength = "code_length"
        case pollInterval = "poll_interval"
        case status
        case invalidAttributes = "invalid_attributes"
        case requiredAttributes = "required_attributes"
        case methods
        /// A `/token` 200 body MSAL can cache: `access_token` or `id_token`, and a `client_info` that
        /// decodes to `{uid, utid}`.
        case cacheableTokens = "cacheable_tokens"
        /// A non-empty `access_token` string.
        case accessToken = "access_token"

        public static func < (lhs: Field, rhs: Field) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Substrings of `error_description` that MSAL tests (native-auth-api.md §6.4).
    public enum DescriptionMarker: String, Sendable, Hashable, Codable, CaseIterable {
        case usernameInvalid = "username parameter is empty or not valid"
        case clientIdInvalid = "client_id parameter is empty or not valid"
    }

    /// Why a body did not decode.
    public enum Problem: String, Sendable, Hashable, Codable, CaseIterable {
        case notJSON, notObject, missingError, wrongType, missingRequiredField, unknownEnumValue
    }

    /// The broad class.
    public var kind: Kind
    /// HTTP status; 0 for ``Kind/transportFailure`` and ``Kind/notSent``.
    public var status: Int
    /// The raw `error` string of a decoded error body.
    public var error: String?
    /// The raw `suberror` string, only when the endpoint decodes it.
    public var suberror: String?
    /// `error_codes` in order (empty when absent).
    public var errorCodes: [Int]
    /// Markers found in `error_description`.
    public var descriptionMarkers: Set<DescriptionMarker>
    /// `challenge_type` of a 200 body.
    public var challengeType: String?
    /// `status` of a poll_completion 200 body.
    public var pollStatus: String?
    /// Fields present (and of the right type).
    public var present: Set<Field>
    /// Why the body did not decode (only for ``Kind/undecodable``).
    public var problem: Problem?
    /// The offending field or parse position, for messages (never a secret value).
    public var problemDetail: String?

    /// The first `error_codes` entry, the only one MSAL looks at in most places.
    public var firstErrorCode: Int? { errorCodes.first }

    /// Creates a class; mostly for tests and callers that synthesise responses.
    public init(
        kind: Kind, status: Int, error: String? = nil, suberror: String? = nil, errorCodes: [Int] = [],
        descriptionMarkers: Set<DescriptionMarker> = [], challengeType: String? = nil, pollStatus: String? = nil,
        present: Set<Field> = [], problem: Problem? = nil, problemDetail: String? = nil
    ) {
        self.kind = kind
        self.status = status
        self.error = error
        self.suberror = suberror
        self.errorCodes = errorCodes
        self.descriptionMarkers = descriptionMarkers
        self.challengeType = challengeType
        self.pollStatus = pollStatus
        self.present = present
        self.problem = problem
        self.problemDetail = problemDetail
    }

    /// A network failure (no response).
    public static let transportFailure = ResponseClass(kind: .transportFailure, status: 0)
    /// No request was sent.
    public static let notSent = ResponseClass(kind: .notSent, status: 0)

    public var description: String {
        var parts = ["\(kind.rawValue) \(status)"]
        if let error { parts.append("error=\(error)") }
        if let suberror { parts.append("suberror=\(suberror)") }
        if !errorCodes.isEmpty { parts.append("codes=\(errorCodes.map(String.init).joined(separator: ","))") }
        if let challengeType { parts.append("challenge_type=\(challengeType)") }
        if let pollStatus { parts.append("status=\(pollStatus)") }
        if !present.isEmpty { parts.append("has=" + present.sorted().map(\.rawValue).joined(separator: ",")) }
        if let problem { parts.append("problem=\(problem.rawValue)" + (problemDetail.map { "(\($0))" } ?? "")) }
        return parts.joined(separator: " ")
    }
}
