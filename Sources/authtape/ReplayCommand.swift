import ArgumentParser
import Replay

/// `authtape replay`: drive the engine from captures and judge it with the oracle.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay captures against the flow engine and compare every request and outcome.",
        discussion: "Reads authtape captures and plain HAR from mitmproxy, Chrome or Charles (a directory means its "
            + "*.har files). Never opens a network connection: a request with no recorded counterpart fails closed. "
            + "Exit status 0 only when every capture passes. JSON report format: docs/replay-report.md.")

    @Argument(help: "Capture files or directories.") var captures: [String]
    @Option(help: "Report format: text, json or junit.") var report = "text"
    @Option(help: "Write the report to this file (a text summary still goes to stdout).") var out: String?
    @Option(help: "Seed of the correlation ids the engine uses.") var seed: UInt64 = 1

    func validate() throws {
        if ReplayReportRenderer.Format(rawValue: report) == nil {
            throw ValidationError("--report must be text, json or junit, not \(report)")
        }
    }

    func run() async throws {
        let format = ReplayReportRenderer.Format(rawValue: report) ?? .text
        let status = await ReplayEntry.run(paths: captures, format: format, out: out, seed: seed)
        if status != 0 { throw ExitCode(status) }
    }
}
