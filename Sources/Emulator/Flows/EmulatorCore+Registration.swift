import NativeAuthWire

extension EmulatorCore {
    /// `/register/v1.0/introspect`: the methods the user may register.
    func registerIntrospect(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        let token = try openToken(c, steps: [.registrationRequired])
        guard let user = user(id: token.userID) else { throw .userNotFound(false) }
        let methods: EmulatorJSON = .array([
            .object([
                (WireField.id, .string("email")), (WireField.challengeType, .string(WireChallengeType.oob.rawValue)),
                (WireField.challengeChannel, .string(WireChallengeChannel.email.rawValue)),
                (WireField.loginHint, .string(Masking.mask(user.email, channel: WireChallengeChannel.email.rawValue))),
            ]),
            .object([
                (WireField.id, .string("sms")), (WireField.challengeType, .string(WireChallengeType.oob.rawValue)),
                (WireField.challengeChannel, .string(WireChallengeChannel.sms.rawValue)),
            ]),
        ])
        return .success(
            .object([
                (WireField.continuationToken, .string(seal(token, step: .registrationIntrospected, c))),
                (WireField.methods, methods),
            ]))
    }

    /// `/register/v1.0/challenge`: verifies the contact (or answers `preverified` for the account email).
    func registerChallenge(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        let token = try openToken(c, steps: [.registrationIntrospected, .registrationCodeSent])
        guard let user = user(id: token.userID) else { throw .userNotFound(false) }
        guard let target = c.form[WireField.challengeTarget], !target.isEmpty else {
            throw .missing(WireField.challengeTarget)
        }
        let channel = c.form[WireField.challengeChannel] ?? (target.contains("@") ? WireChallengeChannel.email : .sms).rawValue
        guard Self.isValidContact(target, channel: channel) else {
            throw NativeAuthError(.invalidRequest, .invalidVerificationContact, "The verification contact is not valid.")
        }
        if config.registration.blockedTargets.contains(where: { $0.lowercased() == target.lowercased() }) {
            throw NativeAuthError(
                .accessDenied, .authMethodBlocked, "Configuring multi-factor authentication method is blocked.",
                suberror: .providerBlockedByRep)
        }
        if channel == WireChallengeChannel.sms.rawValue,
            config.registration.blockedPhonePrefixes.contains(where: { target.hasPrefix($0) })
        {
            throw NativeAuthError(
                .accessDenied, .authMethodBlocked, "The tenant administrator has blocked the phone region.",
                suberror: .providerBlockedByAdmin)
        }
        var flow = try flowState(for: token, username: user.email, c)
        flow.userID = user.id
        flow.registrationChannel = channel
        flow.registrationTarget = target
        if channel == "email" && target.lowercased() == user.email.lowercased() {
            let saved = save(flow, token: token, c)
            return .success(
                .object([
                    (WireField.continuationToken, .string(seal(saved, step: .registrationPreverified, c))),
                    (WireField.challengeType, .string("preverified")),
                ]))
        }
        let code = sendCode(to: target, channel: channel, purpose: "registration", userEmail: user.email, c)
        flow.code = code
        let saved = save(flow, token: token, c)
        return .success(
            oobChallengeBody(
                token: seal(saved, step: .registrationCodeSent, c), code: code, labelKey: WireField.challengeTarget,
                label: target))
    }

    /// `/register/v1.0/continue`: `oob` with the code, or `continuation_token` after `preverified`.
    func registerContinue(_ c: NativeAuthContext) throws(NativeAuthError) -> NativeAuthAnswer {
        let grant = c.form[WireField.grantType] ?? ""
        let token: FlowToken
        var flow: FlowState
        switch WireGrantType(grant) {
        case .oob:
            token = try openToken(c, steps: [.registrationCodeSent])
            flow = try flowState(for: token, username: "", c)
            guard verifyCode(c.form[WireField.oob], flow: &flow, c) else {
                save(flow, token: token, c)
                throw .wrongCode
            }
        case .continuationToken:
            token = try openToken(c, steps: [.registrationPreverified])
            flow = try flowState(for: token, username: "", c)
        default:
            throw NativeAuthError(.invalidGrant, .invalidRequestParameter, "grant_type parameter is empty or not valid.")
        }
        guard var user = user(id: token.userID), let target = flow.registrationTarget else {
            throw .tokenForOtherStep
        }
        let id = state.withLock { $0.random.guid() }
        user.methods.append(.init(id: id, channel: flow.registrationChannel ?? "email", target: target))
        saveUser(user)
        let saved = save(flow, token: token, c)
        return .success(Self.tokenBody(seal(saved, step: .registrationCompleted, c)))
    }

    static func isValidContact(_ target: String, channel: String) -> Bool {
        switch channel {
        case "email": return isEmail(target)
        case "sms":
            let digits = target.filter(\.isNumber)
            return target.hasPrefix("+") && (7...15).contains(digits.count)
                && target.dropFirst().allSatisfy { $0.isNumber || $0 == " " || $0 == "-" }
        default: return false
        }
    }
}
