import Foundation
import NativeAuthWire

extension EmulatorCore {
    // MARK: Request parameters

    /// Parses `challenge_type`. Required at flow starts; elsewhere an absent list means "as at the start".
    func challengeTypes(_ c: NativeAuthContext, required: Bool, fallback: UInt8 = 0) throws(NativeAuthError) -> UInt8 {
        guard let raw = c.form[WireField.challengeType], !raw.isEmpty else {
            if required { throw .missing(WireField.challengeType) }
            return fallback
        }
        let list = WireChallengeTypes(parsing: raw)
        if let unknown = list.unknownValues.first {
            throw NativeAuthError(
                .invalidRequest, .invalidRequestParameter, "challenge_type parameter is empty or not valid: unsupported value '\(unknown)'.")
        }
        guard list.contains(.redirect) else {
            throw NativeAuthError(
                .invalidRequest, .challengeTypeMissingRedirect, "The challenge_type list parameter does not include the 'redirect' type.")
        }
        var bits = NativeAuthContext.redirectBit
        if list.contains(.oob) { bits |= NativeAuthContext.oobBit }
        if list.contains(.password) { bits |= NativeAuthContext.passwordBit }
        return bits
    }

    /// Parses `capabilities` (or the older `capability`); an unknown value is an `invalid_request`.
    func capabilities(_ c: NativeAuthContext) throws(NativeAuthError) -> UInt8 {
        guard let raw = c.form[WireField.capabilities] ?? c.form[WireField.legacyCapability], !raw.isEmpty else {
            return 0
        }
        do {
            let parsed = try WireCapabilities(parsing: raw)
            return (parsed.mfaRequired ? NativeAuthContext.mfaCapability : 0)
                | (parsed.registrationRequired ? NativeAuthContext.registrationCapability : 0)
        } catch {
            throw NativeAuthError(
                .invalidRequest, .invalidRequestParameter, "capabilities parameter contains an unsupported value '\(error.unknownValue)'.")
        }
    }

    // MARK: Continuation tokens

    /// Opens the request's continuation token and checks client, expiry and step.
    func openToken(_ c: NativeAuthContext, steps: Set<FlowStep>) throws(NativeAuthError) -> FlowToken {
        guard let raw = c.form[WireField.continuationToken], !raw.isEmpty else {
            throw .missing(WireField.continuationToken)
        }
        guard let token = tokens.open(raw), token.clientIndex == c.client.index else { throw .invalidToken }
        guard Double(token.expiresAt) > c.now else { throw .expiredToken }
        guard steps.contains(token.step) else { throw .tokenForOtherStep }
        return token
    }

    /// Seals `token` with a fresh expiry.
    func seal(_ token: FlowToken, step: FlowStep, _ c: NativeAuthContext, userID: String? = nil) -> String {
        let expiry = Int64(c.now) + Int64(config.lifetimes.continuationToken)
        return tokens.seal(token.advanced(to: step, expiresAt: expiry, userID: userID))
    }

    /// A token for a brand-new flow.
    func newToken(
        _ step: FlowStep, _ c: NativeAuthContext, userID: String, challengeTypes: UInt8, capabilities: UInt8,
        flowID: UInt64 = 0
    ) -> FlowToken {
        FlowToken(
            flowID: flowID, step: step, clientIndex: UInt16(c.client.index), userID: userID,
            expiresAt: Int64(c.now) + Int64(config.lifetimes.continuationToken), challengeTypes: challengeTypes,
            capabilities: capabilities)
    }

    /// The flow state behind a token, created on first use; throws when the flow already finished.
    func flowState(for token: FlowToken, username: @autoclosure () -> String, _ c: NativeAuthContext)
        throws(NativeAuthError) -> FlowState
    {
        let existing = state.withLock { $0.flows[token.flowID] }
        if let existing {
            if existing.finished { throw .tokenUsed }
            return existing
        }
        return FlowState(expiresAt: c.now + Double(config.lifetimes.continuationToken) * 4, username: username())
    }

    /// Saves flow state; allocates a flow id when the token has none yet and returns the token with it.
    @discardableResult
    func save(_ flow: FlowState, token: FlowToken, _ c: NativeAuthContext) -> FlowToken {
        var token = token
        var flow = flow
        flow.expiresAt = max(flow.expiresAt, c.now + Double(config.lifetimes.continuationToken) * 4)
        state.withLock { state in
            if token.flowID == 0 { token.flowID = state.newFlowID() }
            state.store(flow, id: token.flowID, now: c.now)
        }
        return token
    }

