import Foundation
import Synchronization

/// The second thread of `authtape redact`'s pass (`StreamRedaction.handOffOutput`): the
/// redaction thread hands it the output a megabyte at a time, with the parts in it and the
/// secrets met while each part was redacted; this thread indexes those secrets, replaces the
/// known ones in the part (`InlineEverywhere`: the same search, in the same order, with the
/// same index as when it ran on the redaction thread, so the output is the same byte for
/// byte), writes the result and hands a copy to the leak scan.
///
/// The redaction thread set the pace of `authtape redact`; replace-everywhere and writing
/// were about a quarter of its work, now done beside it. The index is only changed and read
/// here while the stage runs (`SecretIndex.deferAdds`).
final class OutputStage: @unchecked Sendable {
    /// A part's bytes in a piece, and the secrets to index before they are searched.
    struct Segment: Sendable {
        var range: Range<Int>
        var secrets: [SecretIndex.Deferred]
    }

    /// Output bytes and the parts in them (the bytes between parts are copied as they are).
    struct Piece: Sendable {
        var bytes: [UInt8]
        var segments: [Segment]
    }

    let index: SecretIndex
    private let queue = HandOffQueue<Piece>(capacity: 2)
    private let done = DispatchSemaphore(value: 0)
    /// errno of the first write that failed.
    private let failed = Mutex<Int32?>(nil)
    private let cancelled = Atomic<Bool>(false)
    // Touched by the stage's thread only, until `finish` has waited for it.
    private var sink: OutputSink
    private var everywhere: InlineEverywhere

    init(sink: OutputSink, everywhere: InlineEverywhere) {
        self.sink = sink
        self.everywhere = everywhere
        index = everywhere.index
        index.deferAdds(true)
        let thread = Thread { [self] in run() }
        thread.name = "redact-output"
        thread.start()
    }

    /// errno of a failed write, if one failed.
    var failure: Int32? { failed.withLock { $0 } }

    /// Hands a piece over (waits while two are waiting).
    func submit(_ piece: Piece) {
        queue.push(piece)
    }

    /// Waits until everything handed over is written (or, after `cancel`, dropped); indexes
    /// any secret still deferred. Returns whether a second pass over the output is needed.
    func finish() -> Bool {
        queue.close()
        done.wait()
        index.deferAdds(false)
        index.apply(index.takeDeferred())
        return everywhere.needsSecondPass
    }

    /// Drops what is not written yet (the redaction failed).
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    private func run() {
        var edits: [ByteEdit] = []
        while let piece = queue.pop() {
            if cancelled.load(ordering: .relaxed) || failure != nil { continue }
            edits.removeAll(keepingCapacity: true)
            piece.bytes.withUnsafeBufferPointer { bytes in
                for segment in piece.segments {
                    if !segment.secrets.isEmpty { index.apply(segment.secrets) }
                    everywhere.edits(bytes, from: segment.range.lowerBound, to: segment.range.upperBound, into: &edits)
                }
                if edits.isEmpty {
                    if sink.buffer.isEmpty { sink.buffer = piece.bytes } else { sink.buffer.append(contentsOf: bytes) }
                } else {
                    sink.buffer.reserveCapacity(bytes.count + (64 << 10))
                    ValueRedactor.append(bytes, from: 0, to: bytes.count, applying: edits, to: &sink.buffer)
                }
            }
            // Once a second pass is known to be needed, the leak scan of this first output is
            // stopped: its findings would be dropped (`redactFile` scans the second output).
            if everywhere.needsSecondPass, let copies = sink.copies {
                copies.close()
                sink.copies = nil
            }
            if let error = sink.flush(force: true) { failed.withLock { $0 = error } }
        }
        done.signal()
    }
}
