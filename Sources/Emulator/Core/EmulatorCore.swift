import Foundation
import Logging
import NativeAuthWire

/// The emulated tenant: request in, response out. No I/O except the optional store file.
///
/// ``EmulatorServer`` puts this behind HTTP; tests may call ``handle(_:)`` directly.
public final class EmulatorCore: Sendable {
    /// The configuration the tenant was built from.
    public let config: EmulatorConfig
    /// The admin token guarding `/_authtape/*`.
    public let adminToken: String
    /// The seed every random choice derives from.
    public let seed: UInt64
    let clock: EmulatorClock
    let logger: Logger
    let state: Locked<EmulatorState>
    let tokens: FlowTokenCodec
    let issuer: TokenIssuer
    let clients: [ResolvedClient]
    /// Native authentication V2 (Sources/Emulator/V2): its token codec and flows.
    let v2: V2Runtime
    private let clientIndex: [String: Int]
    private let endpointsByPath: [String: NativeAuthEndpoint]

    /// A client with its user flow resolved.
    struct ResolvedClient: Sendable {
        var index: Int
        var client: EmulatorConfig.Client
        var flow: EmulatorConfig.UserFlow
    }

    /// Builds the tenant. `seed` overrides `config.server.seed`; without either a random seed is drawn.
    public init(
        config: EmulatorConfig = .default, seed: UInt64? = nil, clock: EmulatorClock = .system,
        logger: Logger = Logger(label: "authtape.emulator")
    ) throws {
        try config.validate()
        self.config = config
        self.clock = clock
        self.logger = logger
        let seed = seed ?? config.server.seed ?? UInt64.random(in: 1...UInt64.max)
        self.seed = seed
        var random = SeededGenerator(seed: seed)
        self.adminToken = config.server.adminToken ?? "adm-" + random.token(18)
        self.tokens = FlowTokenCodec(keyBytes: random.bytes(32))
        self.v2 = V2Runtime(seed: seed)
        self.issuer = try TokenIssuer(random: &random, tenantID: config.tenant.id)
        var resolved: [ResolvedClient] = []
        for (i, client) in config.clients.enumerated() {
            // validate() guarantees the flow exists.
            resolved.append(ResolvedClient(index: i, client: client, flow: config.userFlow(named: client.userFlow)!))
        }
        self.clients = resolved
        self.clientIndex = Dictionary(
            resolved.map { ($0.client.id.lowercased(), $0.index) }, uniquingKeysWith: { a, _ in a })
        self.endpointsByPath = Dictionary(uniqueKeysWithValues: NativeAuthEndpoint.allCases.map { ($0.path, $0) })
        var state = EmulatorState(random: random, faults: config.faults)
        for user in config.users { state.insert(Self.record(for: user, random: &state.random)) }
        if let path = config.server.storePath, let saved = try UserStoreFile.load(path) {
            for user in saved { state.insert(user) }
        }
        self.state = Locked(state)
    }

    static func record(for user: EmulatorConfig.User, random: inout SeededGenerator) -> UserRecord {
        UserRecord(
            id: user.id ?? random.guid(), email: user.email, alias: user.alias, password: user.password,
            displayName: user.displayName, attributes: user.attributes, mfaRequired: user.mfaRequired,
            methods: user.methods.map {
                .init(id: $0.id ?? random.guid(), channel: $0.channel, target: $0.target, blocked: $0.blocked,
                      highRisk: $0.highRisk)
            })
    }

    /// The current fault settings.
    public var faults: EmulatorConfig.Faults { state.withLock { $0.faults } }

    /// The codes sent so far, oldest first; `user` filters by account email or recipient.
    public func outbox(user: String? = nil) -> [OutboxEntry] {
        let all = state.withLock { $0.outbox }
        guard let user = user?.lowercased() else { return all }
        return all.filter { $0.userEmail.lowercased() == user || $0.recipient.lowercased() == user }
    }

    /// The most recent code sent to `user` (account email or recipient), if any.
    public func latestCode(for user: String) -> String? { outbox(user: user).last?.code }

    /// Moves the emulator's clock forward (expiry tests).
    public func advanceClock(by seconds: TimeInterval) { clock.advance(by: seconds) }

    // MARK: Dispatch

    /// Answers one HTTP request: a native-auth V1 endpoint, a V2 request (``handleV2(_:)``, Sources/Emulator/V2),
    /// OpenID metadata, an admin or Mock API call.
    public func handle(_ request: EmulatorRequest) -> EmulatorResponse {
        let path = request.path
        if path.hasPrefix("/_authtape/") || path == "/_authtape" {
            return handleAdmin(request)
        }
        if path.hasPrefix("/config/") {
            return config.server.mockAPI ? handleMockConfig(request) : notFound(request)
        }
        if let v2 = handleV2(request) { return v2 }
        guard let (endpoint, tenant) = match(path) else {
            if let metadata = handleMetadata(request) { return metadata }
            return notFound(request)
        }
        return handleNativeAuth(endpoint, tenant: tenant, request)
    }

    /// Splits `/{tenant}/{suffix}` into the endpoint and tenant segment.
    func match(_ path: String) -> (NativeAuthEndpoint, Substring)? {
        guard path.count > 1 else { return nil }
        let rest = path.dropFirst()
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        guard let endpoint = endpointsByPath[String(rest[slash...])] else { return nil }
        return (endpoint, rest[..<slash])
    }

    func isOurTenant(_ segment: Substring) -> Bool {
        let s = segment.lowercased()
        return s == config.tenant.domain.lowercased() || s == config.tenant.id.lowercased()
            || s == config.tenant.subdomain.lowercased()
    }

    func notFound(_ request: EmulatorRequest) -> EmulatorResponse {
        .json(404, .object([("error", .string("not_found")), ("error_description", .string("No such endpoint."))]))
    }

    func client(id: String) -> ResolvedClient? {
        clientIndex[id.lowercased()].map { clients[$0] }
    }

    var now: Double { clock.now.timeIntervalSince1970 }
}
