import Foundation
import Yams

extension EmulatorConfig {
    /// Reads a configuration file (YAML or JSON; JSON is read as YAML). Missing fields keep their defaults;
    /// unknown or mistyped fields throw an ``EmulatorConfigError`` naming the field and line.
    public static func load(contentsOf path: String) throws -> EmulatorConfig {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw EmulatorConfigError(field: "", problem: "cannot read file \(path)")
        }
        return try parse(text)
    }

    /// Parses configuration text (YAML or JSON) and validates it.
    public static func parse(_ text: String) throws -> EmulatorConfig {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw EmulatorConfigError(field: "", problem: "not valid YAML or JSON: \(error)")
        }
        var config = EmulatorConfig()
        guard let root else { return config }
        var fields = try ConfigNode(node: root, path: "").fields()
        if let n = fields.take("tenant") { config.tenant = try readTenant(n) }
        if let n = fields.take("clients") { config.clients = try n.sequence().map(readClient) }
        if let n = fields.take("userFlows") { config.userFlows = try n.sequence().map(readUserFlow) }
        if let n = fields.take("users") { config.users = try n.sequence().map(readUser) }
        if let n = fields.take("passwordPolicy") { config.passwordPolicy = try readPasswordPolicy(n) }
        if let n = fields.take("oneTimeCodes") { config.oneTimeCodes = try readCodes(n) }
        if let n = fields.take("lifetimes") { config.lifetimes = try readLifetimes(n) }
        if let n = fields.take("resetPassword") { config.resetPassword = try readReset(n) }
        if let n = fields.take("registration") { config.registration = try readRegistration(n) }
        if let n = fields.take("faults") { config.faults = try readFaults(n) }
        if let n = fields.take("server") { config.server = try readServer(n) }
        if let n = fields.take("nativeAuthV2") { config.nativeAuthV2 = try readNativeAuthV2(n) }
        try fields.finish()
        try config.validate()
        return config
    }

    private static func readTenant(_ node: ConfigNode) throws -> Tenant {
        var f = try node.fields()
        var t = Tenant()
        if let n = f.take("subdomain") { t.subdomain = try n.string() }
        if let n = f.take("id") { t.id = try n.string() }
        try f.finish()
        return t
    }

    private static func readClient(_ node: ConfigNode) throws -> Client {
        var f = try node.fields()
        var c = Client()
        c.id = try f.require("id").string()
        if let n = f.take("name") { c.name = try n.string() }
        if let n = f.take("userFlow") { c.userFlow = try n.string() }
        if let n = f.take("nativeAuthEnabled") { c.nativeAuthEnabled = try n.bool() }
        try f.finish()
        return c
    }

    private static func readUserFlow(_ node: ConfigNode) throws -> UserFlow {
        var f = try node.fields()
        var u = UserFlow()
        u.attributes = []
        u.name = try f.require("name").string()
        if let n = f.take("method") {
            let raw = try n.string()
            guard let method = Method(rawValue: raw) else {
                throw n.fail("unknown method `\(raw)`; expected emailPassword or emailOtp")
            }
            u.method = method
        }
        if let n = f.take("sspr") { u.sspr = try n.bool() }
        if let n = f.take("attributes") { u.attributes = try n.sequence().map(readAttribute) }
        try f.finish()
        return u
    }

    private static func readAttribute(_ node: ConfigNode) throws -> Attribute {
        var f = try node.fields()
        var a = Attribute(name: try f.require("name").string())
        if let n = f.take("type") { a.type = try n.string() }
        if let n = f.take("required") { a.required = try n.bool() }
        if let n = f.take("regex") {
            let pattern = try n.string()
            guard (try? NSRegularExpression(pattern: pattern)) != nil else { throw n.fail("invalid regex") }
            a.regex = pattern
        }
        if let n = f.take("page") {
            a.page = try n.int()
            guard a.page >= 1 else { throw n.fail("page must be 1 or more") }
        }
        try f.finish()
        return a
    }

    private static func readUser(_ node: ConfigNode) throws -> User {
        var f = try node.fields()
        var u = User(email: try f.require("email").string())
        if let n = f.take("password") { u.password = try n.string() }
        if let n = f.take("alias") { u.alias = try n.string() }
        if let n = f.take("id") { u.id = try n.string() }
        if let n = f.take("displayName") { u.displayName = try n.string() }
        if let n = f.take("attributes") { u.attributes = try n.stringMap() }
        if let n = f.take("mfaRequired") { u.mfaRequired = try n.bool() }
        if let n = f.take("methods") { u.methods = try n.sequence().map(readMethod) }
        try f.finish()
        return u
    }

    private static func readMethod(_ node: ConfigNode) throws -> StrongAuthMethod {
        var f = try node.fields()
        let channelNode = try f.require("channel")
        let channel = try channelNode.string()
        guard channel == "email" || channel == "sms" else { throw channelNode.fail("expected email or sms") }
        var m = StrongAuthMethod(channel: channel, target: try f.require("target").string())
        if let n = f.take("id") { m.id = try n.string() }
        if let n = f.take("blocked") { m.blocked = try n.bool() }
        if let n = f.take("highRisk") { m.highRisk = try n.bool() }
        try f.finish()
        return m
    }

    private static func readPasswordPolicy(_ node: ConfigNode) throws -> PasswordPolicy {
        var f = try node.fields()
        var p = PasswordPolicy()
        if let n = f.take("minLength") { p.minLength = try n.int() }
        if let n = f.take("maxLength") { p.maxLength = try n.int() }
        if let n = f.take("minCharacterClasses") { p.minCharacterClasses = try n.int() }
        if let n = f.take("banned") { p.banned = try n.strings() }
        if let n = f.take("history") { p.history = try n.int() }
        try f.finish()
        return p
    }

    private static func readCodes(_ node: ConfigNode) throws -> OneTimeCodes {
        var f = try node.fields()
        var c = OneTimeCodes()
        if let n = f.take("length") {
            c.length = try n.int()
            guard (4...10).contains(c.length) else { throw n.fail("length must be between 4 and 10") }
        }
        if let n = f.take("lifetime") { c.lifetime = try n.int() }
        if let n = f.take("maxAttempts") { c.maxAttempts = try n.int() }
        if let n = f.take("resendInterval") { c.resendInterval = try n.int() }
        try f.finish()
        return c
    }

    private static func readLifetimes(_ node: ConfigNode) throws -> Lifetimes {
        var f = try node.fields()
        var l = Lifetimes()
        if let n = f.take("continuationToken") { l.continuationToken = try n.int() }
        if let n = f.take("accessToken") { l.accessToken = try n.int() }
        if let n = f.take("refreshToken") { l.refreshToken = try n.int() }
        try f.finish()
        return l
    }

    private static func readReset(_ node: ConfigNode) throws -> ResetPassword {
        var f = try node.fields()
        var r = ResetPassword()
        if let n = f.take("pollsInProgress") { r.pollsInProgress = try n.int() }
        if let n = f.take("pollInterval") { r.pollInterval = try n.int() }
        try f.finish()
        return r
    }

    private static func readRegistration(_ node: ConfigNode) throws -> Registration {
        var f = try node.fields()
        var r = Registration()
        if let n = f.take("blockedTargets") { r.blockedTargets = try n.strings() }
        if let n = f.take("blockedPhonePrefixes") { r.blockedPhonePrefixes = try n.strings() }
        try f.finish()
        return r
    }

    private static func readFaults(_ node: ConfigNode) throws -> Faults {
        var f = try node.fields()
        var x = Faults()
        if let n = f.take("latencyMs") { x.latencyMs = try n.int() }
        if let n = f.take("serverErrorRate") {
            x.serverErrorRate = try n.double()
            guard (0...1).contains(x.serverErrorRate) else { throw n.fail("must be between 0 and 1") }
        }
        try f.finish()
        return x
    }

    private static func readServer(_ node: ConfigNode) throws -> Server {
        var f = try node.fields()
        var s = Server()
        if let n = f.take("adminToken") { s.adminToken = try n.string() }
        if let n = f.take("storePath") { s.storePath = try n.string() }
        if let n = f.take("seed") { s.seed = try n.uint64() }
        if let n = f.take("mockAPI") { s.mockAPI = try n.bool() }
        if let n = f.take("maxBodyBytes") { s.maxBodyBytes = try n.int() }
        try f.finish()
        return s
    }

    /// Checks cross-field rules (client flows exist, ids unique, users well-formed).
    public func validate() throws {
        guard !tenant.subdomain.isEmpty, tenant.subdomain.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
        else { throw EmulatorConfigError(field: "tenant.subdomain", problem: "must be letters, digits or -") }
        guard UUID(uuidString: tenant.id) != nil else {
            throw EmulatorConfigError(field: "tenant.id", problem: "must be a GUID")
        }
        guard !clients.isEmpty else { throw EmulatorConfigError(field: "clients", problem: "needs at least one client") }
        var seenClients = Set<String>()
        for (i, client) in clients.enumerated() {
            guard seenClients.insert(client.id.lowercased()).inserted else {
                throw EmulatorConfigError(field: "clients[\(i)].id", problem: "duplicate client id")
            }
            guard userFlow(named: client.userFlow) != nil else {
                throw EmulatorConfigError(
                    field: "clients[\(i)].userFlow", problem: "no user flow named `\(client.userFlow)`")
            }
        }
        var seenUsers = Set<String>()
        for (i, user) in users.enumerated() {
            guard user.email.contains("@") else {
                throw EmulatorConfigError(field: "users[\(i)].email", problem: "is not an email address")
            }
            guard seenUsers.insert(user.email.lowercased()).inserted else {
                throw EmulatorConfigError(field: "users[\(i)].email", problem: "duplicate user")
            }
            if let alias = user.alias, !seenUsers.insert(alias.lowercased()).inserted {
                throw EmulatorConfigError(field: "users[\(i)].alias", problem: "duplicate alias")
            }
        }
        guard passwordPolicy.minLength >= 1, passwordPolicy.maxLength >= passwordPolicy.minLength else {
            throw EmulatorConfigError(field: "passwordPolicy.maxLength", problem: "must be at least minLength")
        }
    }
}
