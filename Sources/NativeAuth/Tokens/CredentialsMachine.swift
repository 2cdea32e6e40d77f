import Foundation
import NativeAuthWire

/// `getAccessToken` (§5.9): the cached access token when it is still valid for the requested scopes and no
/// refresh is forced; otherwise `/token` with the refresh-token grant. Every failure is a general error.
struct CredentialsMachine: FlowMachine, Sendable {
    let engine: NativeAuthEngine
    let homeAccountId: String
    let correlationId: UUID
    let scopes: [String]
    let claims: String?
    let forceRefresh: Bool
    let returnRefreshToken: Bool

    static let mfaRequiredPrefix =
        "Multi-factor authentication is required, which can't be fulfilled as part of this flow; sign out and perform a new sign in. "
    /// Access tokens this close to expiry are refreshed.
    static let expiryMargin: TimeInterval = 300

    private func fail(_ info: ErrorInfo) -> FlowAction<RetrieveAccessTokenResult> {
        .finish(.error(RetrieveAccessTokenError(type: .generalError, info, correlationId: correlationId)))
    }

    private var context: FlowContext {
        FlowContext(engine: engine, correlationId: correlationId, username: "", scopes: scopes, claims: claims)
    }

    private func result(_ set: TokenSet) -> FlowAction<RetrieveAccessTokenResult> {
        guard let access = set.accessToken else { return fail(.message("No access token was returned")) }
        return .finish(.completed(MSALNativeAuthTokenResult(
            accessToken: access, refreshToken: returnRefreshToken ? set.refreshToken : nil, scopes: set.scopes,
            expiresOn: set.expiresOn, correlationId: correlationId)))
    }

    mutating func start() -> FlowAction<RetrieveAccessTokenResult> {
        guard let entry = engine.cache.entry(homeAccountId: homeAccountId) else {
            return fail(.message("No cached account; sign in again"))
        }
        let cachedScopes = Set(entry.scopes.map { $0.lowercased() })
        let wanted = scopes.map { $0.lowercased() }.filter { !["openid", "profile", "offline_access"].contains($0) }
        if !forceRefresh, entry.accessToken != nil, let expiry = entry.expiresOn,
            expiry.timeIntervalSince(engine.clock.now()) > Self.expiryMargin, wanted.allSatisfy(cachedScopes.contains)
        {
            return result(entry)
        }
        guard let refresh = entry.refreshToken else { return fail(.message("No refresh token in the cache; sign in again")) }
        var fields = [
            FormField(WireField.grantType, WireGrantType.refreshToken.rawValue), FormField(WireField.refreshToken, refresh),
            FormField(WireField.scope, context.scopeField), FormField(WireField.clientInfo, "true"),
        ]
        if let claims { fields.append(FormField(WireField.claims, claims)) }
        return .send(EndpointCall(.token, fields))
    }

    mutating func receive(_ response: Classified) -> FlowAction<RetrieveAccessTokenResult> {
        switch response {
        case .tokenSuccess(let body):
            let fallback = engine.cache.entry(homeAccountId: homeAccountId)?.username ?? ""
            switch TokenSet.parse(body, fallbackUsername: fallback, environment: engine.configuration.authority.host ?? "",
                                  now: engine.clock.now())
            {
            case .success(let set):
                engine.cache.store(set)
                return result(set)
            case .failure:
                return fail(.message("Client info was not returned or is invalid"))
            }
        case .apiError(let api):
            var message = api.errorDescription ?? ""
            if api.errorCodes.contains(AADSTSCode.mfaRequiredOnRefresh.rawValue) { message = Self.mfaRequiredPrefix + message }
            if api.errorCodes.contains(AADSTSCode.passwordResetRequired.rawValue) { message = TokenStep.passwordResetRequiredText + message }
            return fail(ErrorInfo(message: message, codes: api.errorCodes, uri: api.errorURI))
        case .unexpected(let reason):
            return fail(.unexpected(reason))
        case .success:
            return fail(.unexpectedBody)
        }
    }
}
