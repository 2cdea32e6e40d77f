import Foundation
import NativeAuthWire

extension EmulatorCore {
    /// O5: `username` at the `reset_password` entry link ⇒ the method choice (`scenario: recovery`).
    func v2ResetStart(_ c: V2Context) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { $0.stage == .entry }
        guard let username = c.string(V2Key.username), !username.isEmpty else { throw .invalidParameter(V2Key.username) }
        guard let user = user(named: username) else { throw .userNotFound }
        guard clients[flow.clientIndex].flow.sspr else {
            throw V2Failure(.invalidRequest, aadsts: 500222, "Self-service password reset is not enabled for this application.")
        }
        flow.kind = .resetPassword
        flow.userID = user.id
        flow.username = user.email
        flow.stage = .firstFactor
        let methods = V2Method.firstFactors(user, flow: clients[flow.clientIndex].flow, reset: true)
        var hal = v2ChallengeBody(token: v2Advance(id, flow, now: c.now), methods: methods, mfa: false, c)
        hal.add(V2Key.scenario, .string("recovery"))
        hal.link(.self, c.href(.resetStart))
        return .hal(hal.json)
    }

    /// O11 (`PUT`): the new password ⇒ `poll` (or `continue` with `skipPoll`).
    func v2ResetUpdate(_ c: V2Context) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { $0.stage == .update }
        guard let password = c.string(V2Key.newPassword), !password.isEmpty else {
            throw .invalidParameter(V2Key.newPassword)
        }
        let user = try v2User(flow)
        let history = [user.password].compactMap { $0 } + user.passwordHistory
        if let violation = config.passwordPolicy.violation(password, history: history) {
            throw V2Failure(passwordPolicy: violation)
        }
        flow.newPassword = password
        if config.nativeAuthV2.skipPoll {
            v2ApplyNewPassword(flow)
            return v2Complete(id, flow, c)
        }
        flow.stage = .poll(remaining: config.resetPassword.pollsInProgress)
        return .hal(v2PollBody(token: v2Advance(id, flow, now: c.now), c))
    }

    /// O12: in progress while polls remain (same token), then `continue`.
    func v2ResetPoll(_ c: V2Context) throws(V2Failure) -> V2Answer {
        let id: UInt64
        var flow: V2Flow
        (id, flow) = try v2Open(c) { if case .poll = $0.stage { true } else { false } }
        guard case .poll(let remaining) = flow.stage else { throw .invalidToken }
        if remaining > 0 {
            flow.stage = .poll(remaining: remaining - 1)
            v2Store(id, flow, now: c.now)
            return .hal(v2PollBody(token: c.string(V2Key.continuationToken) ?? "", c))
        }
        v2ApplyNewPassword(flow)
        return v2Complete(id, flow, c)
    }

    private func v2PollBody(token: String, _ c: V2Context) -> EmulatorJSON {
        var hal = V2HAL(.interactionRequired, .poll, token: token)
        if let interval = config.nativeAuthV2.pollInterval { hal.add(V2Key.pollInterval, .int(interval)) }
        hal.link(.poll, c.href(.resetPoll))
        return hal.json
    }

    private func v2ApplyNewPassword(_ flow: V2Flow) {
        guard let password = flow.newPassword, var user = flow.userID.flatMap({ user(id: $0) }) else { return }
        if let old = user.password { user.passwordHistory.insert(old, at: 0) }
        user.passwordHistory = Array(user.passwordHistory.prefix(10))
        user.password = password
        saveUser(user)
    }
}
