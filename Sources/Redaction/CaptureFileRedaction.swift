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
    /// With `everywhere` (the default) and a placeholder table that indexes its secrets, every
    /// other occurrence of each redacted value is replaced too, wherever it is in the file:
    /// as the entries go (`InlineEverywhere`), and, when a secret met late may be in entries
    /// already written, by a second pass over the whole output (`EverywherePass`), which the
    /// leak scan then reads instead of the first (whose scan stops as soon as the second pass
    /// is known to be needed).
    public func redactFile(input: String, output: String, scanner: LeakScanner?, everywhere: Bool = true) throws(HARError) -> (
        summary: RedactionSummary, findings: [LeakFinding]
    ) {
        let fd = open(input, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HARError(file: input, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var failure: HARError?
        var summary = RedactionSummary(counts: [:])
        var scan = scanner.map { OutputScan(scanner: $0, file: output) }
        defer { scan?.queue.close() }
        var secondPass = false
        do {
            try HARRawFile.write(to: output) { out in
                var stream = HARStream(input: InputWindow(fd: fd), file: input)
                var redaction = StreamRedaction(output: OutputSink(fd: out), redactor: self, file: input, everywhere: everywhere)
                redaction.output.copies = scan?.queue
                redaction.handOffOutput()
                do throws(HARError) {
                    try stream.walk(&redaction)
                    try redaction.finish()
                } catch {
                    redaction.abandon()
                    failure = error
                    return ECANCELED
                }
                summary = redaction.total
                secondPass = redaction.needsSecondPass
                return nil
            }
        } catch {
            throw failure ?? error
        }
        if secondPass {
            // The first scan read what the second pass changes: scan the final output instead.
            if let first = scan {
                _ = first.result()
                scan = scanner.map { OutputScan(scanner: $0, file: output) }
            }
            try replaceKnownSecrets(inFile: output, copies: scan?.queue)
        }
        guard let scan else { return (summary, []) }
        switch scan.result() {
        case .success(let findings): return (summary, findings)
        case .failure(let error): throw HARError(file: output, message: "the leak scan of the output failed: \(error.message)")
        }
    }

    /// `redactFile` on bytes in memory: the redacted bytes, in the input's layout (with
    /// replace-everywhere unless `everywhere` is false).
    public func redactStream(bytes: [UInt8], source: String = "", everywhere: Bool = true) throws(HARError) -> (
        bytes: [UInt8], summary: RedactionSummary
    ) {
        var stream = HARStream(input: InputWindow(bytes: bytes), file: source)
        var redaction = StreamRedaction(output: OutputSink(fd: -1), redactor: self, file: source, everywhere: everywhere)
        try stream.walk(&redaction)
        guard redaction.needsSecondPass, let index = placeholders.index else {
            return (redaction.output.buffer, redaction.total)
        }
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

    /// How much the scan's workers yield to the redaction thread. Two workers at 3 weigh
    /// about as much as one thread at the process's priority (Linux's scheduler), so the
    /// redaction thread, which sets the pace, keeps a core to itself while the workers share
    /// the other, and they still get both cores whenever it waits.
    static let workerNiceness: Int32 = 3

    init(scanner: LeakScanner, file: String) {
        var yielding = scanner
        yielding.workerNiceness = Self.workerNiceness
        let scanner = yielding
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
