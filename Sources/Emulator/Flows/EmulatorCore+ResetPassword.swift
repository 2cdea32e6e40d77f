import NativeAuthWire

extension EmulatorCore {
    /// `/resetpassword/v1.0/start`.
    func resetStart(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        guard let username = c.form[WireField.username], !username.isEmpty else {
            throw .invalidParameter(WireField.username)
        }
        let types = try challengeTypes(c, required: true)
        let caps = try capabilities(c)
        guard c.flow.sspr else {
            throw NativeAuthError(
                .invalidRequest, 500_200, "Self-service password reset is not enabled for this application.")
        }
        guard let user = user(named: username) else { throw .userNotFound(false) }
        guard user.hasPassword else {
            throw NativeAuthError(.invalidRequest, .userDoesNotHavePassword, "The user account does not have a password.")
        }
        guard types & NativeAuthContext.oobBit != 0 else {
            return .redirect("The client does not support the oob challenge type.")
        }
        let token = newToken(.resetStarted, c, userID: user.id, challengeTypes: types, capabilities: caps)
        return .success(Self.tokenBody(tokens.seal(token)))
    }

    /// `/resetpassword/v1.0/challenge`: sends (or re-sends) the email code.
    func resetChallenge(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        let token = try openToken(c, steps: [.resetStarted, .resetCodeSent])
        let types = try challengeTypes(c, required: false, fallback: token.challengeTypes)
        guard types & NativeAuthContext.oobBit != 0 else {
            return .redirect("The client does not support the oob challenge type.")
        }
        guard let user = user(id: token.userID) else { throw .userNotFound(false) }
        var flow = try flowState(for: token, username: user.email, c)
        flow.userID = user.id
        let code = sendCode(to: user.email, channel: "email", purpose: "resetPassword", userEmail: user.email, c)
        flow.code = code
        let saved = save(flow, token: token, c)
        return .success(oobChallengeBody(token: seal(saved, step: .resetCodeSent, c), code: code))
    }

    /// `/resetpassword/v1.0/continue` (`grant_type=oob`).
    func resetContinue(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        guard c.form[WireField.grantType] == WireGrantType.oob.rawValue else {
            throw .invalidParameter(WireField.grantType)
        }
        let token = try openToken(c, steps: [.resetCodeSent])
        var flow = try flowState(for: token, username: "", c)
        guard verifyCode(c.form[WireField.oob], flow: &flow, c) else {
            save(flow, token: token, c)
            throw .wrongCode
        }
        flow.verified = true
        let saved = save(flow, token: token, c)
        return .success(
            Self.tokenBody(seal(saved, step: .resetVerified, c), expiresIn: config.lifetimes.continuationToken))
    }

    /// `/resetpassword/v1.0/submit`.
    func resetSubmit(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        let token = try openToken(c, steps: [.resetVerified])
        guard let password = c.form[WireField.newPassword], !password.isEmpty else {
            throw .missing(WireField.newPassword)
        }
        guard let user = user(id: token.userID) else { throw .userNotFound(false) }
        var flow = try flowState(for: token, username: user.email, c)
        let history = [user.password].compactMap { $0 } + user.passwordHistory
        if let violation = config.passwordPolicy.violation(password, history: history) { throw violation }
        flow.newPassword = password
        flow.pollsRemaining = config.resetPassword.pollsInProgress
        let saved = save(flow, token: token, c)
        return .success(
            .object([
                (WireField.continuationToken, .string(seal(saved, step: .resetSubmitted, c))),
                (WireField.pollInterval, .int(config.resetPassword.pollInterval)),
            ]))
    }

    /// `/resetpassword/v1.0/poll_completion`: `in_progress` for the configured number of polls, then
    /// `succeeded` with a token for sign-in after reset.
    func resetPoll(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        let token = try openToken(c, steps: [.resetSubmitted])
        guard var user = user(id: token.userID) else { throw .userNotFound(false) }
        var flow = try flowState(for: token, username: user.email, c)
        if flow.pollsRemaining > 0 {
            flow.pollsRemaining -= 1
            save(flow, token: token, c)
            return .success(.object([(WireField.status, .string(WirePollStatus.inProgress.rawValue))]))
        }
        if let password = flow.newPassword {
            if let old = user.password { user.passwordHistory.insert(old, at: 0) }
            user.passwordHistory = Array(user.passwordHistory.prefix(10))
            user.password = password
            saveUser(user)
            flow.newPassword = nil
            logger.info("password reset completed", metadata: ["client": "\(c.client.client.id)"])
        }
        let saved = save(flow, token: token, c)
        return .success(
            .object([
                (WireField.status, .string(WirePollStatus.succeeded.rawValue)),
                (WireField.continuationToken, .string(seal(saved, step: .resetSucceeded, c))),
                (WireField.expiresIn, .int(config.lifetimes.continuationToken)),
            ]))
    }
}
