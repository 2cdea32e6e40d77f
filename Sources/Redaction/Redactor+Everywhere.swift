import Foundation
import HAR
import NativeAuthWire

extension Redactor {
    /// Rewrites the HAR at `path` (mode 0600, atomically) with every known secret replaced
    /// wherever it is (`EverywherePass`): the recorder runs it when its journal becomes the HAR,
    /// so entries written before a secret was first met get its placeholder too. Returns the
    /// values replaced.
    @discardableResult
    public func replaceKnownSecrets(inFile path: String) throws(HARError) -> Int {
        try replaceKnownSecrets(inFile: path, copies: nil)
    }

    /// `replaceKnownSecrets(inFile:)`, handing each written piece to `copies` (a leak scan).
    @discardableResult
    func replaceKnownSecrets(inFile path: String, copies: ChunkQueue?) throws(HARError) -> Int {
        guard let index = placeholders.index else { return 0 }
        let known = index.snapshot()
        if known.isEmpty { return 0 }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HARError(file: path, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var failure: HARError?
        var replaced = 0
        do throws(HARError) {
            try HARRawFile.write(to: path) { out in
                var window = InputWindow(fd: fd)
                var sink = OutputSink(fd: out)
                sink.copies = copies
                var pass = EverywherePass(index: known)
                do throws(HARError) {
                    try pass.run(&window, to: &sink, file: path)
                    if let code = sink.flush(force: true) { throw HARError(file: path, message: "cannot write (errno \(code))") }
                } catch {
                    failure = error
                    return ECANCELED
                }
                replaced = pass.replaced
                return nil
            }
        } catch {
            throw failure ?? error
        }
        return replaced
    }
}
