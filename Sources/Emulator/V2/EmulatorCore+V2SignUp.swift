import Foundation
import NativeAuthWire

extension EmulatorCore {
    /// O4: the `sign_up` entry link (`username` as the profile says) ⇒ `collectAttributes`.
    func v2SignUpStart(_ c: V2Context) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { $0.stage == .entry }
        let username = c.string(V2Key.username)
        switch config.nativeAuthV2.signUpStartUsername {
        case .rejected where username != nil:
            throw V2Failure(.invalidRequest, aadsts: V2AADSTS.invalidParameter, "username is not accepted at sign-up start.")
        case .required where (username ?? "").isEmpty:
            throw .invalidParameter(V2Key.username)
        default: break
        }
        if let username, !username.isEmpty {
            guard username.contains("@") else { throw .invalidParameter(V2Key.username) }
            guard self.user(named: username) == nil else { throw v2UserAlreadyExists() }
            flow.attributes[V2Key.emailAttribute] = username
        }
        flow.kind = .signUp
        flow.stage = .signUpAttributes
        let page = clients[flow.clientIndex].flow.attributes.filter { $0.page == 1 }
        var attributes: [EmulatorJSON] = [
            .object([
                (V2Key.attributeID, .string(V2Key.emailAttribute)), (V2Key.inputType, .string("text")),
                (V2Key.required, .bool(true)),
                (V2Key.canChange, .bool(true)), (V2Key.label, .string("Email Address")), (V2Key.regex, .string("^.*")),
            ])
        ]
        attributes += page.map(Self.v2Attribute)
        return .hal(v2CollectBody(token: v2Advance(id, flow, now: c.now), attributes: attributes, c))
    }

    /// O10: attributes (the password among them) for the page asked.
    func v2SignUpSubmitAttributes(_ c: V2Context) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { $0.stage == .signUpAttributes || $0.stage == .signUpPassword }
        guard let raw = c.body[V2Key.attributes], case .object = raw else { throw .invalidParameter(V2Key.attributes) }
        var values: [String: String]
        do { values = try AttributeRules.parse(raw.text) } catch { throw .invalidParameter(V2Key.attributes) }
        let casing = config.nativeAuthV2.errorCodeCasing
        if let password = values.removeValue(forKey: "password") {
            if let violation = config.passwordPolicy.violation(password) {
                throw .attributes([("password", .passwordPolicyViolation, violation.message)], casing: casing)
            }
            flow.password = password
        }
        let userFlow = clients[flow.clientIndex].flow
        if flow.stage == .signUpPassword {
            guard flow.password != nil else {
                throw .attributes([("password", .attributeRequired, "password is required.")], casing: casing)
            }
            return try v2SignUpNext(id, flow, c)
        }
        if let email = values.removeValue(forKey: V2Key.emailAttribute), !flow.verified {
            flow.attributes[V2Key.emailAttribute] = email
        }
        let (kept, invalid) = AttributeRules.filter(values, flow: userFlow)
        var rejected: [(id: String, code: V2ErrorCode, message: String)] = invalid.map { ($0, .attributeInvalid, "\($0) is not valid.") }
        flow.attributes.merge(kept) { $1 }
        let asked = flow.verified ? AttributeRules.nextPage(flow.attributes, flow: userFlow) ?? [] : userFlow.attributes.filter { $0.page == 1 }
        for attribute in asked where attribute.required && (flow.attributes[attribute.name] ?? "").isEmpty
            && !invalid.contains(attribute.name)
        {
            rejected.append((attribute.name, .attributeRequired, "\(attribute.name) is required."))
        }
        if !flow.verified {
            let email = flow.attributes[V2Key.emailAttribute] ?? ""
            if email.isEmpty {
                rejected.insert((V2Key.emailAttribute, .attributeRequired, "email is required."), at: 0)
            } else if !email.contains("@") {
                rejected.insert((V2Key.emailAttribute, .attributeInvalid, "email is not a valid email address."), at: 0)
            } else if user(named: email) != nil {
                throw v2UserAlreadyExists()
            }
        }
        guard rejected.isEmpty else { throw .attributes(rejected, casing: casing) }
        if flow.verified { return try v2SignUpNext(id, flow, c) }
        let email = flow.attributes[V2Key.emailAttribute] ?? ""
        flow.code = v2Send(to: email, channel: "email", purpose: "signUp", userEmail: email, now: c.now)
        flow.stage = .signUpCode
        return .hal(v2SignUpVerifyBody(token: v2Advance(id, flow, now: c.now), flow: flow, c))
    }

    /// O8 at sign-up: the email's code.
    func v2SignUpVerify(_ c: V2Context) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { $0.stage == .signUpCode }
        guard v2Check(c.string(V2Key.otp), flow: &flow, now: c.now) else {
            v2Store(id, flow, now: c.now)
            throw .wrongCode
        }
        flow.verified = true
        return try v2SignUpNext(id, flow, c)
    }

    /// O7 at sign-up: a new code, a new token.
    func v2SignUpResend(_ c: V2Context) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { $0.stage == .signUpCode }
        let email = flow.attributes[V2Key.emailAttribute] ?? ""
        flow.code = v2Send(to: email, channel: "email", purpose: "signUp", userEmail: email, now: c.now)
        return .hal(v2SignUpVerifyBody(token: v2Advance(id, flow, now: c.now), flow: flow, c))
    }

    /// The next page of attributes, the password, or the new account.
    private func v2SignUpNext(_ id: UInt64, _ flow: V2Flow, _ c: V2Context) throws(V2Failure) -> V2Answer {
        var flow = flow
        let userFlow = clients[flow.clientIndex].flow
        if let page = AttributeRules.nextPage(flow.attributes, flow: userFlow), !page.isEmpty {
            flow.stage = .signUpAttributes
            return .hal(v2CollectBody(token: v2Advance(id, flow, now: c.now), attributes: page.map(Self.v2Attribute), c))
        }
        if userFlow.method == .emailPassword, flow.password == nil {
            flow.stage = .signUpPassword
            let password = EmulatorJSON.object([
                (V2Key.attributeID, .string("password")), (V2Key.inputType, .string("password")),
                (V2Key.required, .bool(true)), (V2Key.confirmationInput, .string("retype")),
            ])
            return .hal(v2CollectBody(token: v2Advance(id, flow, now: c.now), attributes: [password], c))
        }
        let email = flow.attributes[V2Key.emailAttribute] ?? ""
        guard user(named: email) == nil else { throw v2UserAlreadyExists() }
        var other = flow.attributes
        other[V2Key.emailAttribute] = nil
        let alias = other.removeValue(forKey: AttributeRules.alias)
        let displayName = other.removeValue(forKey: "displayName")
        let userID = state.withLock { $0.random.guid() }
        saveUser(
            UserRecord(
                id: userID, email: email, alias: alias.flatMap { $0.isEmpty ? nil : $0 }, password: flow.password,
                displayName: displayName, attributes: other))
        logger.info("account created", metadata: ["protocol": "v2"])
        flow.userID = userID
        flow.username = email
        return v2Complete(id, flow, c)
    }

    private func v2CollectBody(token: String, attributes: [EmulatorJSON], _ c: V2Context) -> EmulatorJSON {
        var hal = V2HAL(.interactionRequired, .collectAttributes, token: token)
        hal.add(V2Key.attributes, .array(attributes))
        hal.link(.submitAttributes, c.href(.signUpSubmitAttributes))
        return hal.json
    }

    private func v2SignUpVerifyBody(token: String, flow: V2Flow, _ c: V2Context) -> EmulatorJSON {
        let email = flow.attributes[V2Key.emailAttribute] ?? ""
        var hal = V2HAL(.interactionRequired, .verify, token: token)
        hal.add(V2Key.id, .string("em-signup"))
        hal.add(V2Key.type, .string(V2MethodType.email.rawValue))
        hal.add(V2Key.hint, .string(Masking.mask(email, channel: "email")))
        hal.add(V2Key.codeLength, .int(config.oneTimeCodes.length))
        if clients[flow.clientIndex].flow.method == .emailPassword, flow.password == nil {
            hal.add(
                V2Key.attributes,
                .array([
                    .object([
                        (V2Key.attributeID, .string("password")), (V2Key.inputType, .string("password")),
                        (V2Key.required, .bool(true)),
                    ])
                ]))
        }
        hal.link(.verify, c.href(.signUpVerify))
        hal.link(.resend, c.href(.signUpResend))
        return hal.json
    }

    private static func v2Attribute(_ attribute: EmulatorConfig.Attribute) -> EmulatorJSON {
        var pairs: [(String, EmulatorJSON)] = [
            (V2Key.attributeID, .string(attribute.name)), (V2Key.inputType, .string("text")),
            (V2Key.required, .bool(attribute.required)),
        ]
        if let regex = attribute.regex { pairs.append((V2Key.regex, .string(regex))) }
        return .object(pairs)
    }

    /// AADSTS1003037 with the `userAlreadyExists` detail on `email` (spec §1.6).
    private func v2UserAlreadyExists() -> V2Failure {
        let casing = config.nativeAuthV2.errorCodeCasing
        return V2Failure(
            .invalidRequest, aadsts: V2AADSTS.userAlreadyExists, "An account with this email already exists.",
            details: [
                .object([
                    (V2Key.attributeIDs, .array([.string(V2Key.emailAttribute)])),
                    (V2Key.code, .string(V2Failure.spell(.userAlreadyExists, casing))),
                ])
            ])
    }
}
