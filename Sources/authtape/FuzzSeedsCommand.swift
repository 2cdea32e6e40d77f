import ArgumentParser
import Foundation
import Fuzz
import HAR

/// `authtape fuzz seeds DIR [CAPTURE...]` (was `fuzz --write-seeds DIR`): every libFuzzer target's seeds.
struct FuzzSeedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seeds",
        abstract: "Write every libFuzzer target's seeds (built-in flows, outcome table, CAPTURE entries) as DIR/<target>.seeds.")

    @Argument(help: "The folder to write the seeds into.")
    var directory: String

    @Argument(help: "Captures whose entries become seeds too (HAR).")
    var captures: [String] = []

    func run() async throws {
        var documents: [HARDocument] = []
        for path in captures {
            do {
                documents.append(try HARReader.read(contentsOf: path))
            } catch {
                throw CLIFailure.badInput("\(path): \(error)")
            }
        }
        do {
            for (target, count) in try LibFuzzerSeeds.write(to: directory, captures: documents) {
                print("\(target.rawValue): \(count) seeds")
            }
        } catch {
            throw CLIFailure.badInput("cannot write seeds into \(directory): \(error.localizedDescription)")
        }
    }
}
