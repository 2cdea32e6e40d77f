import Foundation
import NativeAuthWire

/// An `action: verify` answer: the selected method's channel and where to send the code (§3.3 r6).
struct V2Verification: Sendable, Hashable {
    var token: String
    var type: String
    var hint: String?
    var codeLength: Int
    var verifyHref: String
    var resendHref: String?
}

/// An interaction answer after MSAL iOS's parser rules (spec native-auth-v2 §3.3).
enum V2Interaction: Sendable, Hashable {
    /// Not usable: no answer, not a JSON object, missing token or link; a general error with this text.
    case malformed(String)
    case webFallback
    /// An `error` member, mapped (§3.3 r2).
    case failure(MSALNativeAuthFlowError.Kind, V2ErrorBody?)
    case continueFlow(token: String)
    case challenge(token: String, factor: V2AuthenticationFactor, methods: [V2Method])
    case verify(V2Verification)
    case riskVerify(token: String, href: String)
    /// Password reset: the new password goes to `href` (`update`, else `self`, as iOS does).
    case update(token: String, href: String)
    /// Password reset: still running; poll `href`.
    case poll(token: String, href: String)
    /// Sign-up: attributes to submit at `href`.
    case collectAttributes(token: String, attributes: [V2RequestedAttribute], href: String)
    /// A known state/action this step does not handle, or an unknown one.
    case other(String)

    /// The types a first factor or MFA may offer; 2.17.0 skips others with a warning.
    static let supportedTypes: Set<String> = [V2MethodType.password.rawValue, V2MethodType.email.rawValue,
                                              V2MethodType.sms.rawValue]

    static func interpret(_ answer: V2Answer) -> V2Interaction {
        let body: Data
        switch answer {
        case .failed(let message): return .malformed(message)
        case .response(_, let data): body = data
        }
        guard let response = V2Response.parse(body) else { return .malformed(V2Text.unexpectedBody) }
        if response.isWebFallback { return .webFallback }
        if response.hasError { return .failure(map(response.error), response.error) }
        guard let token = response.continuationToken, !token.isEmpty else { return .malformed(V2Text.missingToken) }
        if response.state == .continue { return .continueFlow(token: token) }
        // §3.3 r5-r7 dispatch on `action`; a `state` other than `continue` or `webFallbackRequired` is not read.
        guard let action = response.action else {
            return .other("action missing")
        }
        switch action {
        case .challenge:
            guard let factor = response.factor, V2AuthenticationFactor.known.contains(factor) else {
                return .malformed("Invalid interaction response: missing authentication factor")
            }
            let methods = (response.methods ?? []).filter { supportedTypes.contains($0.type) }
            guard !methods.isEmpty else { return .malformed("No supported authentication method available") }
            guard methods.allSatisfy({ !($0.challengeHref ?? "").isEmpty }) else {
                return .malformed("Missing challenge link for an authentication method")
            }
            return .challenge(token: token, factor: factor, methods: methods)
        case .verify:
            guard let verify = response.link(.verify) else {
                return .malformed(V2Text.missingLink(V2LinkRelation.verify.rawValue))
            }
            return .verify(V2Verification(
                token: token, type: response.type ?? V2MethodType.email.rawValue, hint: response.hint,
                codeLength: response.codeLength ?? 0, verifyHref: verify, resendHref: response.link(.resend)))
        case .riskverify:
            guard let href = response.link(.riskverify) else {
                return .malformed(V2Text.missingLink(V2LinkRelation.riskverify.rawValue))
            }
            return .riskVerify(token: token, href: href)
        case .update:
            guard let href = response.link(.update) ?? response.link(.self) else {
                return .malformed(V2Text.missingLink(V2LinkRelation.update.rawValue))
            }
            return .update(token: token, href: href)
        case .poll:
            guard let href = response.link(.poll) else { return .malformed(V2Text.missingLink(V2LinkRelation.poll.rawValue)) }
            return .poll(token: token, href: href)
        case .collectAttributes:
            guard let href = response.link(.submitAttributes) else {
                return .malformed(V2Text.missingLink(V2LinkRelation.submitAttributes.rawValue))
            }
            return .collectAttributes(token: token, attributes: response.attributes ?? [], href: href)
        default:
            return .other("action '\(action.rawValue)'")
        }
    }

    /// A channel a code is sent on (`email`, `sms`); any other type of a `verify` answer is no code (§3.4 E, H).
    static func isCodeChannel(_ type: String) -> Bool {
        type == V2MethodType.email.rawValue || type == V2MethodType.sms.rawValue
    }

    /// O8 (§3.4 D): `invalidGrant` with any inner code but `invalidOneTimeCode` is a general error there
    /// (the wrong-password pair maps to `isInvalidPassword` only at O9).
    static func isOtherInvalidGrant(_ body: V2ErrorBody?) -> Bool {
        body?.code == V2ErrorCode.invalidGrant.rawValue && body?.innerCode != V2ErrorCode.invalidOneTimeCode.rawValue
    }

    /// The exact camelCase pairs MSAL iOS's parser maps (iOS-I, §3.3 r2): a wrong password is
    /// `invalidCredentials` here, which ``V2FlowContext/error(_:_:)`` turns into `invalidPassword` under
    /// 2.18.1 (§3.5) and `submitPassword` in every profile (§3.4 C); everything else is a general error.
    static func map(_ error: V2ErrorBody?) -> MSALNativeAuthFlowError.Kind {
        guard let error else { return .generalError }
        switch (error.code, error.innerCode) {
        case (V2ErrorCode.invalidGrant.rawValue, V2ErrorCode.invalidOneTimeCode.rawValue): return .invalidCode
        case (V2ErrorCode.invalidRequest.rawValue, V2ErrorCode.passwordTooWeak.rawValue): return .invalidPassword
        case (V2ErrorCode.invalidGrant.rawValue, V2ErrorCode.invalidUserNameOrPassword.rawValue): return .invalidCredentials
        case (V2ErrorCode.invalidRequest.rawValue, _) where error.aadsts.contains(V2AADSTS.userNotFound):
            return .userNotFound
        default: return .generalError
        }
    }
}
