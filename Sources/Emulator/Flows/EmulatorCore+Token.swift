import Foundation
import NativeAuthWire

extension EmulatorCore {
    /// `/oauth2/v2.0/token`.
    func token(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        guard let grant = c.form[WireField.grantType], !grant.isEmpty else { throw .missing(WireField.grantType) }
        if let scope = c.form[WireField.scope],
            scope.split(separator: " ").isEmpty
                || scope.unicodeScalars.contains(where: { $0 != " " && ($0.value < 0x21 || $0.value > 0x7E) })
        {
            throw NativeAuthError(.invalidScope, 70011, "The provided value for the input parameter 'scope' is not valid.")
        }
        switch WireGrantType(grant) {
        case .password:
            let token = try openToken(c, steps: [.signInPasswordChallenged])
            guard let user = user(id: token.userID) else { throw .userNotFound(true) }
            guard let password = c.form[WireField.password], !password.isEmpty else {
                throw .missing(WireField.password)
            }
            guard user.password == password else {
                throw NativeAuthError(
                    .invalidGrant, .invalidCredentials, "Error validating credentials due to invalid username or password.")
            }
            return try afterFirstFactor(c, token: token, user: user)
        case .oob, .mfaOOB:
            let steps: Set<FlowStep> = grant == "oob" ? [.signInCodeSent, .mfaCodeSent] : [.mfaCodeSent]
            let token = try openToken(c, steps: steps)
            guard let user = user(id: token.userID) else { throw .userNotFound(true) }
            var flow = try flowState(for: token, username: user.email, c)
            guard verifyCode(c.form[WireField.oob], flow: &flow, c) else {
                save(flow, token: token, c)
                throw .wrongCode
            }
            save(flow, token: token, c)
            if token.step == .signInCodeSent { return try afterFirstFactor(c, token: token, user: user) }
            return issueTokens(c, user: user, flowID: token.flowID)
        case .continuationToken:
            let token = try openToken(c, steps: [.signUpCompleted, .resetSucceeded, .registrationCompleted])
            guard let user = user(id: token.userID) else { throw .userNotFound(true) }
            if token.flowID != 0, state.withLock({ $0.flows[token.flowID]?.finished ?? false }) { throw .tokenUsed }
            if token.step == .registrationCompleted { return issueTokens(c, user: user, flowID: token.flowID) }
            return try afterFirstFactor(c, token: token, user: user)
        case .refreshToken:
            return try refresh(c)
        default:
            throw NativeAuthError(
                .unsupportedGrantType, 70003, "The app requested an unsupported grant type '\(grant)'.")
        }
    }

    /// After a first factor: a second factor or registration when the user needs one, else tokens.
    private func afterFirstFactor(_ c: NativeAuthContext, token: FlowToken, user: UserRecord) throws(NativeAuthError)
        -> NativeAuthAnswer
    {
        guard user.hasPassword, user.mfaRequired else { return issueTokens(c, user: user, flowID: token.flowID) }
        if !user.methods.isEmpty {
            guard token.capabilities & NativeAuthContext.mfaCapability != 0 else {
                return .redirect("Client is missing mfa_required capability.")
            }
            let next = seal(token, step: .mfaRequired, c)
            throw NativeAuthError(
                .invalidGrant, .mfaRequiredOnRefresh, "Multi-factor authentication is required.", suberror: .mfaRequired,
                extra: [(WireField.continuationToken, .string(next))])
        }
        guard token.capabilities & NativeAuthContext.registrationCapability != 0 else {
            return .redirect("Client is missing registration_required capability.")
        }
        let next = seal(token, step: .registrationRequired, c)
        throw NativeAuthError(
            .invalidGrant, 50079, "The user must register a strong authentication method.",
            suberror: .registrationRequired, extra: [(WireField.continuationToken, .string(next))])
    }

