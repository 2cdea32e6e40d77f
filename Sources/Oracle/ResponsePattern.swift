/// A set of ``ResponseClass``es: one row of the outcome table matches responses with it.
///
/// Every constraint left at its default accepts anything.
public struct ResponsePattern: Sendable, Hashable, CustomStringConvertible {
    /// How a string fact (suberror, challenge type, poll status) must look.
    public enum ValueMatch: Sendable, Hashable {
        case any
        case absent
        case present
        case oneOf(Set<String>)
        /// Present and not one of these.
        case noneOf(Set<String>)

        func matches(_ value: String?) -> Bool {
            switch self {
            case .any: return true
            case .absent: return value == nil
            case .present: return value != nil
            case .oneOf(let set): return value.map(set.contains) ?? false
            case .noneOf(let set): return value.map { !set.contains($0) } ?? false
            }
        }
    }

    /// Kinds accepted.
    public var kinds: Set<ResponseClass.Kind>
    /// Allowed `error` strings; nil accepts any.
    public var errors: Set<String>?
    /// Constraint on the raw suberror.
    public var suberror: ValueMatch = .any
    /// The first `error_codes` entry must be this.
    public var firstErrorCode: Int?
    /// `error_codes` must contain this anywhere.
    public var errorCodesContain: Int?
    /// `error_description` must contain this marker.
    public var descriptionMarker: ResponseClass.DescriptionMarker?
    /// Constraint on `challenge_type` of a 200.
    public var challengeType: ValueMatch = .any
    /// Constraint on poll_completion `status`.
    public var pollStatus: ValueMatch = .any
    /// Fields that must all be present.
    public var requires: Set<ResponseClass.Field> = []
    /// When non-empty, at least one of these fields must be missing.
    public var lacksOneOf: Set<ResponseClass.Field> = []
    /// When set, the undecodable body must have this problem.
    public var problem: ResponseClass.Problem?

    /// Whether `response` is in this set.
    public func matches(_ response: ResponseClass) -> Bool {
        guard kinds.contains(response.kind) else { return false }
        if let errors, !errors.contains(response.error ?? "") { return false }
        guard suberror.matches(response.suberror) else { return false }
        if let firstErrorCode, response.firstErrorCode != firstErrorCode { return false }
        if let errorCodesContain, !response.errorCodes.contains(errorCodesContain) { return false }
        if let descriptionMarker, !response.descriptionMarkers.contains(descriptionMarker) { return false }
        guard challengeType.matches(response.challengeType), pollStatus.matches(response.pollStatus) else {
            return false
        }
        guard requires.isSubset(of: response.present) else { return false }
        if !lacksOneOf.isEmpty, lacksOneOf.isSubset(of: response.present) { return false }
        if let problem, response.problem != problem { return false }
        return true
    }

    public var description: String {
        var parts: [String] = []
        parts.append(Self.describe(kinds: kinds))
        if let errors { parts.append(errors.sorted().joined(separator: " | ")) }
        if let text = Self.describe(suberror, name: "suberror") { parts.append(text) }
        if let firstErrorCode { parts.append("first code \(firstErrorCode)") }
        if let errorCodesContain { parts.append("codes contain \(errorCodesContain)") }
        if let descriptionMarker { parts.append("description has \"\(descriptionMarker.rawValue)\"") }
        if let text = Self.describe(challengeType, name: "challenge_type") { parts.append(text) }
        if let text = Self.describe(pollStatus, name: "status") { parts.append(text) }
        if !requires.isEmpty { parts.append("with " + requires.sorted().map(\.rawValue).joined(separator: ", ")) }
        if !lacksOneOf.isEmpty {
            parts.append("missing one of " + lacksOneOf.sorted().map(\.rawValue).joined(separator: ", "))
        }
        if let problem { parts.append("(\(problem.rawValue))") }
        return parts.joined(separator: " ")
    }

    private static func describe(kinds: Set<ResponseClass.Kind>) -> String {
        if kinds == Set(ResponseClass.Kind.allCases) { return "any response" }
        if kinds == ResponsePattern.unexpectedKinds { return "unexpected (unknown error, undecodable, 5xx, other status, network)" }
        return ResponseClass.Kind.allCases.filter(kinds.contains).map { kind -> String in
            switch kind {
            case .success: "200"
            case .redirect: "200 redirect"
            case .apiError: "400/401"
            case .unknownError: "400/401 unknown error"
            case .undecodable: "undecodable"
            case .pkeyAuthChallenge: "PKeyAuth"
            case .serverError: "5xx"
            case .otherStatus: "other status"
            case .transportFailure: "network failure"
            case .notSent: "no request sent"
            }
        }.joined(separator: " / ")
    }

    private static func describe(_ match: ValueMatch, name: String) -> String? {
        switch match {
        case .any: return nil
        case .absent: return "no \(name)"
        case .present: return "any \(name)"
        case .oneOf(let set):
            if set == passwordSuberrors { return "\(name) password_*" }
            if set.isSuperset(of: passwordSuberrors) {
                return "\(name) " + (["password_*"] + set.subtracting(passwordSuberrors).sorted()).joined(separator: " | ")
            }
            return "\(name) " + set.sorted().joined(separator: " | ")
        case .noneOf(let set): return "\(name) other than " + set.sorted().joined(separator: " | ")
        }
    }
}

extension ResponsePattern {
    /// The six password-policy suberrors (`isAnyPasswordError`).
    public static let passwordSuberrors: Set<String> = [
        "password_too_weak", "password_too_short", "password_too_long", "password_is_invalid",
        "password_recently_used", "password_banned",
    ]

    /// Kinds MSAL folds into "unexpected" (client-behaviour.md §5 legend). A PKeyAuth challenge that
    /// is still there after the resend ends here too.
    public static let unexpectedKinds: Set<ResponseClass.Kind> = [
        .unknownError, .undecodable, .pkeyAuthChallenge, .serverError, .otherStatus, .transportFailure,
    ]

    /// Any response at all.
    static let anything = ResponsePattern(kinds: Set(ResponseClass.Kind.allCases))
    /// A 200 redirect.
    static let redirect = ResponsePattern(kinds: [.redirect])

    /// A 200 success body.
    static func ok(
        challenge: ValueMatch = .any, status: ValueMatch = .any, requires: Set<ResponseClass.Field> = [],
        lacksOneOf: Set<ResponseClass.Field> = []
    ) -> ResponsePattern {
        ResponsePattern(
            kinds: [.success], challengeType: challenge, pollStatus: status, requires: requires, lacksOneOf: lacksOneOf)
    }

    /// A decoded 400/401 with a known `error`.
    static func error(
        _ errors: Set<String>? = nil, suberror: ValueMatch = .any, firstCode: Int? = nil, codesContain: Int? = nil,
        description: ResponseClass.DescriptionMarker? = nil, requires: Set<ResponseClass.Field> = [],
        lacksOneOf: Set<ResponseClass.Field> = []
    ) -> ResponsePattern {
        ResponsePattern(
            kinds: [.apiError], errors: errors, suberror: suberror, firstErrorCode: firstCode,
            errorCodesContain: codesContain, descriptionMarker: description, requires: requires,
            lacksOneOf: lacksOneOf)
    }
}
