import Foundation

/// A failure the CLI reports as one line on standard error, with an exit status. The statuses are the
/// same in every command (README): 0 success, 1 findings or failed checks, 2 unreadable or invalid
/// input, 64 usage (ArgumentParser's `ValidationError` gives 64 too, with the usage line).
struct CLIFailure: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32

    var description: String { message }

    /// Findings, failed checks, or a run that could not complete.
    static func failed(_ message: String) -> CLIFailure { CLIFailure(message: message, exitCode: 1) }
    /// A file that cannot be read or is not what it should be, or an output that cannot be written.
    static func badInput(_ message: String) -> CLIFailure { CLIFailure(message: message, exitCode: 2) }
    /// Options that do not go together or name nothing known.
    static func usage(_ message: String) -> CLIFailure { CLIFailure(message: message, exitCode: 64) }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("authtape: \(message)\n".utf8))
}
