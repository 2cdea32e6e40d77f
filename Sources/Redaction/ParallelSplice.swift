import Dispatch
import HAR
import Synchronization

/// The entries of a large capture redacted on several cores, with the serial path's output
/// and placeholder numbering.
///
/// Phase 1 (parallel): the entries array is cut into chunks at entry boundaries; each chunk
/// is redacted entry by entry with provisional placeholders (`ProvisionalPlaceholders`),
/// recording each entry's secrets in the order the serial path would issue them. Phase 2
/// (serial, in file order): each entry's secrets go through the real `PlaceholderTable` and
/// its edits are written with the real placeholders. Entries whose output could depend on
/// the placeholders' text, and entries in other forms than `HARWriter`'s, are redone on the
/// serial path at their turn, so the table sees every secret in file order.
extension Redactor {
    /// One change to an entry: the input range it replaces, its new text (a range of the
    /// chunk's `text`), and where its provisional placeholders sit (a range of the chunk's
    /// `marks`, whose ranges are relative to the text).
    struct ProvisionalEdit {
        var range: Range<Int>
        var text: Range<Int>
        var marks: Range<Int>
    }

    /// An entry after phase 1; its edits and placeholder calls are ranges of the chunk's.
    struct ProvisionalEntry {
        var start: Int
        var end: Int
        /// False when phase 2 must redact the entry on the serial path.
        var isSpliced: Bool
        var edits: Range<Int> = 0..<0
        var calls: Range<Int> = 0..<0
    }

    /// Phase 1's result for one chunk: its entries and where the reader stopped. What the
    /// entries hold is kept in a few arrays per chunk rather than several per entry: they
    /// are made on one thread and freed on another, and fewer, larger blocks cost less.
    struct ProvisionalChunk {
        var entries: [ProvisionalEntry] = []
        var end = 0
        /// The replacements of its spliced entries, by kind (the others are counted when
        /// phase 2 redoes them).
        var counts: [String: Int] = [:]
        var edits: [ProvisionalEdit] = []
        var text: [UInt8] = []
        var marks: [(range: Range<Int>, call: Int)] = []
        var calls: [ProvisionalPlaceholders.Call] = []
    }

    /// Chunks per worker: small chunks balance the threads (while the last chunk is redacted
    /// the other threads are idle: about 13 ms for 100 MB on 2 cores at 32 per worker, 35 ms at
    /// 12) and let phase 2 (on the calling thread) follow phase 1 closely, so little of it is
    /// left when the last chunk is done.
    static let chunksPerWorker = 32

    /// Redacts the entries array at the reader (its `[`) into `out` like `redactEntries`, on
    /// `workers` threads; nil (with nothing consumed or issued) when the array cannot be cut
    /// into chunks or a chunk is not as expected, and the caller takes the serial path.
    ///
    /// The calling thread runs phase 2 on each chunk, in order, as soon as it is ready, and
    /// phase 1 on the next chunk nobody has taken while it waits; `workers - 1` other threads
    /// run phase 1 only.
    func redactEntriesInParallel(
        _ reader: inout CanonicalReader, buffer: UnsafeBufferPointer<UInt8>, workers: Int, into out: inout SplicedOutput,
        total: inout RedactionSummary, spliced: inout Int, flush: ((SplicedOutput, Int) -> Void)? = nil
    ) -> Bool? {
        guard workers > 1, reader.peek() == UInt8(ascii: "[") else { return nil }
        let open = reader.position
        let splits = Self.chunkBoundaries(buffer, from: open + 1, count: workers * Self.chunksPerWorker)
        guard !splits.isEmpty else { return nil }
        let board = ChunkBoard(buffer: buffer, starts: [open + 1] + splits)
        let group = DispatchGroup()
        for worker in 1..<workers {
            DispatchQueue.global().async(group: group) {
                while board.runNext(self, worker: worker) {}
            }
        }
        // Phase 2 issues real placeholders before every chunk is known to be valid: undo
        // everything if one is not.
        let snapshot = placeholders.snapshot()
        let before = (out, total, spliced)
        out.reserveCapacity(forInput: buffer.count)
        var end: Int?
        out.append(UInt8(ascii: "["))
        var count = 0
        var entry = CanonicalEntry()
        chunks: for index in board.starts.indices {
            while !board.isReady(index) {
                if !board.runNext(self, worker: 0) { board.wait(index) }
            }
            guard let (chunk, producer) = board.take(index) else { break }
            // Freed by the thread that allocated it (below).
            defer { board.recycle(chunk, producer: producer) }
            // By index: `for … in` would copy each entry, retaining its arrays.
            for position in chunk.entries.indices {
                if count > 0 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
                out.append(contentsOf: repeatElement(0x20, count: 6))
                count += 1
                guard
                    phaseTwo(
                        chunk.entries[position], of: chunk, buffer: buffer, entry: &entry, into: &out, total: &total,
                        spliced: &spliced)
                else {
                    break chunks
                }
            }
            total.add(RedactionSummary(counts: chunk.counts))
            if index == board.starts.count - 1 { end = chunk.end }
            // Written while the other threads go on (only when `out` holds just the entries).
            if let flush, before.0.pieces.isEmpty { flush(out, open) }
        }
        board.cancel()
        group.wait()
        guard let end else {
            placeholders.restore(snapshot)
            (out, total, spliced) = before
            // What was written is not the output: the serial path's is written from scratch.
            if let flush, before.0.pieces.isEmpty { flush(out, -1) }
            return nil
        }
        if count == 0 { out.append(UInt8(ascii: "]")) } else { out.append(contentsOf: Array("\n    ]".utf8)) }
        reader.position = end
        return true
    }

