import Foundation
import HAR

/// The entry function of `authtape replay`.
public enum ReplayEntry {
    /// Replays `paths` (directories are searched for `*.har`), writes the report in `format` to `out`
    /// (stdout when nil) and returns the exit status: 0 only when every capture passed, 1 when one
    /// failed, 2 when there is nothing to replay, a capture cannot be read (missing, not JSON, not a HAR:
    /// nothing is replayed and each problem goes to standard error) or the report cannot be written.
    public static func run(
        paths: [String], format: ReplayReportRenderer.Format, out: String?, seed: UInt64 = 1,
        options: InferenceOptions = .standard
    ) async -> Int32 {
        guard let scripts = scripts(of: paths, options: options) else { return 2 }
        let runner = ReplayRunner(seed: seed, inference: options)
        var results: [CaptureResult] = []
        for script in scripts { results.append(await runner.replay(script)) }
        let report = ReplayReport(captures: results)
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

    /// Checks that `paths` name at least one capture and that every one reads as HAR, printing each
    /// problem to standard error; 2 when one does not (the exit status), nil when all are fine. For
    /// report formats rendered elsewhere (`--report html`).
    public static func inputStatus(_ paths: [String]) -> Int32? {
        scripts(of: paths, options: .standard) == nil ? 2 : nil
    }

    /// The inferred script of every capture, or nil (each problem printed) when there is none or one
    /// cannot be read.
    static func scripts(of paths: [String], options: InferenceOptions) -> [CaptureScript]? {
        let files = expand(paths)
        guard !files.isEmpty else {
            printError("no capture given (no .har file found)")
            return nil
        }
        var scripts: [CaptureScript] = []
        var unreadable = false
        for file in files {
            do {
                let document = try CaptureInput.document(contentsOf: file)
                scripts.append(ScriptInference.script(of: document, path: file, options: options))
            } catch {
                printError("cannot read capture \(error)")
                unreadable = true
            }
        }
        return unreadable ? nil : scripts
    }

    private static func printError(_ message: String) {
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
