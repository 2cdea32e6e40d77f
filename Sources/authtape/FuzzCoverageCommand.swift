import ArgumentParser
import Fuzz

/// `authtape fuzz coverage` (was `fuzz --row-coverage`): which outcome-table rows the cases reach.
struct FuzzCoverageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Print how often the campaign's cases reached each outcome-table row, and the rows never hit.")

    @Argument(help: "Captures whose flows to count (HAR); without any, the built-in flows.")
    var captures: [String] = []

    @OptionGroup(title: "Cases") var selection: FuzzCaseOptions

    func run() async throws {
        var flows = captures.isEmpty ? BaseFlows.all : try FuzzCaseOptions.captureFlows(captures)
        let seed = selection.runSeed
        printError("seed \(seed)")
        flows += ActionExplorer(seed: seed).flows(count: selection.exploredFlows(hasCaptures: !captures.isEmpty))
        let generator = CaseGenerator(flows: flows, operators: selection.operators, seed: seed)
        print(RowCoverage.of(generator, cases: selection.cases ?? 100_000).text())
    }
}
