import ArgumentParser
import Inspector
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
    @Option(help: "Report format: text, json, junit or html (docs/inspector.md).") var report = "text"
    @Option(help: "Write the report to this file (a text summary still goes to stdout).") var out: String?
    @Option(help: "Seed of the correlation ids the engine uses.") var seed: UInt64 = 1
    @Option(
        name: .customLong("action-gap"),
        help: ArgumentHelp(
            "A request that starts more than this many seconds after the previous response is the user's next "
                + "action, not the SDK's follow-up (0 turns timing off).", valueName: "seconds"))
    var actionGap: Double = InferenceOptions.defaultActionGap
    @Option(
        help: ArgumentHelp(
            "Which MSAL the V2 verdicts model, engine and oracle alike: "
                + ModelledMSAL.allCases.map(\.rawValue).joined(separator: " or ") + " (every report names it).",
            valueName: "version"))
    var msal = ModelledMSAL.standard.rawValue

    func validate() throws {
        if ModelledMSAL(rawValue: msal) == nil {
            throw ValidationError(
                "--msal must be " + ModelledMSAL.allCases.map(\.rawValue).joined(separator: " or ") + ", not \(msal)")
        }
        if ReplayReportRenderer.Format(rawValue: report) == nil, report != "html" {
            throw ValidationError("--report must be text, json, junit or html, not \(report)")
        }
        if !actionGap.isFinite || actionGap < 0 {
            throw ValidationError("--action-gap must be a number of seconds, 0 or more, not \(actionGap)")
        }
    }

    func run() async throws {
        // Every replay option lives in the runner, which every report format, HTML included, replays with.
        let runner = ReplayRunner(
            seed: seed, inference: InferenceOptions(actionGap: actionGap, msal: ModelledMSAL(rawValue: msal) ?? .standard))
        let status: Int32
        if report == "html" {
            status = await InspectorEntry.replayReport(paths: captures, out: out, runner: runner)
        } else {
            status = await ReplayEntry.run(
                paths: captures, format: ReplayReportRenderer.Format(rawValue: report) ?? .text, out: out, runner: runner)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
