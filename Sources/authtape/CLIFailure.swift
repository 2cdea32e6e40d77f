import Foundation

/// A failure the CLI reports as one line on standard error, with an exit status.
struct CLIFailure: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32

    var description: String { message }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("authtape: \(message)\n".utf8))
}
