import ArgumentParser
import Foundation
import Inspector

/// `authtape view`: one self-contained HTML page of captures and fuzz reports.
struct ViewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Write captures and fuzz reports as one self-contained HTML page.",
        discussion: """
            Per flow of each capture: a sequence diagram (app and server, one arrow per exchange with \
            method, endpoint, status, error/suberror and milliseconds); clicking an arrow shows the \
            request and response with redaction placeholders highlighted and linked across exchanges. \
            Each flow is replayed through the engine with no network, and every step shows the engine's \
            outcome beside the oracle's. An `authtape fuzz --out` folder shows its findings grouped by \
            kind and step, each with its minimised exchange and the commands that reproduce it. \
            The page loads nothing from the network and works from file://. A capture in which \
            `authtape check` finds secrets is shown under a banner saying it is unredacted. \
            See docs/inspector.md.
            """)

    @Argument(help: "Capture files, folders of captures, or `authtape fuzz --out` folders.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The HTML file to write.")
    var out: String

    @Option(name: .long, help: "A string the leak scan looks for as well (repeatable), as `authtape check --canary`.")
    var canary: [String] = []

    @Option(help: "Seed of the correlation ids the engine uses when replaying.")
    var seed: UInt64 = 1

    func run() async throws {
        let page: InspectorPage
        do {
            page = try await InspectorEntry.page(paths: inputs, canaries: canary, seed: seed)
            try InspectorEntry.write(page, to: out)
        } catch {
            throw CLIFailure.badInput("view: \(error)")
        }
        let flows = page.captures.reduce(0) { $0 + $1.flows.count }
        let exchanges = page.captures.reduce(0) { $0 + $1.exchanges.count }
        var summary = "\(page.captures.count) captures, \(flows) flows, \(exchanges) exchanges"
        if !page.campaigns.isEmpty { summary += ", \(page.campaigns.count) fuzz reports" }
        print("view: \(out) (\(summary))")
        for capture in page.captures where !capture.leaks.isEmpty {
            printError("warning: \(capture.name) looks unredacted (\(capture.leaks.count) findings of authtape check); "
                + "the page says so and shows its values as recorded")
        }
    }
}

/// `authtape fuzz [campaign] --report html`: the campaign's folder (--out, or a temporary one) gets report.html.
extension FuzzCampaignCommand {
    /// The folder the campaign writes to when an HTML report is asked for; nil otherwise.
    func htmlFolder(seed: UInt64) -> String? {
        guard report.contains(.html) else { return nil }
        return out ?? FileManager.default.temporaryDirectory.appendingPathComponent("authtape-fuzz-\(seed)").path
    }

    /// Writes `folder/report.html` from the campaign's report.json and repro captures, and prints its path.
    func writeHTMLReport(folder: String) async throws {
        guard FuzzInspection.isCampaignFolder(folder) else {
            printError("fuzz: no report.json in \(folder), so no HTML report (a single --case writes none)")
            return
        }
        let path = (folder as NSString).appendingPathComponent("report.html")
        do {
            try InspectorEntry.write(try await InspectorEntry.page(paths: [folder]), to: path)
        } catch {
            throw CLIFailure.badInput("fuzz: cannot write the HTML report: \(error)")
        }
        FileHandle.standardError.write(Data("report: \(path)\n".utf8))
    }
}