    // MARK: Codes

    /// Generates a code, records it in the outbox and returns the pending code for the flow.
    func sendCode(to target: String, channel: String, purpose: String, userEmail: String, _ c: NativeAuthContext)
        -> PendingCode
    {
        let code = state.withLock {
            $0.send(
                code: config.oneTimeCodes.length, to: target, channel: channel, purpose: purpose, userEmail: userEmail,
                now: c.now)
        }
        logger.info("one-time code sent", metadata: ["purpose": "\(purpose)", "channel": "\(channel)"])
        return PendingCode(
            code: code, channel: channel, target: target, expiresAt: c.now + Double(config.oneTimeCodes.lifetime))
    }

    /// Checks a submitted code against the flow's pending code, counting wrong attempts.
    func verifyCode(_ submitted: String?, flow: inout FlowState, _ c: NativeAuthContext) -> Bool {
        checkCode(submitted, pending: &flow.code, now: c.now)
    }

    /// Checks a submitted code against a pending one (V1's and V2's flows alike): a right code is
    /// used up, a wrong one counts an attempt; nothing pending, too many attempts or an expired
    /// code never match.
    func checkCode(_ submitted: String?, pending slot: inout PendingCode?, now: Double) -> Bool {
        guard var pending = slot else { return false }
        let ok = pending.wrongAttempts < config.oneTimeCodes.maxAttempts && pending.expiresAt > now
            && submitted == pending.code
        if ok {
            slot = nil
        } else {
            pending.wrongAttempts += 1
            slot = pending
        }
        return ok
    }

    /// The `oob` challenge body.
    func oobChallengeBody(token: String, code: PendingCode, labelKey: String = WireField.challengeTargetLabel,
                          label: String? = nil, interval: Bool = true) -> EmulatorJSON
    {
        var pairs: [(String, EmulatorJSON)] = [
            (WireField.continuationToken, .string(token)), (WireField.challengeType, .string("oob")),
            (WireField.bindingMethod, .string("prompt")), (WireField.challengeChannel, .string(code.channel)),
            (labelKey, .string(label ?? Masking.mask(code.target, channel: code.channel))),
            (WireField.codeLength, .int(config.oneTimeCodes.length)),
        ]
        if interval { pairs.append((WireField.interval, .int(config.oneTimeCodes.resendInterval))) }
        return .object(pairs)
    }

    static func tokenBody(_ token: String, expiresIn: Int? = nil) -> EmulatorJSON {
        var pairs: [(String, EmulatorJSON)] = [(WireField.continuationToken, .string(token))]
        if let expiresIn { pairs.append((WireField.expiresIn, .int(expiresIn))) }
        return .object(pairs)
    }

    // MARK: Users

    func user(named name: String) -> UserRecord? { state.withLock { $0.user(named: name) } }
    func user(id: String) -> UserRecord? { state.withLock { $0.users[id] } }

    /// Stores a changed or new user and writes the store file when one is configured.
    func saveUser(_ user: UserRecord) {
        let snapshot: [UserRecord]? = state.withLock { state in
            state.insert(user)
            return config.server.storePath == nil ? nil : Array(state.users.values)
        }
        if let path = config.server.storePath, let snapshot {
            do {
                try UserStoreFile.save(snapshot, to: path)
            } catch {
                logger.error("cannot write the user store file", metadata: ["path": "\(path)"])
            }
        }
    }
}

/// Masks contacts the way Entra labels them (`u***r@ex****e.com`, `+1425555****`).
enum Masking {
    static func mask(_ target: String, channel: String) -> String {
        if channel == "sms" || !target.contains("@") {
            let keep = max(0, target.count - 4)
            return String(target.prefix(keep)) + String(repeating: "*", count: target.count - keep)
        }
        let parts = target.split(separator: "@", maxSplits: 1).map(String.init)
        let local = parts[0]
        let domain = parts.count > 1 ? parts[1] : ""
        let maskedLocal = local.count <= 2
            ? String(local.prefix(1)) + "*" : "\(local.first!)\(String(repeating: "*", count: local.count - 2))\(local.last!)"
        var labels = domain.split(separator: ".").map(String.init)
        if let first = labels.first, labels.count > 1 {
            labels[0] = first.count <= 3
                ? String(first.prefix(1)) + String(repeating: "*", count: first.count - 1)
                : String(first.prefix(2)) + String(repeating: "*", count: first.count - 3) + String(first.last!)
        }
        return maskedLocal + "@" + labels.joined(separator: ".")
    }
}
