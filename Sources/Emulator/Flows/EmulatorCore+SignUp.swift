import NativeAuthWire

extension EmulatorCore {
    /// `/signup/v1.0/start`.
    func signUpStart(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        guard let username = c.form[WireField.username], Self.isEmail(username) else {
            throw .invalidParameter(WireField.username)
        }
        let types = try challengeTypes(c, required: true)
        let caps = try capabilities(c)
        let needsPassword = c.flow.method == .emailPassword
        guard types & NativeAuthContext.oobBit != 0,
            !needsPassword || types & NativeAuthContext.passwordBit != 0
        else {
            return .redirect("The client does not support the challenge types this user flow requires.")
        }
        if user(named: username) != nil { throw userAlreadyExists() }
        var flow = FlowState(expiresAt: 0, username: username)
        if let raw = c.form[WireField.attributes], !raw.isEmpty {
            flow.attributes = try acceptAttributes(raw, c)
        }
        if needsPassword, let password = c.form[WireField.password], !password.isEmpty {
            if let violation = config.passwordPolicy.violation(password) { throw violation }
            flow.password = password
        }
        let token = save(flow, token: newToken(.signUpStarted, c, userID: "", challengeTypes: types, capabilities: caps), c)
        return .success(Self.tokenBody(tokens.seal(token)))
    }

    /// `/signup/v1.0/challenge`: the email code first; after `credential_required`, the password.
    func signUpChallenge(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        let token = try openToken(c, steps: [.signUpStarted, .signUpCodeSent, .signUpCredentialRequired])
        let types = try challengeTypes(c, required: false, fallback: token.challengeTypes)
        var flow = try flowState(for: token, username: "", c)
        if !flow.verified {
            guard types & NativeAuthContext.oobBit != 0 else {
                return .redirect("The client does not support the oob challenge type.")
            }
            let code = sendCode(to: flow.username, channel: "email", purpose: "signUp", userEmail: flow.username, c)
            flow.code = code
            let saved = save(flow, token: token, c)
            return .success(oobChallengeBody(token: seal(saved, step: .signUpCodeSent, c), code: code))
        }
        guard types & NativeAuthContext.passwordBit != 0 else {
            return .redirect("The client does not support the password challenge type.")
        }
        return .success(
            .object([
                (WireField.challengeType, .string("password")),
                (WireField.continuationToken, .string(seal(token, step: .signUpPasswordRequired, c))),
            ]))
    }

    /// `/signup/v1.0/continue` with `grant_type` `oob`, `password` or `attributes`.
    func signUpContinue(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        guard let grant = c.form[WireField.grantType], !grant.isEmpty else { throw .missing(WireField.grantType) }
        switch WireGrantType(grant) {
        case .oob:
            let token = try openToken(c, steps: [.signUpCodeSent])
            var flow = try flowState(for: token, username: "", c)
            guard verifyCode(c.form[WireField.oob], flow: &flow, c) else {
                save(flow, token: token, c)
                throw .wrongCode
            }
            flow.verified = true
            return try nextSignUpStep(c, token: token, flow: flow)
        case .password:
            let token = try openToken(c, steps: [.signUpPasswordRequired])
            var flow = try flowState(for: token, username: "", c)
            guard let password = c.form[WireField.password], !password.isEmpty else { throw .missing(WireField.password) }
            if let violation = config.passwordPolicy.violation(password) { throw violation }
            flow.password = password
            return try nextSignUpStep(c, token: token, flow: flow)
        case .attributes:
            let token = try openToken(c, steps: [.signUpAttributesRequired])
            var flow = try flowState(for: token, username: "", c)
            guard let raw = c.form[WireField.attributes], !raw.isEmpty else { throw .missing(WireField.attributes) }
            flow.attributes.merge(try acceptAttributes(raw, c)) { _, new in new }
            return try nextSignUpStep(c, token: token, flow: flow)
        default:
            throw NativeAuthError(.invalidGrant, .invalidRequestParameter, "grant_type parameter is empty or not valid.")
        }
    }

    /// Asks for the password, then attribute pages, then creates the account.
    private func nextSignUpStep(_ c: NativeAuthContext, token: FlowToken, flow: FlowState) throws(NativeAuthError)
        -> NativeAuthAnswer
    {
        var flow = flow
        if c.flow.method == .emailPassword && flow.password == nil {
            let saved = save(flow, token: token, c)
            throw NativeAuthError(
                .credentialRequired, .credentialRequired, "Credential required.",
                extra: [(WireField.continuationToken, .string(seal(saved, step: .signUpCredentialRequired, c)))])
        }
        if let page = AttributeRules.nextPage(flow.attributes, flow: c.flow) {
            let saved = save(flow, token: token, c)
            throw NativeAuthError(
                .attributesRequired, .attributesRequired, "User attributes required.",
                extra: [
                    (WireField.continuationToken, .string(seal(saved, step: .signUpAttributesRequired, c))),
                    (WireField.requiredAttributes, AttributeRules.requiredBody(page)),
                ])
        }
        // Create the account.
        var attributes = flow.attributes
        let alias = attributes.removeValue(forKey: AttributeRules.alias)
        let displayName = attributes.removeValue(forKey: "displayName")
        let created: UserRecord? = state.withLock { state in
            if state.isTaken(flow.username) || alias.map(state.isTaken) == true { return nil }
            let user = UserRecord(
                id: state.random.guid(), email: flow.username, alias: alias, password: flow.password,
                displayName: displayName, attributes: attributes)
            return user
        }
        guard let created else { throw userAlreadyExists() }
        saveUser(created)
        flow.userID = created.id
        flow.code = nil
        let saved = save(flow, token: token, c)
        logger.info("account created", metadata: ["client": "\(c.client.client.id)"])
        return .success(
            Self.tokenBody(
                seal(saved, step: .signUpCompleted, c, userID: created.id), expiresIn: config.lifetimes.continuationToken))
    }

    /// Parses, filters and validates submitted attributes; a taken alias is `user_already_exists`.
    private func acceptAttributes(_ raw: String, _ c: NativeAuthContext) throws(NativeAuthError) -> [String: String] {
        let (kept, invalid) = AttributeRules.filter(try AttributeRules.parse(raw), flow: c.flow)
        guard invalid.isEmpty else { throw AttributeRules.invalidError(invalid) }
        if let alias = kept[AttributeRules.alias], user(named: alias) != nil { throw userAlreadyExists() }
        return kept
    }

    func userAlreadyExists() -> NativeAuthError {
        NativeAuthError(.userAlreadyExists, .userAlreadyExists, "The user account already exists in the directory.")
    }

    static func isEmail(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
            && !parts[1].hasSuffix(".") && !s.contains(" ")
    }
}
