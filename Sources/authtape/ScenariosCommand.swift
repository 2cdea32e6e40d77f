import ArgumentParser
import Foundation
import Scenarios

struct ScenariosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "List the scripted journeys, or record each into its own capture (the captures/ corpus).",
        subcommands: [List.self, Record.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the corpus scenarios.")

        func run() {
            for scenario in Scenario.corpus { print("\(scenario.name): \(scenario.summary)") }
        }
    }

    struct Record: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record every scenario through the recorder from a fresh emulator into DIR/<name>.har.")

        @Option(name: .long, help: "Folder for the captures.")
        var outDir: String = "captures"

        @Option(name: .long, help: "Only the scenarios with these names (repeatable).")
        var only: [String] = []

        func run() async throws {
            let chosen = Scenario.corpus.filter { only.isEmpty || only.contains($0.name) }
            if chosen.isEmpty { throw CLIFailure.usage("no scenario is named \(only.joined(separator: ", "))") }
            let results = try await CorpusRecorder.record(chosen, into: outDir)
            var failed = false
            for result in results {
                print("\(result.failure == nil ? "ok  " : "FAIL") \(result.name): \(result.entries) entries -> \(result.path)")
                if let failure = result.failure {
                    failed = true
                    print("     \(failure)")
                    for step in result.steps { print("     \(step)") }
                }
            }
            if failed { throw ExitCode(1) }
        }
    }
}