    /// Phase 2 for one entry: real placeholders into its edits, or the serial path.
    private func phaseTwo(
        _ provisional: ProvisionalEntry, of chunk: borrowing ProvisionalChunk, buffer: UnsafeBufferPointer<UInt8>,
        entry: inout CanonicalEntry, into out: inout SplicedOutput, total: inout RedactionSummary, spliced: inout Int
    ) -> Bool {
        guard provisional.isSpliced else {
            let start = out.side.count
            defer { out.recordSide(from: start) }
            return redactEntrySerially(&entry, start: provisional.start, buffer: buffer, into: &out.side, total: &total, spliced: &spliced) != nil
        }
        let real = placeholders.placeholders(for: chunk.calls[provisional.calls])
        var cursor = provisional.start
        chunk.text.withUnsafeBufferPointer { texts in
            for position in provisional.edits {
                let edit = chunk.edits[position]
                out.appendInput(cursor..<edit.range.lowerBound)
                let start = out.side.count
                let text = UnsafeBufferPointer(rebasing: texts[edit.text])
                var textCursor = 0
                for mark in edit.marks {
                    let (range, call) = chunk.marks[mark]
                    out.side.append(contentsOf: UnsafeBufferPointer(rebasing: text[textCursor..<range.lowerBound]))
                    out.side.append(contentsOf: real[call].utf8)
                    textCursor = range.upperBound
                }
                out.side.append(contentsOf: UnsafeBufferPointer(rebasing: text[textCursor...]))
                out.recordSide(from: start)
                cursor = edit.range.upperBound
            }
        }
        out.appendInput(cursor..<provisional.end)
        spliced += 1
        return true
    }

    /// Phase 1's chunks, handed out in order to whichever thread asks, and their results.
    final class ChunkBoard: @unchecked Sendable {
        /// The capture; it outlives the board's use (the caller waits for every worker).
        let buffer: UnsafeBufferPointer<UInt8>
        /// Where each chunk starts: after `[`, then at the `,` before an entry.
        let starts: [Int]
        private struct State {
            var next = 0
            /// nil until done; then the chunk, or nil when it was not valid.
            var results: [ProvisionalChunk??]
            /// The thread (0 for the calling one) that made each chunk.
            var producers: [Int]
            /// Chunks done with, by the worker that made them, for it to free.
            var garbage: [Int: [ProvisionalChunk]] = [:]
        }
        private let state: Mutex<State>
        private let done: [DispatchSemaphore]

        init(buffer: UnsafeBufferPointer<UInt8>, starts: [Int]) {
            self.buffer = buffer
            self.starts = starts
            state = Mutex(State(results: Array(repeating: nil, count: starts.count), producers: Array(repeating: 0, count: starts.count)))
            done = starts.map { _ in DispatchSemaphore(value: 0) }
        }

        /// Runs phase 1 on the next chunk nobody has taken, on thread `worker` (0 for the
        /// calling thread); false when there is none.
        func runNext(_ redactor: Redactor, worker: Int) -> Bool {
            let (taken, garbage) = state.withLock { state -> (Int?, [ProvisionalChunk]?) in
                let garbage = state.garbage.removeValue(forKey: worker)
                guard state.next < starts.count else { return (nil, garbage) }
                defer { state.next += 1 }
                return (state.next, garbage)
            }
            // Freed here, by the thread that allocated it: freeing another thread's blocks
            // takes its malloc arena's lock, which the two threads then fought over.
            _ = consume garbage
            guard let index = taken else { return false }
            let stop = index + 1 < starts.count ? starts[index + 1] : nil
            let result = redactor.provisionalChunk(buffer, from: starts[index], first: index == 0, stop: stop)
            state.withLock {
                $0.results[index] = .some(result)
                $0.producers[index] = worker
            }
            done[index].signal()
            return true
        }

        func isReady(_ index: Int) -> Bool {
            state.withLock { $0.results[index] != nil }
        }

        /// Blocks until chunk `index` is done.
        func wait(_ index: Int) {
            done[index].wait()
            done[index].signal()
        }

        /// The result of a done chunk, moved out, and the thread that made it.
        func take(_ index: Int) -> (ProvisionalChunk, producer: Int)? {
            state.withLock { state in
                let result = state.results[index] ?? nil
                state.results[index] = .some(nil)
                return result.map { ($0, state.producers[index]) }
            }
        }

        /// Hands a chunk phase 2 is done with back to the thread that made it, to be freed
        /// there when it asks for its next chunk (the calling thread's own are freed now).
        func recycle(_ chunk: ProvisionalChunk, producer: Int) {
            guard producer != 0 else { return }
            state.withLock { $0.garbage[producer, default: []].append(chunk) }
        }

