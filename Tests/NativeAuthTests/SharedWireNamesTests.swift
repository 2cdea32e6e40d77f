import Foundation
import NativeAuthWire
import Testing
@testable import NativeAuth

/// The engine compares the wire names NativeAuthWire declares (issue 24): every documented value decodes into
/// the same typed value, comparisons stay exact, and each endpoint knows exactly the `error` strings it knew
/// when the engine spelled them as literals. The expectations are spelled out here so that a renamed or
/// dropped shared constant fails.
@Suite("Shared wire names")
struct SharedWireNamesTests {
    /// The `error` strings each endpoint's MSAL error struct knows (client-behaviour.md §4).
    static let knownErrors: [NativeAuthEndpoint: Set<String>] = [
        .signUpStart: [
            "invalid_grant", "invalid_request", "unauthorized_client", "unsupported_challenge_type", "user_already_exists",
            "attributes_required", "unsupported_auth_method",
        ],
        .signUpChallenge: ["invalid_request", "unauthorized_client", "unsupported_challenge_type", "expired_token"],
        .signUpContinue: [
            "invalid_request", "unauthorized_client", "invalid_grant", "expired_token", "user_already_exists",
            "attributes_required", "verification_required", "credential_required",
        ],
        .signInInitiate: ["invalid_request", "unauthorized_client", "user_not_found", "unsupported_challenge_type"],
        .signInChallenge: [
            "invalid_request", "unauthorized_client", "invalid_grant", "expired_token", "unsupported_challenge_type",
            "access_denied",
        ],
        .signInIntrospect: ["invalid_request", "expired_token"],
        .token: [
            "invalid_request", "unauthorized_client", "invalid_client", "invalid_grant", "expired_token",
            "expired_refresh_token", "unsupported_challenge_type", "invalid_scope", "authorization_pending", "slow_down",
            "user_not_found",
        ],
        .registerIntrospect: [],
        .registerChallenge: ["invalid_request", "access_denied"],
        .registerContinue: ["invalid_grant"],
        .resetPasswordStart: ["invalid_request", "unauthorized_client", "user_not_found", "unsupported_challenge_type"],
        .resetPasswordChallenge: ["invalid_request", "unauthorized_client", "expired_token", "unsupported_challenge_type"],
        .resetPasswordContinue: [
            "invalid_request", "unauthorized_client", "invalid_grant", "expired_token", "verification_required",
        ],
        .resetPasswordSubmit: ["invalid_request", "unauthorized_client", "expired_token", "invalid_grant"],
        .resetPasswordPollCompletion: [
            "invalid_grant", "invalid_request", "unauthorized_client", "expired_token", "user_not_found",
        ],
    ]

    /// Values no endpoint knows: an invented one and near misses of documented ones (case, spacing).
    static let strangers = ["totally_new", "INVALID_GRANT", "Invalid_Request", "invalid_grant ", " oob", ""]

    static func classify(_ json: String, status: Int, endpoint: NativeAuthEndpoint) -> Classified {
        ResponseClassifier.classify(NativeAuthHTTPResponse(statusCode: status, json: json), endpoint: endpoint)
    }

    @Test("every error the endpoints know is one NativeAuthWire declares")
    func everyKnownErrorIsShared() {
        let shared = Set(WireErrorCode.known.map(\.rawValue))
        for (endpoint, errors) in Self.knownErrors {
            #expect(errors.subtracting(shared).isEmpty, "\(endpoint)")
        }
        #expect(Set(Self.knownErrors.keys) == Set(NativeAuthEndpoint.allCases))
    }

    @Test(
        "each documented or unknown error decodes into the same typed code, known exactly where it was",
        arguments: NativeAuthEndpoint.allCases)
    func errorCodesRoundTrip(endpoint: NativeAuthEndpoint) {
        let known = Self.knownErrors[endpoint] ?? []
        for code in WireErrorCode.known.map(\.rawValue) + Self.strangers {
            let json = #"{"error":"\#(code)","error_description":"d"}"#
            switch Self.classify(json, status: 400, endpoint: endpoint) {
            case .apiError(let body):
                #expect(known.contains(code), "\(endpoint) \(code)")
                #expect(body.error == code && body.wireError == WireErrorCode(code), "\(endpoint) \(code)")
            case .unexpected(.unknownError(let body)):
                #expect(!known.contains(code), "\(endpoint) \(code)")
                #expect(body.error == code && body.wireError.rawValue == code, "\(endpoint) \(code)")
            default:
                Issue.record("\(endpoint) \(code): not an API error")
            }
        }
    }

