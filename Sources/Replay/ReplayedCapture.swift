/// One capture read, inferred and replayed once: what every report of `authtape replay` (text,
/// JSON, JUnit and the inspector's HTML page) is rendered from.
public struct ReplayedCapture: Sendable {
    /// The file as read.
    public var file: CaptureFile
    /// The script inferred from it.
    public var script: CaptureScript
    /// The replay of the script.
    public var result: CaptureResult
}

extension ReplayRunner {
    /// Infers the script of `file` with this runner's ``inference`` options and replays it.
    public func replay(_ file: CaptureFile) async -> ReplayedCapture {
        let script = ScriptInference.script(of: file.document, path: file.path, options: inference)
        return ReplayedCapture(file: file, script: script, result: await replay(script))
    }

    /// Reads every capture of `paths` (directories give their `*.har`) before replaying any, then
    /// replays each once; nil, with each problem printed to standard error, when there is none or
    /// one cannot be read (`authtape replay`'s exit status 2).
    public func replayFiles(_ paths: [String]) async -> [ReplayedCapture]? {
        guard let files = ReplayEntry.files(paths) else { return nil }
        var replayed: [ReplayedCapture] = []
        for file in files { replayed.append(await replay(file)) }
        return replayed
    }
}
