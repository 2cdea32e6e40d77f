import ArgumentParser
import Emulator

/// `authtape otp`: print the one-time codes a running emulator has "sent".
struct OtpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "otp",
        abstract: "Show the one-time codes sent by a running `authtape serve` (its outbox).")

    @Option(help: "Only codes for this account email or recipient.") var user: String?
    @Option(help: "Emulator base URL (default: the one `authtape serve` recorded).") var server: String?
    @Option(name: .customLong("admin-token"), help: "Admin token (default: the one `authtape serve` recorded).")
    var adminToken: String?

    func run() async throws {
        print(try await EmulatorCLI.otp(user: user, server: server, adminToken: adminToken))
    }
}
