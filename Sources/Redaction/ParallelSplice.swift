import Dispatch
import HAR

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
    /// One change to an entry, with where its provisional placeholders sit.
    struct ProvisionalEdit {
        var range: Range<Int>
        var text: [UInt8]
        var placeholders: [(range: Range<Int>, call: Int)]
    }

    /// An entry after phase 1.
    struct ProvisionalEntry {
        var start: Int
        var end: Int
        /// False when phase 2 must redact the entry on the serial path.
        var isSpliced: Bool
        var edits: [ProvisionalEdit] = []
        var calls: [ProvisionalPlaceholders.Call] = []
        var counts: [String: Int] = [:]
    }

    /// Phase 1's result for one chunk: its entries and where the reader stopped.
    struct ProvisionalChunk {
        var entries: [ProvisionalEntry] = []
        var end = 0
    }

    /// Shares phase 1's input and results between threads; each worker writes only its slot.
    private struct ChunkSlots: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<UInt8>
        let results: UnsafeMutableBufferPointer<ProvisionalChunk?>
    }

    /// Redacts the entries array at the reader (its `[`) into `out` like `redactEntries`, on
    /// `workers` threads; nil (with nothing consumed or issued) when the array cannot be cut
    /// into chunks or a chunk is not as expected, and the caller takes the serial path.
    func redactEntriesInParallel(
        _ reader: inout CanonicalReader, buffer: UnsafeBufferPointer<UInt8>, workers: Int, into out: inout SplicedOutput,
        total: inout RedactionSummary, spliced: inout Int
    ) -> Bool? {
        guard workers > 1, reader.peek() == UInt8(ascii: "[") else { return nil }
        let open = reader.position
        let splits = Self.chunkBoundaries(buffer, from: open + 1, count: workers)
        guard !splits.isEmpty else { return nil }
        let starts = [open + 1] + splits
        let results = UnsafeMutableBufferPointer<ProvisionalChunk?>.allocate(capacity: starts.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let slots = ChunkSlots(buffer: buffer, results: results)
        DispatchQueue.concurrentPerform(iterations: starts.count) { index in
            let stop = index + 1 < starts.count ? starts[index + 1] : nil
            slots.results[index] = self.provisionalChunk(slots.buffer, from: starts[index], first: index == 0, stop: stop)
        }
        var chunks: [ProvisionalChunk] = []
        for index in results.indices {
            guard let result = results[index] else { return nil }
            chunks.append(result)
        }

        // Phase 2, in file order.
        out.append(UInt8(ascii: "["))
        var count = 0
        var entry = CanonicalEntry()
        for chunk in chunks {
            for provisional in chunk.entries {
                if count > 0 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
                out.append(contentsOf: repeatElement(0x20, count: 6))
                count += 1
                guard provisional.isSpliced else {
                    let start = out.side.count
                    defer { out.recordSide(from: start) }
                    guard redactEntrySerially(
                        &entry, start: provisional.start, buffer: buffer, into: &out.side, total: &total, spliced: &spliced) != nil
                    else { return false }
                    continue
                }
                let real = placeholders.placeholders(for: provisional.calls)
                var cursor = provisional.start
                for edit in provisional.edits {
                    out.appendInput(cursor..<edit.range.lowerBound)
                    let start = out.side.count
                    var textCursor = 0
                    for placeholder in edit.placeholders {
                        out.side.append(contentsOf: edit.text[textCursor..<placeholder.range.lowerBound])
                        out.side.append(contentsOf: real[placeholder.call].utf8)
                        textCursor = placeholder.range.upperBound
                    }
                    out.side.append(contentsOf: edit.text[textCursor...])
                    out.recordSide(from: start)
                    cursor = edit.range.upperBound
                }
                out.appendInput(cursor..<provisional.end)
                total.add(RedactionSummary(counts: provisional.counts))
                spliced += 1
            }
        }
        if count == 0 { out.append(UInt8(ascii: "]")) } else { out.append(contentsOf: Array("\n    ]".utf8)) }
        reader.position = chunks[chunks.count - 1].end
        return true
    }

    /// Phase 1 for the entries from `from` (just after `[`, or at the `,` before an entry) up
    /// to `stop` (the `,` after the chunk's last entry), or to the closing `]` for the last
    /// chunk; nil when the entries do not end exactly at `stop` or are not valid.
    private func provisionalChunk(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, first: Bool, stop: Int?) -> ProvisionalChunk? {
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
            if entry.scan(&scanner), let redacted = provisionalEntry(entry, start: start, buffer: buffer) {
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
    private func provisionalEntry(_ entry: CanonicalEntry, start: Int, buffer: UnsafeBufferPointer<UInt8>) -> ProvisionalEntry? {
        var redactor = ValueRedactor(rules: compiled, table: placeholders)
        redactor.provisional = ProvisionalPlaceholders()
        guard let edits = spliceEdits(entry, buffer: buffer, redactor: &redactor), let provisional = redactor.provisional else {
            return nil
        }
        var result = ProvisionalEntry(start: start, end: entry.end, isSpliced: false)
        if provisional.isUnsafe { return result }
        var seen = Array(repeating: false, count: provisional.calls.count)
        var located = 0
        for edit in edits {
            var found: [(range: Range<Int>, call: Int)] = []
            guard ProvisionalPlaceholders.locate(in: edit.text, calls: provisional.calls, seen: &seen, into: &found) else {
                return result
            }
            located += found.count
            result.edits.append(ProvisionalEdit(range: edit.range, text: edit.text, placeholders: found))
        }
        // Every placeholder must show exactly once, or the output depends on more than its text.
        guard located == provisional.calls.count else {
            result.edits = []
            return result
        }
        result.isSpliced = true
        result.calls = provisional.calls
        result.counts = redactor.counts
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
            guard let found = firstIndex(of: separator, in: buffer, from: target) else { break }
            let comma = found + 8
            splits.append(comma)
            previous = comma
        }
        return splits
    }

    private static func firstIndex(of marker: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard bytes.count >= marker.count, from <= bytes.count - marker.count else { return nil }
        var i = from
        let last = bytes.count - marker.count
        let first = marker[0]
        while i <= last {
            if bytes[i] == first {
                var j = 1
                while j < marker.count, bytes[i + j] == marker[j] { j += 1 }
                if j == marker.count { return i }
            }
            i += 1
        }
        return nil
    }
}
