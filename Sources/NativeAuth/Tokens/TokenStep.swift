import Foundation
import NativeAuthWire

/// How a failed `/token` answer was classified (client-behaviour.md §5.2 C), reduced to what the
/// flows' error converters look at.
struct TokenFailure: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case redirect
        case invalidOOBCode
        case invalidPassword
        case userNotFound
        case general
    }

    var kind: Kind
    var message: String?
    var api: APIErrorBody?
}

/// What the shared token step ends in.
enum TokenStepEvent: Sendable {
    case send(EndpointCall)
    case completed(TokenSet)
    case tokenFailed(TokenFailure)
    /// `mfa_required`, then `/oauth2/v2.0/introspect` succeeded.
    case awaitingMFA(methods: [AuthMethodWire], token: String)
    /// `registration_required`, then `/register/v1.0/introspect` succeeded.
    case registrationRequired(methods: [AuthMethodWire], token: String)
    /// The introspect follow-up failed; a redirect stays browser-required (errata 2026-11-22).
    case introspectFailed(isRedirect: Bool, message: String?, api: APIErrorBody?)
}

/// The `/token` call shared by every sign-in path, with its MFA / JIT introspect follow-up.
struct TokenStep: Sendable {
    private enum Phase: Sendable { case token, mfaIntrospect, registerIntrospect }
    private var phase = Phase.token
    let context: FlowContext

    init(context: FlowContext) { self.context = context }

    static let passwordResetRequiredText =
        "User password change is required, which can't be done in this flow; reset the password first. "
    static let unexpectedMessage = "Unexpected response body received"

    /// The `/token` request for a native grant.
    static func call(
        grantType: String, context: FlowContext, continuationToken: String?, username: String? = nil,
        password: String? = nil, oob: String? = nil, includeChallengeType: Bool, includeClaims: Bool = true
    ) -> EndpointCall {
        var fields: [FormField] = []
        if let username { fields.append(FormField(WireField.username, username)) }
        if let continuationToken { fields.append(FormField(WireField.continuationToken, continuationToken)) }
        fields.append(FormField(WireField.grantType, grantType))
        fields.append(FormField(WireField.scope, context.scopeField))
        if let password { fields.append(FormField(WireField.password, password)) }
        if let oob { fields.append(FormField(WireField.oob, oob)) }
        if includeChallengeType { fields.append(FormField(WireField.challengeType, context.challengeTypes)) }
        fields.append(FormField(WireField.clientInfo, "true"))
        if includeClaims, let claims = context.claims { fields.append(FormField(WireField.claims, claims)) }
        return EndpointCall(.token, fields)
    }

    mutating func receive(_ response: Classified) -> TokenStepEvent {
        switch phase {
        case .token: return receiveToken(response)
        case .mfaIntrospect, .registerIntrospect: return receiveIntrospect(response)
        }
    }

    private mutating func receiveToken(_ response: Classified) -> TokenStepEvent {
        switch response {
        case .tokenSuccess(let body):
            if body.wireChallengeType == .redirect {
                return .tokenFailed(TokenFailure(kind: .redirect, message: body.redirectReason))
            }
            let environment = context.engine.configuration.authority.host ?? ""
            switch TokenSet.parse(
                body, fallbackUsername: context.username, environment: environment, now: context.engine.clock.now())
            {
            case .success(let set): return .completed(set)
            case .failure:
                return .tokenFailed(TokenFailure(kind: .general, message: "Client info was not returned or is invalid"))
            }
        case .success:
            return .tokenFailed(TokenFailure(kind: .general, message: Self.unexpectedMessage))
        case .apiError(let api):
            return classifyError(api)
        case .unexpected(let reason):
            return .tokenFailed(TokenFailure(kind: .general, message: reason.message, api: reason.apiError))
        }
    }

    private mutating func classifyError(_ api: APIErrorBody) -> TokenStepEvent {
        func fail(_ kind: TokenFailure.Kind, _ message: String? = api.errorDescription) -> TokenStepEvent {
            .tokenFailed(TokenFailure(kind: kind, message: message, api: api))
        }
        switch api.wireError {
        case .invalidGrant:
            switch api.wireSuberror {
            case .invalidOOBValue: return fail(.invalidOOBCode)
            case .mfaRequired:
                guard let token = api.continuationToken else { return fail(.general) }
                phase = .mfaIntrospect
                return .send(EndpointCall(.signInIntrospect, [FormField(WireField.continuationToken, token)]))
            case .registrationRequired:
                guard let token = api.continuationToken else { return fail(.general) }
                phase = .registerIntrospect
                return .send(EndpointCall(.registerIntrospect, [FormField(WireField.continuationToken, token)]))
            default:
                // Only the first error code is looked at.
                switch api.firstCode {
                case AADSTSCode.userNotFound.rawValue: return fail(.userNotFound)
                case AADSTSCode.invalidCredentials.rawValue: return fail(.invalidPassword)
                default: return fail(.general)
                }
            }
        case .invalidRequest:
            if api.errorCodes.contains(AADSTSCode.passwordResetRequired.rawValue) {
                return fail(.general, Self.passwordResetRequiredText + (api.errorDescription ?? ""))
            }
            return fail(.general)
        case .userNotFound:
            return fail(.userNotFound)
        default:
            return fail(.general)
        }
    }

    private func receiveIntrospect(_ response: Classified) -> TokenStepEvent {
        switch response {
        case .success(let body):
            if body.isRedirect { return .introspectFailed(isRedirect: true, message: body.redirectReason, api: nil) }
            guard let token = body.continuationToken, let methods = body.methods, !methods.isEmpty else {
                return .introspectFailed(isRedirect: false, message: Self.unexpectedMessage, api: nil)
            }
            return phase == .mfaIntrospect
                ? .awaitingMFA(methods: methods, token: token) : .registrationRequired(methods: methods, token: token)
        case .apiError(let api):
            return .introspectFailed(isRedirect: false, message: api.errorDescription, api: api)
        case .unexpected(let reason):
            return .introspectFailed(isRedirect: false, message: reason.message, api: reason.apiError)
        case .tokenSuccess:
            return .introspectFailed(isRedirect: false, message: Self.unexpectedMessage, api: nil)
        }
    }
}
