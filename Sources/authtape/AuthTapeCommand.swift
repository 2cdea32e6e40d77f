import ArgumentParser

@main
struct AuthTapeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authtape",
        abstract: "Record, redact, replay and fuzz Microsoft Entra native-auth traffic.",
        version: AuthTapeVersion.current,
        subcommands: [
            DemoCommand.self, RecordCommand.self, RecoverCommand.self, ServeCommand.self, OtpCommand.self,
            RedactCommand.self, CheckCommand.self, ReplayCommand.self, MockCommand.self, FuzzCommand.self,
            CACommand.self, ScenariosCommand.self, ViewCommand.self,
        ])

    /// Runs the command, turning `CLIFailure` into a one-line message and its exit status.
    static func main() async {
        do {
            var command = try parseAsRoot(FuzzCommand.legacySpelling(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CLIFailure {
            printError(failure.message)
            exit(withError: ExitCode(failure.exitCode))
        } catch {
            exit(withError: error)
        }
    }
}

enum AuthTapeVersion {
    static let current = "0.1.0"
}
