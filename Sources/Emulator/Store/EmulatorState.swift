/// All mutable emulator state, guarded by one lock in ``EmulatorCore``.
struct EmulatorState: Sendable {
    var users: [String: UserRecord] = [:]
    /// Lower-cased email and alias → user id.
    var index: [String: String] = [:]
    var flows: [UInt64: FlowState] = [:]
    var outbox: [OutboxEntry] = []
    var refreshTokens: [String: RefreshGrant] = [:]
    var random: SeededGenerator
    var faults: EmulatorConfig.Faults
    /// Mock API queues: lower-cased correlation id → endpoint key → response keys.
    var mockQueues: [String: [String: [String]]] = [:]
    var flowsCreatedSinceSweep = 0
    var nextOutboxSequence = 1

    init(random: SeededGenerator, faults: EmulatorConfig.Faults) {
        self.random = random
        self.faults = faults
    }

    // MARK: Users

    func user(named name: String) -> UserRecord? {
        index[name.lowercased()].flatMap { users[$0] }
    }

    func isTaken(_ name: String) -> Bool { index[name.lowercased()] != nil }

    mutating func insert(_ user: UserRecord) {
        if let old = users[user.id] {
            index[old.email.lowercased()] = nil
            if let alias = old.alias { index[alias.lowercased()] = nil }
        }
        users[user.id] = user
        index[user.email.lowercased()] = user.id
        if let alias = user.alias { index[alias.lowercased()] = user.id }
    }

    mutating func removeUser(named name: String) -> Bool {
        guard let user = user(named: name) else { return false }
        users[user.id] = nil
        index[user.email.lowercased()] = nil
        if let alias = user.alias { index[alias.lowercased()] = nil }
        return true
    }

    // MARK: Flows

    mutating func newFlowID() -> UInt64 {
        var id: UInt64 = 0
        repeat { id = random.next() } while id == 0 || flows[id] != nil
        return id
    }

    mutating func store(_ flow: FlowState, id: UInt64, now: Double) {
        if flows[id] == nil {
            flowsCreatedSinceSweep += 1
            if flowsCreatedSinceSweep >= 4096 {
                flows = flows.filter { $0.value.expiresAt > now }
                refreshTokens = refreshTokens.filter { $0.value.expiresAt > now }
                flowsCreatedSinceSweep = 0
            }
        }
        flows[id] = flow
    }

    // MARK: Outbox

    mutating func send(
        code length: Int, to recipient: String, channel: String, purpose: String, userEmail: String, now: Double
    ) -> String {
        let code = random.digits(length)
        outbox.append(
            OutboxEntry(
                sequence: nextOutboxSequence, sentAt: now, recipient: recipient, userEmail: userEmail,
                channel: channel, purpose: purpose, code: code))
        nextOutboxSequence += 1
        if outbox.count > 10_000 { outbox.removeFirst(outbox.count - 10_000) }
        return code
    }
}
