import Foundation
import NativeAuthWire

extension EmulatorCore {
    /// `/_authtape/*`: operator endpoints, refused (401) without the admin token (`Authorization: Bearer …`
    /// or `x-authtape-admin-token`). `GET /_authtape/health` is open.
    func handleAdmin(_ request: EmulatorRequest) -> EmulatorResponse {
        let route = request.path.dropFirst("/_authtape".count)
        if route == "/health" { return .json(200, .object([("status", .string("ok"))])) }
        guard isAdmin(request) else {
            return .json(
                401,
                .object([
                    ("error", .string("unauthorized")),
                    ("error_description", .string("The admin token is missing or wrong.")),
                ]))
        }
        let query = (try? FormCodec.decode(request.query ?? "")) ?? FormFields()
        switch (request.method, route) {
        case ("GET", "/outbox"):
            return .json(200, .object([("messages", .array(outbox(user: query["user"]).map(Self.outboxJSON)))]))
        case ("DELETE", "/outbox"):
            state.withLock { $0.outbox.removeAll() }
            return .json(200, .object([]))
        case ("GET", "/users"):
            let users = state.withLock { Array($0.users.values) }.sorted { $0.email < $1.email }
            return .json(200, .object([("users", .array(users.map(Self.userJSON)))]))
        case ("POST", "/users"):
            return addUser(request)
        case ("GET", "/faults"):
            return .json(200, Self.faultsJSON(faults))
        case ("PUT", "/faults"), ("POST", "/faults"):
            return setFaults(request)
        case ("POST", "/clock/advance"):
            guard let body = EmulatorJSON.parse(Data(request.body)), let seconds = body["seconds"]?.intValue else {
                return adminError(400, "expected {\"seconds\": N}")
            }
            advanceClock(by: TimeInterval(seconds))
            return .json(200, .object([("now", .string(UTCTimestamp.string(clock.now)))]))
        default:
            if request.method == "DELETE", route.hasPrefix("/users/") {
                let name = String(route.dropFirst("/users/".count)).removingPercentEncoding ?? ""
                let removed = state.withLock { $0.removeUser(named: name) }
                return removed ? .json(200, .object([])) : adminError(404, "no user \(name)")
            }
            return adminError(404, "no admin endpoint \(request.method) \(request.path)")
        }
    }

    private func isAdmin(_ request: EmulatorRequest) -> Bool {
        var presented = request.headers["x-authtape-admin-token"]
        if presented == nil, let auth = request.headers["authorization"], auth.hasPrefix("Bearer ") {
            presented = String(auth.dropFirst("Bearer ".count))
        }
        guard let presented else { return false }
        let a = Array(presented.utf8)
        let b = Array(adminToken.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func adminError(_ status: Int, _ message: String) -> EmulatorResponse {
        .json(status, .object([("error", .string("bad_request")), ("error_description", .string(message))]))
    }

    private func addUser(_ request: EmulatorRequest) -> EmulatorResponse {
        guard let body = EmulatorJSON.parse(Data(request.body)), let email = body["email"]?.stringValue,
            Self.isEmail(email)
        else { return adminError(400, "expected a JSON object with an `email` field") }
        var user = EmulatorConfig.User(
            email: email, password: body["password"]?.stringValue, alias: body["alias"]?.stringValue,
            displayName: body["displayName"]?.stringValue)
        if case .bool(let mfa)? = body["mfaRequired"] { user.mfaRequired = mfa }
        for method in body["methods"]?.arrayValue ?? [] {
            guard let channel = method["channel"]?.stringValue, let target = method["target"]?.stringValue else {
                return adminError(400, "each of `methods` needs `channel` and `target`")
            }
            user.methods.append(.init(channel: channel, target: target))
        }
        let record: UserRecord? = state.withLock { state in
            if state.isTaken(email) || user.alias.map(state.isTaken) == true { return nil }
            return Self.record(for: user, random: &state.random)
        }
        guard let record else { return adminError(409, "the email or alias is already taken") }
        saveUser(record)
        return .json(201, Self.userJSON(record))
    }

    private func setFaults(_ request: EmulatorRequest) -> EmulatorResponse {
        guard let body = EmulatorJSON.parse(Data(request.body)) else { return adminError(400, "expected a JSON object") }
        var faults = self.faults
        if let latency = body["latencyMs"]?.intValue { faults.latencyMs = max(0, latency) }
        switch body["serverErrorRate"] {
        case .int(let i)?: faults.serverErrorRate = Double(i)
        case .double(let d)?: faults.serverErrorRate = d
        default: break
        }
        guard (0...1).contains(faults.serverErrorRate) else { return adminError(400, "serverErrorRate must be 0...1") }
        state.withLock { $0.faults = faults }
        logger.info("fault knobs changed", metadata: ["latencyMs": "\(faults.latencyMs)", "serverErrorRate": "\(faults.serverErrorRate)"])
        return .json(200, Self.faultsJSON(faults))
    }

    static func faultsJSON(_ faults: EmulatorConfig.Faults) -> EmulatorJSON {
        .object([("latencyMs", .int(faults.latencyMs)), ("serverErrorRate", .double(faults.serverErrorRate))])
    }

    static func outboxJSON(_ entry: OutboxEntry) -> EmulatorJSON {
        .object([
            ("sequence", .int(entry.sequence)),
            ("sentAt", .string(UTCTimestamp.string(Date(timeIntervalSince1970: entry.sentAt)))),
            ("recipient", .string(entry.recipient)), ("user", .string(entry.userEmail)),
            ("channel", .string(entry.channel)), ("purpose", .string(entry.purpose)), ("code", .string(entry.code)),
        ])
    }

    /// A user without secrets (no password, no history).
    static func userJSON(_ user: UserRecord) -> EmulatorJSON {
        var pairs: [(String, EmulatorJSON)] = [("id", .string(user.id)), ("email", .string(user.email))]
        if let alias = user.alias { pairs.append(("alias", .string(alias))) }
        if let name = user.displayName { pairs.append(("displayName", .string(name))) }
        pairs.append(("hasPassword", .bool(user.hasPassword)))
        pairs.append(("mfaRequired", .bool(user.mfaRequired)))
        pairs.append(
            ("methods",
             .array(user.methods.map { .object([("id", .string($0.id)), ("channel", .string($0.channel)),
                                                ("target", .string($0.target))]) })))
        return .object(pairs)
    }
}
