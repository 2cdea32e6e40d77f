import ArgumentParser
import Foundation
import Recorder

/// `authtape recover`: turns the journal an interrupted `authtape record` left into a valid HAR.
struct RecoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "Turn the journal of an interrupted recording into a valid HAR with every completed exchange.")

    @Option(help: "The capture the interrupted recording was writing (its journal is <out>.journal.tmp).")
    var out = "capture.har"

    func run() async throws {
        let entries: Int
        let dropped: Int
        do {
            (entries, dropped) = try CaptureWriter.recover(outputPath: out)
        } catch {
            throw CLIFailure.badInput("cannot recover \(out) from \(out).journal.tmp: \(error)")
        }
        let note = dropped > 0 ? " (dropped \(dropped) incomplete line\(dropped == 1 ? "" : "s"))" : ""
        print("recovered \(entries) entries into \(out)\(note)")
    }
}
