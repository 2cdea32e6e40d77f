#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import HAR

extension Redactor {
    /// Reads the HAR at `input` as a stream, redacts it, and writes it to `output` (mode
    /// 0600) in the input's own layout (`StreamRedaction`). The output is written to a
    /// temporary file and renamed, so a failure never leaves half a capture and redacting in
    /// place loses nothing. Errors name the byte offset, the entry and the field.
    @discardableResult
    public func redactFile(input: String, output: String) throws(HARError) -> RedactionSummary {
        try redactFile(input: input, output: output, scanner: nil).summary
    }

    /// `redactFile`, with `scanner` run over what is written while it is written (on a
    /// second thread, fed the output's pieces as they go to the file): the findings are what
    /// `authtape check` would report on the output. Memory stays bounded (16 pieces of a
    /// megabyte wait at most).
    ///
    /// With `everywhere` (the default) and a placeholder table that indexes its secrets, the
    /// redacted entries go first to an unnamed temporary file (unlinked as soon as it is made,
    /// mode 0600), then `EverywherePass` copies them to `output` with every other occurrence
    /// of each redacted value replaced too, wherever it comes in the file; the leak scan sees
    /// that final output.
    public func redactFile(input: String, output: String, scanner: LeakScanner?, everywhere: Bool = true) throws(HARError) -> (
        summary: RedactionSummary, findings: [LeakFinding]
    ) {
        let fd = open(input, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HARError(file: input, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var failure: HARError?
        var summary = RedactionSummary(counts: [:])
        let scan = scanner.map { OutputScan(scanner: $0, file: output) }
        defer { scan?.queue.close() }
        let index = everywhere ? placeholders.index : nil
        let middle = try index.map { _ throws(HARError) in try Self.unnamedTemporaryFile(near: output) }
        defer { if let middle { close(middle) } }
        do throws(HARError) {
            let firstPass = { (out: Int32, copies: ChunkQueue?) -> Int32? in
                var stream = HARStream(input: InputWindow(fd: fd), file: input)
                var redaction = StreamRedaction(output: OutputSink(fd: out), redactor: self, file: input)
                redaction.output.copies = copies
                do throws(HARError) {
                    try stream.walk(&redaction)
                    guard stream.sawLog else { throw HARError(file: input, path: "log", message: "missing required field") }
                    try redaction.finish()
                } catch {
                    failure = error
                    return ECANCELED
                }
                summary = redaction.total
                return nil
            }
            if let middle, let index {
                if let code = firstPass(middle, nil) { throw failure ?? HARError(file: output, message: "cannot write (errno \(code))") }
                guard lseek(middle, 0, SEEK_SET) == 0 else { throw HARError(file: output, message: "cannot read the temporary file back") }
                try HARRawFile.write(to: output) { out in
                    var window = InputWindow(fd: middle)
                    var sink = OutputSink(fd: out)
                    sink.copies = scan?.queue
                    var pass = EverywherePass(index: index.snapshot())
                    do throws(HARError) {
                        try pass.run(&window, to: &sink, file: output)
                        if let code = sink.flush(force: true) { throw HARError(file: output, message: "cannot write the output (errno \(code))") }
                    } catch {
                        failure = error
                        return ECANCELED
                    }
                    return nil
                }
            } else {
                try HARRawFile.write(to: output) { out in firstPass(out, scan?.queue) }
            }
        } catch {
            throw failure ?? error
        }
        guard let scan else { return (summary, []) }
        switch scan.result() {
        case .success(let findings): return (summary, findings)
        case .failure(let error): throw HARError(file: output, message: "the leak scan of the output failed: \(error.message)")
        }
    }

    /// A file next to `path` (so on the same disk), created mode 0600 and unlinked at once: it
    /// lives only as long as its descriptor, and a crash leaves nothing behind.
    static func unnamedTemporaryFile(near path: String) throws(HARError) -> Int32 {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = "\(directory).authtape-redact.\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw HARError(file: path, message: "cannot create a temporary file: \(String(cString: strerror(errno)))") }
        unlink(name)
        return fd
    }

    /// `redactFile` on bytes in memory: the redacted bytes, in the input's layout (with the
    /// replace-everywhere pass unless `everywhere` is false).
    public func redactStream(bytes: [UInt8], source: String = "", everywhere: Bool = true) throws(HARError) -> (
        bytes: [UInt8], summary: RedactionSummary
    ) {
        var stream = HARStream(input: InputWindow(bytes: bytes), file: source)
        var redaction = StreamRedaction(output: OutputSink(fd: -1), redactor: self, file: source)
        try stream.walk(&redaction)
        guard stream.sawLog else { throw HARError(file: source, path: "log", message: "missing required field") }
        guard everywhere, let index = placeholders.index else { return (redaction.output.buffer, redaction.total) }
        return (Self.replacingEverywhere(redaction.output.buffer, index: index.snapshot(), source: source), redaction.total)
    }

    /// `bytes` (a HAR) through `EverywherePass`.
    static func replacingEverywhere(_ bytes: [UInt8], index: SecretIndex.Snapshot, source: String) -> [UInt8] {
        var window = InputWindow(bytes: bytes)
        var sink = OutputSink(fd: -1)
        var pass = EverywherePass(index: index)
        // In memory, reading and writing cannot fail.
        try? pass.run(&window, to: &sink, file: source)
        return sink.buffer
    }
}

/// A leak scan running on its own thread over bytes handed to `queue`.
final class OutputScan: @unchecked Sendable {
    let queue = ChunkQueue()
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<[LeakFinding], LeakScanError> = .success([])

    init(scanner: LeakScanner, file: String) {
        let thread = Thread { [self] in
            do throws(LeakScanError) {
                outcome = .success(try scanner.scan(InputWindow(queue: queue), file: file))
            } catch {
                outcome = .failure(error)
            }
            // Whatever the scan left unread is dropped, so the writer never waits on it.
            while queue.pop() != nil {}
            done.signal()
        }
        thread.name = "leak-scan"
        thread.start()
    }

    /// The findings, once the queue is closed and the scan has read everything.
    func result() -> Result<[LeakFinding], LeakScanError> {
        queue.close()
        done.wait()
        return outcome
    }
}