    private func refresh(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        guard let raw = c.form[WireField.refreshToken], !raw.isEmpty else { throw .missing(WireField.refreshToken) }
        let grant = state.withLock { $0.refreshTokens[raw] }
        guard let grant, grant.clientID == c.client.client.id else {
            throw NativeAuthError(.invalidGrant, 9_002_313, "Invalid request. The refresh token is malformed or not valid.")
        }
        guard grant.expiresAt > c.now else {
            throw NativeAuthError(.expiredRefreshToken, 700_082, "The refresh token has expired due to inactivity.")
        }
        guard let user = user(id: grant.userID) else { throw .userNotFound(true) }
        _ = state.withLock { $0.refreshTokens.removeValue(forKey: raw) }
        return issueTokens(c, user: user, flowID: 0, scope: c.form[WireField.scope] ?? grant.scope)
    }

    /// The token response: signed id and access tokens, a refresh token and `client_info`.
    func issueTokens(_ c: NativeAuthContext, user: UserRecord, flowID: UInt64, scope: String? = nil) -> NativeAuthAnswer {
        if flowID != 0 { state.withLock { $0.flows[flowID]?.finished = true } }
        var scopes: [String] = []
        for s in (scope ?? c.form[WireField.scope] ?? "openid profile offline_access").split(separator: " ")
        where !scopes.contains(String(s)) {
            scopes.append(String(s))
        }
        let scopeString = scopes.joined(separator: " ")
        let issued = Int(c.now)
        let expires = issued + config.lifetimes.accessToken
        let iss = issuer.issuer(base: "\(c.scheme)://\(c.host)")
        let tid = config.tenant.id
        let clientID = c.client.client.id
        let common: [(String, EmulatorJSON)] = [
            ("iss", .string(iss)), ("iat", .int(issued)), ("nbf", .int(issued)), ("exp", .int(expires)),
            ("sub", .string(user.id)), ("oid", .string(user.id)), ("tid", .string(tid)),
            ("preferred_username", .string(user.email)), ("ver", .string("2.0")),
        ]
        var idClaims: [(String, EmulatorJSON)] = [("aud", .string(clientID))] + common
        idClaims.append(("name", .string(user.displayName ?? user.email)))
        idClaims.append(("email", .string(user.email)))
        let apiScopes = scopes.filter { !["openid", "profile", "offline_access", "email"].contains($0) }
        let accessClaims: [(String, EmulatorJSON)] =
            [("aud", .string(apiScopes.first.map { Self.resource(of: $0) } ?? clientID))] + common + [
                ("azp", .string(clientID)),
                ("scp", .string(apiScopes.isEmpty ? "openid profile" : apiScopes.map(Self.scopeName).joined(separator: " "))),
            ]
        let clientInfo = EmulatorJSON.object([("uid", .string(user.id)), ("utid", .string(tid))])
        var body: [(String, EmulatorJSON)] = [
            (WireField.tokenType, .string("Bearer")), (WireField.scope, .string(scopeString)),
            (WireField.expiresIn, .int(config.lifetimes.accessToken)),
            (WireField.extExpiresIn, .int(config.lifetimes.accessToken)),
            (WireField.accessToken, .string(issuer.sign(.object(accessClaims)))),
        ]
        if scopes.contains("offline_access") {
            let refresh = state.withLock { state -> String in
                let value = "1." + state.random.token(48)
                state.refreshTokens[value] = RefreshGrant(
                    userID: user.id, clientID: clientID, scope: scopeString,
                    expiresAt: c.now + Double(config.lifetimes.refreshToken))
                return value
            }
            body.append((WireField.refreshToken, .string(refresh)))
        }
        if scopes.contains("openid") { body.append((WireField.idToken, .string(issuer.sign(.object(idClaims))))) }
        body.append((WireField.clientInfo, .string(Base64URL.encode(clientInfo.bytes))))
        logger.info("tokens issued", metadata: ["client": "\(clientID)"])
        return .success(.object(body))
    }

    /// `api://app/read` → `api://app`.
    static func resource(of scope: String) -> String {
        guard let slash = scope.lastIndex(of: "/"), scope.contains("://") else { return scope }
        return String(scope[..<slash])
    }

    /// `api://app/read` → `read`.
    static func scopeName(_ scope: String) -> String {
        guard let slash = scope.lastIndex(of: "/"), scope.contains("://") else { return scope }
        return String(scope[scope.index(after: slash)...])
    }
}
