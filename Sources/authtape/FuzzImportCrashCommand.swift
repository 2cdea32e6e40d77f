import ArgumentParser
import Fuzz

/// `authtape fuzz import-crash FILE` (was `fuzz --from-crash FILE`): a libFuzzer crash file as a
/// repro capture.
struct FuzzImportCrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-crash",
        abstract: "Turn a libFuzzer crash file into a repro capture (in --out, default .).")

    @Argument(help: "The crash file libFuzzer wrote.")
    var file: String

    @Option(name: .long, help: "The folder for the repro capture.")
    var out: String = "."

    @Option(name: [.long, .customLong("crash-target")], help: "The fuzzer that wrote it (default: named in the path, else AuthTapeFuzzer).")
    var target: CrashTarget?

    func run() async throws {
        do {
            let (written, summary) = try await CrashImport.importFile(file, target: target, directory: out)
            print("\(written): \(summary)")
        } catch {
            throw CLIFailure.badInput(error.description)
        }
    }
}

extension CrashTarget: ExpressibleByArgument {}
