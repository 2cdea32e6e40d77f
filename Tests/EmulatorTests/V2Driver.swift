import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

@testable import Emulator

/// Drives the V2 protocol of a running emulator over real HTTP: the O1/O2 form calls, the JSON
/// interactions at the advertised hrefs, and the O17 code exchange.
struct V2Driver {
    struct Answer {
        var status: Int
        var json: EmulatorJSON
        subscript(_ key: String) -> String? { json[key]?.stringValue }
        var state: String? { self["state"] }
        var action: String? { self["action"] }
        var token: String? { self["continuationToken"] ?? self["continuation_token"] }
        /// `_links.<relation>.href`.
        func link(_ relation: String) -> String? { json["_links"]?[relation]?["href"]?.stringValue }
        /// `_embedded.methods`.
        var methods: [EmulatorJSON] { json["_embedded"]?["methods"]?.arrayValue ?? [] }
        /// The `challenge` href of the embedded method of `type`.
        func challenge(_ type: String) -> String? {
            methods.first { $0["type"]?.stringValue == type }?["_links"]?["challenge"]?["href"]?.stringValue
        }
        var errorCode: String? { json["error"]?["code"]?.stringValue }
        var innerCode: String? { json["error"]?["innerError"]?["code"]?.stringValue }
        var message: String? { json["error"]?["message"]?.stringValue }
        var details: [EmulatorJSON] { json["error"]?["innerError"]?["details"]?.arrayValue ?? [] }
    }

    let core: EmulatorCore
    let running: RunningEmulator
    let http: HTTPClient
    var clientID = "11111111-2222-4333-8444-555555555555"
    var tenant = "contoso.onmicrosoft.com"

    var origin: String { running.baseURL.absoluteString }

    /// Starts an emulator (manual clock, fixed seed) and a client, runs `body`, shuts both down.
    static func run(
        _ config: EmulatorConfig = V2Driver.config, tls: (EmulatorTLSFiles, TLSConfiguration)? = nil,
        _ body: (V2Driver) async throws -> Void
    ) async throws {
        let core = try EmulatorCore(config: config, seed: 25, clock: .manual(), logger: .quiet)
        let running = try await EmulatorServer.start(core: core, port: 0, tls: tls?.0, logger: .quiet)
        let http = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls?.1))
        do {
            try await body(V2Driver(core: core, running: running, http: http))
        } catch {
            try await http.shutdown()
            await running.shutdown()
            throw error
        }
        try await http.shutdown()
        await running.shutdown()
    }

    /// The default tenant plus users for MFA, registration, SMS sign-in and a high-risk number.
    static var config: EmulatorConfig {
        var config = EmulatorConfig.default
        var mia = EmulatorConfig.User(email: "mia@contoso.com", password: "Sunny-Day-42!", displayName: "Mia")
        mia.mfaRequired = true
        mia.methods = [
            .init(id: "em-mfa", channel: "email", target: "mia.backup@example.com"),
            .init(id: "sms-1", channel: "sms", target: "+15555550111"),
        ]
        var jit = EmulatorConfig.User(email: "jit@contoso.com", password: "Sunny-Day-42!")
        jit.mfaRequired = true
        var risky = EmulatorConfig.User(email: "risky@contoso.com", password: "Sunny-Day-42!")
        risky.mfaRequired = true
        var riskyPhone = EmulatorConfig.StrongAuthMethod(id: "sms-risky", channel: "sms", target: "+15555550199")
        riskyPhone.highRisk = true
        risky.methods = [riskyPhone]
        var nina = EmulatorConfig.User(email: "nina@contoso.com", displayName: "Nina")
        nina.methods = [.init(id: "sms-nina", channel: "sms", target: "+15555550122")]
        config.users += [mia, jit, risky, nina]
        return config
    }

    // MARK: Requests

    func send(_ method: HTTPMethod, _ pathOrURL: String, contentType: String, body: String) async throws -> Answer {
        var request = HTTPClientRequest(url: pathOrURL.hasPrefix("http") ? pathOrURL : origin + pathOrURL)
        request.method = method
        request.headers.add(name: "Content-Type", value: contentType)
        request.headers.add(name: "Accept", value: "application/hal+json")
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await http.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: Int(response.status.code), json: EmulatorJSON.parse(Data(bytes.readableBytesView)) ?? .null)
    }

    func form(_ path: String, _ fields: [(String, String)]) async throws -> Answer {
        let body = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
        return try await send(.POST, "/\(tenant)\(path)", contentType: "application/x-www-form-urlencoded", body: body)
    }

    /// A JSON interaction at an advertised href.
    func json(_ href: String?, _ members: [(String, EmulatorJSON)], method: HTTPMethod = .POST) async throws -> Answer {
        try await send(method, href ?? "/missing-link", contentType: "application/json", body: EmulatorJSON.object(members).text)
    }

    /// JSON with the continuation token of `previous` and `members`.
    func follow(_ href: String?, from previous: Answer, _ members: [(String, EmulatorJSON)] = [], method: HTTPMethod = .POST)
        async throws -> Answer
    {
        try await json(href, [("continuationToken", .string(previous.token ?? ""))] + members, method: method)
    }

    /// O1.
    func start(scope: String = "openid offline_access") async throws -> Answer {
        try await form("/oauth2/v2.0/authorize-challenge", [("client_id", clientID), ("scope", scope)])
    }

    /// O1 then the entry link `relation` with `username`.
    func begin(_ relation: String, username: String?) async throws -> Answer {
        let entry = try await start()
        var members: [(String, EmulatorJSON)] = []
        if let username { members.append(("username", .string(username))) }
        return try await follow(entry[relation], from: entry, members)
    }

    /// O2 then O17: the tokens of a `state: continue` answer.
    func redeem(_ done: Answer) async throws -> Answer {
        let resumed = try await form("/oauth2/v2.0/authorize-challenge", [("continuation_token", done.token ?? "")])
        return try await exchange(resumed["code"] ?? "")
    }

    func exchange(_ code: String) async throws -> Answer {
        try await form(
            "/oauth2/v2.0/token",
            [("grant_type", "authorization_code"), ("code", code), ("client_id", clientID), ("client_info", "true"),
             ("scope", "openid offline_access")])
    }

    /// The latest code sent to `recipient`.
    func code(_ recipient: String) -> String { core.latestCode(for: recipient) ?? "none" }

    /// The claims of a signed token issued by this emulator, nil when the signature does not verify.
    func claims(_ jwt: String?) -> EmulatorJSON? { jwt.flatMap { core.issuer.verify($0) } }
}
