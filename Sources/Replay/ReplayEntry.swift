import Foundation
import HAR

/// The entry function of `authtape replay`.
public enum ReplayEntry {
    /// Replays `paths` (directories are searched for `*.har`) with `runner` (its seed and inference
    /// options are the command's replay options), writes the report in `format` to `out` (stdout when
    /// nil) and returns the exit status: 0 only when every capture passed, 1 when one failed, 2 when
    /// there is nothing to replay, a capture cannot be read (missing, not JSON, not a HAR: nothing is
    /// replayed and each problem goes to standard error) or the report cannot be written.
    public static func run(paths: [String], format: ReplayReportRenderer.Format, out: String?, runner: ReplayRunner)
        async -> Int32
    {
        guard let replayed = await runner.replayFiles(paths) else { return 2 }
        let report = runner.report(replayed)
        let text = ReplayReportRenderer.render(report, as: format)
        if let out {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                printError("cannot write \(out): \(error.localizedDescription)")
                return 2
            }
            if format != .text { FileHandle.standardOutput.write(Data(ReplayReportRenderer.text(report).utf8)) }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        return report.passed ? 0 : 1
    }

    /// Every capture of `paths`, each read once, or nil (each problem printed) when there is none or
    /// one cannot be read.
    static func files(_ paths: [String]) -> [CaptureFile]? {
        let names = expand(paths)
        guard !names.isEmpty else {
            printError("no capture given (no .har file found)")
            return nil
        }
        var files: [CaptureFile] = []
        var unreadable = false
        for name in names {
            do {
                files.append(try CaptureInput.file(contentsOf: name))
            } catch {
                printError("cannot read capture \(error)")
                unreadable = true
            }
        }
        return unreadable ? nil : files
    }

    /// Prints `message` as `authtape replay` does on standard error.
    public static func printError(_ message: String) {
        FileHandle.standardError.write(Data("authtape replay: \(message)\n".utf8))
    }
    /// Files as given; a directory contributes its `*.har` files in name order.
    public static func expand(_ paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { $0.hasSuffix(".har") }.sorted().map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        return files
    }
}
