import Foundation
import HAR

/// The entry function of `authtape replay`.
public enum ReplayEntry {
    /// Replays `paths` (directories are searched for `*.har`), writes the report in `format` to `out`
    /// (stdout when nil) and returns the exit status: 0 only when every capture passed.
    public static func run(paths: [String], format: ReplayReportRenderer.Format, out: String?, seed: UInt64 = 1) async
        -> Int32
    {
        let files = expand(paths)
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("authtape replay: no capture given (no .har file found)\n".utf8))
            return 2
        }
        let report = await ReplayRunner(seed: seed).replay(paths: files)
        let text = ReplayReportRenderer.render(report, as: format)
        if let out {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                FileHandle.standardError.write(Data("authtape replay: cannot write \(out): \(error.localizedDescription)\n".utf8))
                return 2
            }
            if format != .text { FileHandle.standardOutput.write(Data(ReplayReportRenderer.text(report).utf8)) }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        return report.passed ? 0 : 1
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
