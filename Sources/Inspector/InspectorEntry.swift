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
        return InspectorPage(title: title, captures: captures, campaigns: campaigns)
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

    /// `authtape replay --report html`: replays `paths` into a page written to `out` (or printed when
    /// nil), prints the text summary when writing a file, and returns replay's exit status.
    public static func replayReport(paths: [String], out: String?, seed: UInt64) async -> Int32 {
        let files = ReplayEntry.expand(paths)
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("authtape replay: no capture given (no .har file found)\n".utf8))
            return 2
        }
        var sections: [CaptureSection] = []
        var report = ReplayReport(captures: [])
        for file in files {
            let script = ScriptInference.script(contentsOf: file)
            let result = await ReplayRunner(seed: seed).replay(script)
            report.captures.append(result)
            sections.append(await CaptureInspection.section(path: file, seed: seed))
        }
        let page = InspectorPage(title: "authtape replay — \(files.count) capture\(files.count == 1 ? "" : "s")", captures: sections)
        if let out {
            do {
                try write(page, to: out)
            } catch {
                FileHandle.standardError.write(Data("authtape replay: \(error)\n".utf8))
                return 2
            }
            FileHandle.standardOutput.write(Data((ReplayReportRenderer.text(report) + "report: \(out)\n").utf8))
        } else {
            FileHandle.standardOutput.write(Data(PageRenderer().render(page).utf8))
        }
        return report.passed ? 0 : 1
    }
}