        /// No chunk is handed out after this.
        func cancel() {
            state.withLock { $0.next = starts.count }
        }
    }

    /// Phase 1 for the entries from `from` (just after `[`, or at the `,` before an entry) up
    /// to `stop` (the `,` after the chunk's last entry), or to the closing `]` for the last
    /// chunk; nil when the entries do not end exactly at `stop` or are not valid.
    fileprivate func provisionalChunk(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, first: Bool, stop: Int?) -> ProvisionalChunk? {
        var reader = CanonicalReader(buffer, position: from)
        var chunk = ProvisionalChunk()
        var entry = CanonicalEntry()
        var count = first ? 0 : 1
        while true {
            reader.skipWhitespace()
            if let stop {
                if reader.position == stop, count > 0 {
                    chunk.end = stop
                    return chunk
                }
                if reader.position > stop { return nil }
            }
            if reader.consume(UInt8(ascii: "]")) {
                guard stop == nil else { return nil }
                chunk.end = reader.position
                return chunk
            }
            if count > 0 {
                guard reader.consume(UInt8(ascii: ",")) else { return nil }
                reader.skipWhitespace()
            }
            let start = reader.position
            var scanner = reader
            if entry.scan(&scanner), let redacted = provisionalEntry(entry, start: start, buffer: buffer, into: &chunk) {
                chunk.entries.append(redacted)
                reader.position = entry.end
            } else {
                // Another form: the typed path, at its turn in phase 2.
                reader.position = start
                guard reader.skipAnyValue() else { return nil }
                chunk.entries.append(ProvisionalEntry(start: start, end: reader.position, isSpliced: false))
            }
            count += 1
        }
    }

    /// A canonical entry redacted with provisional placeholders; marked for the serial path
    /// when the substitution would not be exact. Nil when it must take the typed path.
    /// A spliced entry's edits, calls and replacement counts are added to `chunk`.
    private func provisionalEntry(
        _ entry: CanonicalEntry, start: Int, buffer: UnsafeBufferPointer<UInt8>, into chunk: inout ProvisionalChunk
    ) -> ProvisionalEntry? {
        // A base64 body holding a secret is encoded again with its placeholders in it, so its
        // entry is redone on the serial path anyway: decoding it here too would be wasted.
        if entry.request.encoding != nil || entry.response.encoding != nil {
            return ProvisionalEntry(start: start, end: entry.end, isSpliced: false)
        }
        var redactor = ValueRedactor(rules: compiled, table: placeholders)
        redactor.provisional = ProvisionalPlaceholders()
        guard let edits = spliceEdits(entry, buffer: buffer, redactor: &redactor), let provisional = redactor.provisional else {
            return nil
        }
        var result = ProvisionalEntry(start: start, end: entry.end, isSpliced: false)
        if provisional.isUnsafe { return result }
        var seen = Array(repeating: false, count: provisional.calls.count)
        // Added to the chunk's arrays, and taken back off them if the entry is redone.
        let (editsBefore, textBefore, marksBefore) = (chunk.edits.count, chunk.text.count, chunk.marks.count)
        func takeBack() {
            chunk.marks.removeSubrange(marksBefore...)
            chunk.text.removeSubrange(textBefore...)
            chunk.edits.removeSubrange(editsBefore...)
        }
        for edit in edits {
            let marksStart = chunk.marks.count
            guard ProvisionalPlaceholders.locate(in: edit.text, calls: provisional.calls, seen: &seen, into: &chunk.marks) else {
                takeBack()
                return result
            }
            let textStart = chunk.text.count
            chunk.text.append(contentsOf: edit.text)
            chunk.edits.append(
                ProvisionalEdit(range: edit.range, text: textStart..<chunk.text.count, marks: marksStart..<chunk.marks.count))
        }
        // Every placeholder must show exactly once, or the output depends on more than its text.
        guard chunk.marks.count - marksBefore == provisional.calls.count else {
            takeBack()
            return result
        }
        result.isSpliced = true
        result.edits = editsBefore..<chunk.edits.count
        let callsStart = chunk.calls.count
        chunk.calls.append(contentsOf: provisional.calls)
        result.calls = callsStart..<chunk.calls.count
        chunk.counts.merge(redactor.counts, uniquingKeysWith: +)
        return result
    }

    /// Up to `count - 1` positions of the `,` between two entries, spread evenly over the
    /// bytes from `from`, where an entry closes and the next opens at `HARWriter`'s
    /// indentation. A position that is not really between entries is caught in phase 1.
    static func chunkBoundaries(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, count: Int) -> [Int] {
        let separator = Array("\n      },\n      {".utf8)
        var splits: [Int] = []
        var previous = from
        for k in 1..<count {
            let target = max(from + (buffer.count - from) * k / count, previous + 1)
            guard let found = ByteSearch.firstIndex(of: separator, in: buffer, from: target) else { break }
            let comma = found + 8
            splits.append(comma)
            previous = comma
        }
        return splits
    }
}
