import NativeAuthWire

extension EmulatorCore {
    /// Whether the user signs in with a password (else with an email code) under this client's user flow.
    func usesPassword(_ user: UserRecord, _ c: NativeAuthContext) -> Bool {
        c.flow.method == .emailPassword && user.hasPassword
    }

    /// `/oauth2/v2.0/initiate`.
    func signInInitiate(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        guard let username = c.form[WireField.username], !username.isEmpty else {
            throw .invalidParameter(WireField.username)
        }
        let types = try challengeTypes(c, required: true)
        let caps = try capabilities(c)
        guard let user = user(named: username) else { throw .userNotFound(false) }
        let needed = usesPassword(user, c) ? NativeAuthContext.passwordBit : NativeAuthContext.oobBit
        guard types & needed != 0 else {
            return .redirect("The client does not support the challenge type the user's sign-in method requires.")
        }
        let token = newToken(.signInInitiated, c, userID: user.id, challengeTypes: types, capabilities: caps)
        return .success(Self.tokenBody(tokens.seal(token)))
    }

    /// `/oauth2/v2.0/challenge`: first factor (password or email code) or, with an MFA token, second factor.
    func signInChallenge(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        let token = try openToken(
            c, steps: [.signInInitiated, .signInCodeSent, .mfaRequired, .mfaIntrospected, .mfaCodeSent])
        let types = try challengeTypes(c, required: false, fallback: token.challengeTypes)
        guard let user = user(id: token.userID) else { throw .userNotFound(true) }
        if token.step.family == .mfa { return try mfaChallenge(c, token: token, user: user) }
        if usesPassword(user, c) {
            guard types & NativeAuthContext.passwordBit != 0 else {
                return .redirect("The client does not support the password challenge type.")
            }
            return .success(
                .object([
                    (WireField.continuationToken, .string(seal(token, step: .signInPasswordChallenged, c))),
                    (WireField.challengeType, .string("password")),
                ]))
        }
        guard types & NativeAuthContext.oobBit != 0 else {
            return .redirect("The client does not support the oob challenge type.")
        }
        var flow = try flowState(for: token, username: user.email, c)
        flow.userID = user.id
        let code = sendCode(to: user.email, channel: "email", purpose: "signIn", userEmail: user.email, c)
        flow.code = code
        let saved = save(flow, token: token, c)
        return .success(oobChallengeBody(token: seal(saved, step: .signInCodeSent, c), code: code))
    }

    /// The second-factor challenge: `id` names the method; without it the single method is the default.
    private func mfaChallenge(_ c: NativeAuthContext, token: FlowToken, user: UserRecord) throws(NativeAuthError)
        -> NativeAuthAnswer
    {
        var flow = try flowState(for: token, username: user.email, c)
        let method: UserRecord.MethodRecord
        if let id = c.form[WireField.id], !id.isEmpty {
            guard let found = user.methods.first(where: { $0.id == id }) else { throw .invalidParameter("id") }
            method = found
        } else if let previous = flow.code, let found = user.methods.first(where: { $0.target == previous.target }) {
            method = found
        } else if user.methods.count == 1 {
            method = user.methods[0]
        } else {
            throw NativeAuthError(
                .invalidRequest, .mfaRequiredOnRefresh, "No default strong authentication method; call introspect.",
                suberror: .introspectRequired)
        }
        if method.blocked {
            throw NativeAuthError(
                .accessDenied, .authMethodBlocked, "Configuring multi-factor authentication method is blocked.",
                suberror: .providerBlockedByRep)
        }
        if method.highRisk && method.channel == "sms" {
            return .redirect("The request was judged high-risk; continue in a browser.")
        }
        flow.userID = user.id
        let code = sendCode(to: method.target, channel: method.channel, purpose: "mfa", userEmail: user.email, c)
        flow.code = code
        let saved = save(flow, token: token, c)
        return .success(oobChallengeBody(token: seal(saved, step: .mfaCodeSent, c), code: code, interval: false))
    }

    /// `/oauth2/v2.0/introspect`: the user's registered strong-auth methods.
    func mfaIntrospect(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        let token = try openToken(c, steps: [.mfaRequired])
        guard let user = user(id: token.userID) else { throw .userNotFound(true) }
        guard !user.methods.isEmpty else {
            throw NativeAuthError(.invalidRequest, 50079, "The user has no registered strong authentication method.")
        }
        let methods: [EmulatorJSON] = user.methods.map {
            .object([
                (WireField.id, .string($0.id)), (WireField.challengeType, .string("oob")),
                (WireField.challengeChannel, .string($0.channel)),
                (WireField.loginHint, .string(Masking.mask($0.target, channel: $0.channel))),
            ])
        }
        return .success(
            .object([
                (WireField.continuationToken, .string(seal(token, step: .mfaIntrospected, c))),
                (WireField.methods, .array(methods)),
            ]))
    }
}
