import Foundation
import HummingbirdTLS
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Entry points for `authtape serve` and `authtape otp`.
public enum EmulatorCLI {
    /// Options of `authtape serve`.
    public struct ServeOptions: Sendable {
        public var host = "127.0.0.1"
        public var port = 8787
        public var configPath: String?
        /// Serve HTTPS with this configuration (the CLI's `--tls` or `--tls-cert/--tls-key`).
        public var tls: TLSConfiguration?
        public var seed: UInt64?
        public var adminToken: String?
        public var storePath: String?
        /// Where the running server's address and admin token are written for `authtape otp`.
        public var stateFile: String? = EmulatorCLI.defaultStateFile
        public init() {}
    }

    /// `~/.authtape/emulator.json` (or `$AUTHTAPE_HOME/emulator.json`).
    public static var defaultStateFile: String {
        let home = ProcessInfo.processInfo.environment["AUTHTAPE_HOME"]
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".authtape")
        return (home as NSString).appendingPathComponent("emulator.json")
    }

    /// Runs the emulator until SIGINT/SIGTERM, printing the authority, admin token and seeded users.
    public static func serve(_ options: ServeOptions, logger: Logger, print: @escaping @Sendable (String) -> Void)
        async throws
    {
        var config = try options.configPath.map(EmulatorConfig.load(contentsOf:)) ?? .default
        if let token = options.adminToken { config.server.adminToken = token }
        if let store = options.storePath { config.server.storePath = store }
        let core = try EmulatorCore(config: config, seed: options.seed, logger: logger)
        let scheme = options.tls == nil ? "http" : "https"
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        try await EmulatorServer.run(
            core: core, host: options.host, port: options.port, tlsConfiguration: options.tls, logger: logger
        ) { port in
            let base = "\(scheme)://\(host):\(port)"
            print(banner(core: core, base: base))
            if let stateFile = options.stateFile {
                writeStateFile(stateFile, base: base, adminToken: core.adminToken)
            }
        }
        if let stateFile = options.stateFile { try? FileManager.default.removeItem(atPath: stateFile) }
    }

    static func banner(core: EmulatorCore, base: String) -> String {
        var lines = [
            "authtape emulator listening on \(base)",
            "authority:   \(base)/\(core.config.tenant.domain)",
            "tenant id:   \(core.config.tenant.id)",
            "admin token: \(core.adminToken)",
            "seed:        \(core.seed)",
            "clients:",
        ]
        for client in core.clients {
            let state = client.client.nativeAuthEnabled
                ? client.flow.method.rawValue + (client.flow.sspr ? ", SSPR" : "") : "native auth disabled"
            lines.append("  \(client.client.id)  \(client.client.name) (\(state))")
        }
        lines.append("users:")
        for user in core.state.withLock({ Array($0.users.values) }).sorted(by: { $0.email < $1.email }) {
            var notes = [user.hasPassword ? "password" : "email code"]
            if let alias = user.alias { notes.append("alias \(alias)") }
            if user.mfaRequired { notes.append("MFA") }
            lines.append("  \(user.email) (\(notes.joined(separator: ", ")))")
        }
        lines.append("codes: authtape otp [--user EMAIL]   or GET \(base)/_authtape/outbox with the admin token")
        return lines.joined(separator: "\n")
    }

    static func writeStateFile(_ path: String, base: String, adminToken: String) {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let body = EmulatorJSON.object([("baseURL", .string(base)), ("adminToken", .string(adminToken))])
        _ = FileManager.default.createFile(atPath: path, contents: Data(body.bytes), attributes: [.posixPermissions: 0o600])
    }

    /// Writes `line` and a newline to standard output without buffering (the banner must reach a pipe at
    /// once, while the server keeps running).
    @Sendable public static func writeToStandardOutput(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Fetches the outbox of a running emulator and formats it, newest last. Server and token default to
    /// the state file `authtape serve` wrote.
    public static func otp(user: String?, server: String?, adminToken: String?, stateFile: String = defaultStateFile)
        async throws -> String
    {
        var base = server
        var token = adminToken
        if base == nil || token == nil,
            let data = FileManager.default.contents(atPath: stateFile), let state = EmulatorJSON.parse(data)
        {
            base = base ?? state["baseURL"]?.stringValue
            token = token ?? state["adminToken"]?.stringValue
        }
        guard let base, let token else {
            throw EmulatorServerError(
                message: "no running emulator found (\(stateFile)); pass --server and --admin-token")
        }
        var components = URLComponents(string: base + "/_authtape/outbox")
        if let user { components?.queryItems = [URLQueryItem(name: "user", value: user)] }
        guard let url = components?.url else { throw EmulatorServerError(message: "bad server URL \(base)") }
        var request = URLRequest(url: url)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200, let body = EmulatorJSON.parse(data),
            let messages = body["messages"]?.arrayValue
        else {
            throw EmulatorServerError(message: "the emulator at \(base) refused the outbox request")
        }
        if messages.isEmpty { return "no codes sent" + (user.map { " to \($0)" } ?? "") }
        return messages.map { m in
            let fields = ["sentAt", "code", "purpose", "channel", "recipient"].map { m[$0]?.stringValue ?? "" }
            return fields.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