    @Test("every documented or unknown suberror decodes into the same typed value; six are password errors")
    func suberrorsRoundTrip() {
        let passwordErrors: Set<String> = [
            "password_too_weak", "password_too_short", "password_too_long", "password_recently_used", "password_banned",
            "password_is_invalid",
        ]
        for suberror in WireSuberror.known.map(\.rawValue) + Self.strangers + ["PASSWORD_TOO_WEAK"] {
            let json = #"{"error":"invalid_grant","suberror":"\#(suberror)"}"#
            guard case .apiError(let body) = Self.classify(json, status: 400, endpoint: .token) else {
                Issue.record("\(suberror): not an API error")
                continue
            }
            #expect(body.suberror == suberror && body.wireSuberror == WireSuberror(suberror), "\(suberror)")
            #expect(body.hasPasswordSuberror == passwordErrors.contains(suberror), "\(suberror)")
        }
        #expect(APIErrorBody.passwordSuberrors == passwordErrors)
    }

    @Test("a closed challenge_type decodes only as oob, password or redirect, exactly; register/challenge's is open")
    func challengeTypes() {
        let closed: Set<String> = ["oob", "password", "redirect"]
        for type in WireChallengeType.known.map(\.rawValue) + Self.strangers + ["OOB", "otp"] {
            let json = #"{"continuation_token":"t","challenge_type":"\#(type)"}"#
            let initiate = Self.classify(json, status: 200, endpoint: .signInInitiate)
            if closed.contains(type) {
                #expect(initiate == .success(SuccessBody(continuationToken: "t", challengeType: type)), "\(type)")
            } else {
                #expect(initiate == .unexpected(.undecodable), "\(type)")
            }
            guard case .success(let body) = Self.classify(json, status: 200, endpoint: .registerChallenge) else {
                Issue.record("\(type): register/challenge did not decode")
                continue
            }
            #expect(body.wireChallengeType == WireChallengeType(type) && body.isRedirect == (type == "redirect"))
        }
    }

    @Test("a poll status decodes only as one of the four documented values, exactly")
    func pollStatuses() {
        let documented: Set<String> = ["succeeded", "in_progress", "not_started", "failed"]
        #expect(Set(WirePollStatus.known.map(\.rawValue)) == documented)
        for status in documented.sorted() + Self.strangers + ["SUCCEEDED", "done"] {
            let result = Self.classify(#"{"status":"\#(status)"}"#, status: 200, endpoint: .resetPasswordPollCompletion)
            if documented.contains(status) {
                #expect(result == .success(SuccessBody(status: status)), "\(status)")
            } else {
                #expect(result == .unexpected(.undecodable), "\(status)")
            }
        }
    }

    @Test("the challenge_type and capabilities lists the engine sends are spelled as before")
    func requestLists() {
        #expect(MSALNativeAuthChallengeTypes().wireValue == "redirect")
        #expect(MSALNativeAuthChallengeTypes.OOB.wireValue == "oob redirect")
        #expect(MSALNativeAuthChallengeTypes.password.wireValue == "password redirect")
        #expect(([.password, .OOB] as MSALNativeAuthChallengeTypes).wireValue == "oob password redirect")
        #expect(MSALNativeAuthCapabilities().wireValue == nil)
        #expect(MSALNativeAuthCapabilities.mfaRequired.wireValue == "mfa_required")
        #expect(MSALNativeAuthCapabilities.registrationRequired.wireValue == "registration_required")
        #expect(
            ([.registrationRequired, .mfaRequired] as MSALNativeAuthCapabilities).wireValue
                == "mfa_required registration_required")
    }

    @Test("channel types compare with the shared email and sms names, ignoring case as MSAL does")
    func channelTypes() {
        #expect(MSALNativeAuthChannelType(value: "email").isEmailType)
        #expect(MSALNativeAuthChannelType(value: "EMAIL").isEmailType)
        #expect(!MSALNativeAuthChannelType(value: "email ").isEmailType)
        #expect(MSALNativeAuthChannelType(value: "Sms").isSMSType)
        #expect(!MSALNativeAuthChannelType(value: "email").isSMSType)
    }
}
