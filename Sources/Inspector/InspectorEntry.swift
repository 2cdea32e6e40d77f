import Foundation
import HAR
import Replay

/// The entry functions of `authtape view`, `replay --report html`, `fuzz --report html` and the
/// demo's closing page: gather captures and fuzz reports into an ``InspectorPage``, render it, write it.
public enum InspectorEntry {
    /// A page that cannot be made or written.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The page for `paths`: capture files, folders of captures (their `*.har`), and `authtape fuzz
    /// --out` folders (recognised by their `report.json`). `canaries` join the leak scan of every capture.
    public static func page(paths: [String], canaries: [String] = [], seed: UInt64 = 1) async throws(Failure) -> InspectorPage {
        var captures: [CaptureSection] = []
        var campaigns: [FuzzSection] = []
        for path in paths {
            if FuzzInspection.isCampaignFolder(path) {
                do {
                    campaigns += try await FuzzInspection.sections(folder: path, seed: seed)
                } catch {
                    throw Failure("\(error)")
                }
                continue
            }
            let files = ReplayEntry.expand([path])
            if files.isEmpty { throw Failure("\(path): no .har file in the folder") }
            for file in files {
                guard FileManager.default.fileExists(atPath: file) else { throw Failure("\(file): no such file") }
                // What `authtape replay` refuses (not JSON, not a HAR, `"entries": null`) is bad input here
                // too; the page is for captures that can be read.
                do {
                    _ = try CaptureInput.document(contentsOf: file)
                } catch {
                    throw Failure("cannot read capture \(error)")
                }
                captures.append(await CaptureInspection.section(path: file, canaries: canaries, seed: seed))
            }
        }
        guard !captures.isEmpty || !campaigns.isEmpty else { throw Failure("nothing to show: give captures or fuzz report folders") }
        let names = (captures.map(\.name) + campaigns.map(\.name)).map(CaptureRenderer.shortName)
        var title = "authtape view — " + names.prefix(3).joined(separator: ", ")
        if names.count > 3 { title += " and \(names.count - 3) more" }
        // The captures are replayed as `authtape replay` replays them by default.
        return InspectorPage(title: title, captures: captures, campaigns: campaigns, msal: captures.isEmpty ? nil : .standard)
    }

    /// Renders `page` and writes it to `path` (mode 0600, as captures are: it shows what they hold).
    public static func write(_ page: InspectorPage, to path: String) throws(Failure) {
        let html = PageRenderer().render(page)
        do {
            try PageFile.store(Array(html.utf8), at: path)
        } catch {
            throw Failure("cannot write \(path): \(error)")
        }
    }

    /// `authtape replay --report html`: replays `paths` with `runner` (the command's seed and inference
    /// options) into a page written to `out` (or printed when nil), prints the text summary when
    /// writing a file, and returns replay's exit status. Each capture is read and replayed once, and
    /// the page and the summary are made from the same results the other report formats use.
    public static func replayReport(paths: [String], out: String?, runner: ReplayRunner) async -> Int32 {
        guard let replayed = await runner.replayFiles(paths) else { return 2 }
        let report = runner.report(replayed)
        let page = replayPage(replayed, msal: report.msal)
        if let out {
            do {
                try write(page, to: out)
            } catch {
                ReplayEntry.printError("\(error)")
                return 2
            }
            FileHandle.standardOutput.write(Data((ReplayReportRenderer.text(report) + "report: \(out)\n").utf8))
        } else {
            FileHandle.standardOutput.write(Data(PageRenderer().render(page).utf8))
        }
        return report.passed ? 0 : 1
    }

    /// The page of replayed captures: each capture's section built from its replay, not replayed again,
    /// and the MSAL the replay modelled (the runner's `inference.msal`), as the other report formats name it.
    public static func replayPage(_ replayed: [ReplayedCapture], msal: ModelledMSAL = .standard) -> InspectorPage {
        InspectorPage(
            title: "authtape replay — \(replayed.count) capture\(replayed.count == 1 ? "" : "s")",
            captures: replayed.map { CaptureInspection.section(of: $0) }, msal: msal)
    }
}
