import ArgumentParser
import Emulator
import Logging

/// `authtape serve`: run the native-auth emulator.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a local Entra native-auth emulator (sign-up, sign-in, SSPR, MFA, registration, tokens).",
        discussion: "Prints the authority to configure in your app, the admin token and the seeded users. "
            + "Codes are kept in an outbox: `authtape otp --user EMAIL`. Tenant file format: docs/emulator.md. "
            + "MSAL needs HTTPS: --tls (see docs/real-apps.md).")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free port).") var port = 8787
    @Option(name: .long, help: "Tenant configuration file (YAML or JSON).") var config: String?
    @Option(help: "Seed for codes, ids and keys (reproducible runs).") var seed: UInt64?
    @Option(name: .customLong("admin-token"), help: "Admin token (random when absent).") var adminToken: String?
    @Option(help: "JSON file keeping users between runs.") var store: String?
    @OptionGroup(title: "HTTPS") var tlsOptions: TLSOptions

    func run() async throws {
        var options = EmulatorCLI.ServeOptions()
        options.host = host
        options.port = port
        if let config {
            // A tenant file that cannot be read is bad input (2), told apart from a server that cannot start (1).
            do { _ = try EmulatorConfig.load(contentsOf: config) } catch { throw CLIFailure.badInput("\(config): \(error)") }
        }
        options.configPath = config
        if let tls = try tlsOptions.serverTLS() {
            options.tls = tls.configuration
            printError(tls.summary)
        }
        options.seed = seed
        options.adminToken = adminToken
        options.storePath = store
        var logger = Logger(label: "authtape.serve")
        logger.logLevel = .notice
        try await EmulatorCLI.serve(options, logger: logger, print: EmulatorCLI.writeToStandardOutput)
    }
}
