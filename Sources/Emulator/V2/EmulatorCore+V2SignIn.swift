import Foundation
import NativeAuthWire

extension EmulatorCore {
    /// O3: `username` at the `sign_in` entry link ⇒ the first-factor choice.
    func v2SignInStart(_ c: V2Context) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { $0.stage == .entry }
        guard let username = c.string(V2Key.username), !username.isEmpty else { throw .invalidParameter(V2Key.username) }
        guard let user = user(named: username) else { throw .userNotFound }
        flow.kind = .signIn
        flow.userID = user.id
        flow.username = user.email
        flow.stage = .firstFactor
        let methods = V2Method.firstFactors(user, flow: clients[flow.clientIndex].flow, reset: false)
        let token = v2Advance(id, flow, now: c.now)
        return .hal(v2ChallengeBody(token: token, methods: methods, mfa: false, c).json)
    }

    /// `action: challenge` with the methods and their `challenge` links.
    func v2ChallengeBody(token: String, methods: [V2Method], mfa: Bool, _ c: V2Context) -> V2HAL {
        var hal = V2HAL(.interactionRequired, .challenge, token: token)
        let factor: V2AuthenticationFactor = mfa ? .multiFactor : .singleFactor
        hal.add(V2Key.challengeContext, .object([(V2Key.authenticationFactor, .string(factor.rawValue))]))
        for method in methods {
            let route: V2Route =
                mfa ? .mfaChallenge(type: method.type.rawValue, id: method.id)
                : .methodChallenge(type: method.type.rawValue, id: method.id)
            hal.method(V2HAL.method(id: method.id, type: method.type, hint: method.hint, links: [(.challenge, c.href(route))]))
        }
        return hal
    }

    /// O6 on a method's `challenge` link (also its `resend` link): a password prompt, a code sent, or risk
    /// verification first for SMS.
    func v2MethodChallenge(_ c: V2Context, type: String, id methodID: String, mfa: Bool) throws(V2Failure) -> V2Answer {
        let (id, opened) = try v2Open(c) { flow in
            mfa ? flow.stage == .mfaChoice || flow.stage == .mfaCode(methodID)
                : flow.stage == .firstFactor || flow.stage == .code(methodID)
        }
        var flow = opened
        let method = try v2Method(flow, type: type, id: methodID, mfa: mfa)
        if method.blocked {
            throw V2Failure(.invalidRequest, aadsts: AADSTSCode.authMethodBlocked.rawValue, "The authentication method is blocked.")
        }
        let choosing = flow.stage == .firstFactor || flow.stage == .mfaChoice
        switch method.type {
        case .password:
            flow.stage = .password(methodID)
            var hal = V2HAL(.interactionRequired, .verify, token: v2Advance(id, flow, now: c.now))
            hal.add(V2Key.id, .string(methodID))
            hal.add(V2Key.type, .string(V2MethodType.password.rawValue))
            hal.link(.verify, c.href(.methodVerify(type: type, id: methodID)))
            hal.link(.recover, c.href(.methodRecover(id: methodID)))
            return .hal(hal.json)
        case .sms where choosing && config.nativeAuthV2.smsRiskVerification:
            flow.stage = .risk(methodID, mfa: mfa)
            var hal = V2HAL(.interactionRequired, .riskverify, token: v2Advance(id, flow, now: c.now))
            hal.link(.riskverify, c.href(.riskVerify))
            return .hal(hal.json)
        default:
            return v2SendCode(id, flow, method: method, mfa: mfa, c)
        }
    }

    /// O13: SMS risk verification; a high-risk number gets the web fallback, else the code is sent.
    func v2RiskVerify(_ c: V2Context) throws(V2Failure) -> V2Answer {
        let (id, opened) = try v2Open(c) { if case .risk = $0.stage { true } else { false } }
        var flow = opened
        guard case .risk(let methodID, let mfa) = flow.stage else { throw .invalidToken }
        let method = try v2Method(flow, type: V2MethodType.sms.rawValue, id: methodID, mfa: mfa)
        if method.highRisk {
            flow.stage = .finished
            return .webFallback(token: v2Advance(id, flow, now: c.now))
        }
        return v2SendCode(id, flow, method: method, mfa: mfa, c)
    }

    /// Sends a code to `method` and answers `action: verify`.
    private func v2SendCode(_ id: UInt64, _ flow: V2Flow, method: V2Method, mfa: Bool, _ c: V2Context) -> V2Answer {
        var flow = flow
        let purpose = mfa ? "mfa" : flow.kind == .resetPassword ? "resetPassword" : "signIn"
        flow.code = v2Send(to: method.target, channel: method.type.rawValue, purpose: purpose,
                           userEmail: flow.username ?? method.target, now: c.now)
        flow.stage = mfa ? .mfaCode(method.id) : .code(method.id)
        var hal = V2HAL(.interactionRequired, .verify, token: v2Advance(id, flow, now: c.now))
        hal.add(V2Key.id, .string(method.id))
        hal.add(V2Key.type, .string(method.type.rawValue))
        if let hint = method.hint { hal.add(V2Key.hint, .string(hint)) }
        hal.add(V2Key.codeLength, .int(config.oneTimeCodes.length))
        let type = method.type.rawValue
        hal.link(.verify, c.href(mfa ? .mfaVerify(type: type, id: method.id) : .methodVerify(type: type, id: method.id)))
        hal.link(.resend, c.href(mfa ? .mfaChallenge(type: type, id: method.id) : .methodChallenge(type: type, id: method.id)))
        return .hal(hal.json)
    }

    /// O8/O9 on a method's `verify` link: password or one-time code.
    func v2MethodVerify(_ c: V2Context, type: String, id methodID: String, mfa: Bool) throws(V2Failure) -> V2Answer {
        let (id, opened) = try v2Open(c) { flow in
            mfa ? flow.stage == .mfaCode(methodID) : flow.stage == .password(methodID) || flow.stage == .code(methodID)
        }
        var flow = opened
        let method = try v2Method(flow, type: type, id: methodID, mfa: mfa)
        let user = try v2User(flow)
        if method.type == .password {
            guard let password = c.string(V2Key.password), !password.isEmpty else {
                throw .invalidParameter(V2Key.password)
            }
            guard user.password == password else { throw .wrongPassword }
            return v2AfterFirstFactor(id, flow, user: user, c)
        }
        guard v2Check(c.string(V2Key.otp), flow: &flow, now: c.now) else {
            v2Store(id, flow, now: c.now)
            throw .wrongCode
        }
        if mfa { return v2Complete(id, flow, c) }
        if flow.kind == .resetPassword {
            flow.stage = .update
            var hal = V2HAL(.interactionRequired, .update, token: v2Advance(id, flow, now: c.now))
            hal.link(.update, c.href(.resetUpdate))
            return .hal(hal.json)
        }
        return v2AfterFirstFactor(id, flow, user: user, c)
    }

    /// After a first factor: the second-factor choice, strong-auth registration, or done.
    private func v2AfterFirstFactor(_ id: UInt64, _ flow: V2Flow, user: UserRecord, _ c: V2Context) -> V2Answer {
        guard user.mfaRequired else { return v2Complete(id, flow, c) }
        var flow = flow
        let methods = V2Method.secondFactors(user)
        if !methods.isEmpty {
            flow.stage = .mfaChoice
            return .hal(v2ChallengeBody(token: v2Advance(id, flow, now: c.now), methods: methods, mfa: true, c).json)
        }
        flow.stage = .enroll
        var hal = V2HAL(.interactionRequired, .enroll, token: v2Advance(id, flow, now: c.now))
        for type in [V2MethodType.email, .sms] {
            hal.method(V2HAL.method(id: type.rawValue, type: type, hint: nil, links: [(.enroll, c.href(.enroll(type: type.rawValue)))]))
        }
        return .hal(hal.json)
    }

    /// `state: continue`: the flow waits for the resume (O2).
    func v2Complete(_ id: UInt64, _ flow: V2Flow, _ c: V2Context) -> V2Answer {
        var flow = flow
        flow.stage = .completed
        var hal = V2HAL(.continue, token: v2Advance(id, flow, now: c.now))
        if config.nativeAuthV2.continueLink { hal.link(.continue, c.authorizeChallengeHref) }
        return .hal(hal.json)
    }

    // MARK: Strong-auth registration (JIT)

    /// O14: the contact to register; a code goes to it.
    func v2Enroll(_ c: V2Context, type: String) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { $0.stage == .enroll }
        guard type == "email" || type == "sms" else { throw .unknownMethod(type) }
        guard let target = c.string(V2Key.target), !target.isEmpty, type == "sms" || target.contains("@") else {
            throw .invalidParameter(V2Key.target)
        }
        let rules = config.registration
        if rules.blockedTargets.contains(where: { $0.lowercased() == target.lowercased() })
            || (type == "sms" && rules.blockedPhonePrefixes.contains(where: { target.hasPrefix($0) }))
        {
            throw V2Failure(
                .invalidRequest, aadsts: AADSTSCode.invalidVerificationContact.rawValue, "The verification contact is blocked.")
        }
        flow.code = v2Send(to: target, channel: type, purpose: "registration", userEmail: flow.username ?? target, now: c.now)
        flow.stage = .activate(channel: type, target: target)
        var hal = V2HAL(.interactionRequired, .activate, token: v2Advance(id, flow, now: c.now))
        hal.add(V2Key.type, .string(type))
        hal.add(V2Key.hint, .string(Masking.mask(target, channel: type)))
        hal.add(V2Key.codeLength, .int(config.oneTimeCodes.length))
        hal.link(.activate, c.href(.activate(type: type)))
        return .hal(hal.json)
    }

    /// O15: the code sent to the new contact; the method is registered and the flow completes.
    func v2Activate(_ c: V2Context, type: String) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { flow in
            if case .activate(let channel, _) = flow.stage { channel == type } else { false }
        }
        guard case .activate(let channel, let target) = flow.stage else { throw .invalidToken }
        var user = try v2User(flow)
        guard v2Check(c.string(V2Key.code), flow: &flow, now: c.now) else {
            v2Store(id, flow, now: c.now)
            throw .wrongCode
        }
        let methodID = state.withLock { $0.random.guid() }
        user.methods.append(.init(id: methodID, channel: channel, target: target))
        saveUser(user)
        return v2Complete(id, flow, c)
    }

    // MARK: Helpers

    func v2User(_ flow: V2Flow) throws(V2Failure) -> UserRecord {
        guard let user = flow.userID.flatMap({ user(id: $0) }) else { throw .userNotFound }
        return user
    }

    private func v2Method(_ flow: V2Flow, type: String, id: String, mfa: Bool) throws(V2Failure) -> V2Method {
        let user = try v2User(flow)
        let methods =
            mfa ? V2Method.secondFactors(user)
            : V2Method.firstFactors(user, flow: clients[flow.clientIndex].flow, reset: flow.kind == .resetPassword)
        guard let method = methods.first(where: { $0.id == id && $0.type.rawValue == type }) else {
            throw .unknownMethod(id)
        }
        return method
    }

    /// Sends a code (recorded in the outbox) and returns it as the flow's pending code.
    func v2Send(to target: String, channel: String, purpose: String, userEmail: String, now: Double) -> PendingCode {
        let code = state.withLock {
            $0.send(code: config.oneTimeCodes.length, to: target, channel: channel, purpose: purpose, userEmail: userEmail, now: now)
        }
        logger.info("one-time code sent", metadata: ["purpose": "\(purpose)", "channel": "\(channel)", "protocol": "v2"])
        return PendingCode(code: code, channel: channel, target: target, expiresAt: now + Double(config.oneTimeCodes.lifetime))
    }

    /// Checks a submitted code against the flow's pending one, counting wrong attempts.
    func v2Check(_ submitted: String?, flow: inout V2Flow, now: Double) -> Bool {
        checkCode(submitted, pending: &flow.code, now: now)
    }
}
