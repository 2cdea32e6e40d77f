import HAR

/// `authtape redact`'s path for every HAR, whatever tool wrote it: the input is read as a
/// stream of JSON tokens (`HARStream`) and copied to the output unchanged except for the
/// values the rules replace, so the output keeps the input's layout (white space, key order,
/// escapes, members it does not know). Each entry is redacted with the same `ValueRedactor`
/// calls, in the same order, as the typed path (`Redactor.redact(_:)`), and gets the same
/// `_authtape.redactions` counts. Memory holds one window of input (a megabyte, or the
/// largest entry), one of output, and the placeholder table.
///
/// Outside the entries, values are redacted in file order (the typed path does the log's
/// comment, pages and extensions after the entries; their placeholders are numbered
/// differently only when such a value holds a secret that an entry holds too).
struct StreamRedaction: HARPartHandler {
    var output: OutputSink
    private let redactor: Redactor
    private let file: String
    private(set) var total = RedactionSummary(counts: [:])
    /// Replace-everywhere as the parts go (nil when turned off or the table keeps no index).
    private(set) var everywhere: InlineEverywhere?
    /// The thread that replaces known secrets and writes, once `handOffOutput` was called.
    private var stage: OutputStage?
    /// The parts in `output.buffer` not handed to `stage` yet.
    private var segments: [OutputStage.Segment] = []
    private var stageNeedsSecondPass = false

    /// Whether a secret met late may be in what was written: `EverywherePass` must run.
    var needsSecondPass: Bool { stageNeedsSecondPass || everywhere?.needsSecondPass == true }

    init(output: OutputSink, redactor: Redactor, file: String, everywhere: Bool = false) {
        self.output = output
        self.redactor = redactor
        self.file = file
        self.everywhere = everywhere ? redactor.placeholders.index.map(InlineEverywhere.init(index:)) : nil
    }

    mutating func pass(_ bytes: UnsafeBufferPointer<UInt8>) throws(HARError) {
        output.buffer.append(contentsOf: bytes)
    }

    mutating func didFinishPart() throws(HARError) {
        if let stage {
            if output.buffer.count >= OutputSink.flushSize { try handOver(to: stage) }
            return
        }
        if let failure = output.flush() { throw HARError(file: file, message: "cannot write the output (errno \(failure))") }
    }

    /// Writes the whole output.
    mutating func finish() throws(HARError) {
        if let stage {
            try handOver(to: stage)
            self.stage = nil
            stageNeedsSecondPass = stage.finish()
            if let failure = stage.failure { throw HARError(file: file, message: "cannot write the output (errno \(failure))") }
            return
        }
        if let failure = output.flush(force: true) { throw HARError(file: file, message: "cannot write the output (errno \(failure))") }
    }

    /// Moves replace-everywhere and writing to a second thread (`OutputStage`), for output
    /// written to a file with replace-everywhere on; the output is the same. `finish` (or
    /// `abandon`, when the redaction fails) must follow.
    mutating func handOffOutput() {
        guard stage == nil, let inline = everywhere, output.writesToFile else { return }
        stage = OutputStage(sink: output, everywhere: inline)
        everywhere = nil
        output = OutputSink(fd: -1)
    }

    /// Stops the output thread without writing what it has not written.
    mutating func abandon() {
        guard let stage else { return }
        self.stage = nil
        stage.cancel()
        _ = stage.finish()
    }

    private mutating func handOver(to stage: OutputStage) throws(HARError) {
        if let failure = stage.failure { throw HARError(file: file, message: "cannot write the output (errno \(failure))") }
        stage.submit(OutputStage.Piece(bytes: output.buffer, segments: segments))
        segments.removeAll(keepingCapacity: true)
        output.buffer = []
        output.buffer.reserveCapacity(OutputSink.flushSize + (64 << 10))
    }

    /// Entries are read once: `EntryFields` checks the entry as it finds its fields (it does
    /// nothing else, so an entry that does not end within `bytes` costs only a second reading).
    mutating func entry(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> EntryOutcome? {
        var cursor = JSONCursor(bytes, position: start)
        let fields: EntryFields
        do throws(ScanFailure) {
            fields = try EntryFields(&cursor)
        } catch .incomplete {
            return .incomplete
        } catch {
            return .failed(error)
        }
        let end = cursor.position
        var values = ValueRedactor(rules: redactor.compiled, table: redactor.placeholders)
        do throws(ScanFailure) {
            let edits = try Self.entryEdits(fields, in: cursor, values: &values)
            write(edits, bytes, start..<end, values: values)
        } catch {
            return .failed(error)
        }
        return .done(end: end)
    }

    private static func entryEdits(_ fields: EntryFields, in cursor: JSONCursor, values: inout ValueRedactor) throws(ScanFailure) -> [ByteEdit] {
        var edits = try values.entryEdits(fields, in: cursor)
        if !values.counts.isEmpty { edits.append(try AuthTapeCounts.edit(fields, counts: values.counts, in: cursor)) }
        return edits
    }

    mutating func part(_ part: HARPart, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(ScanFailure) {
        var values = ValueRedactor(rules: redactor.compiled, table: redactor.placeholders)
        var edits: [ByteEdit] = []
        var cursor = JSONCursor(bytes, position: range.lowerBound)
        switch part {
        case .entry:
            let fields = try EntryFields(&cursor)
            edits = try Self.entryEdits(fields, in: cursor, values: &values)
        case .pages:
            guard try cursor.peek() == UInt8(ascii: "[") else { break }
            try cursor.elements { (cursor: inout JSONCursor, _: Int) throws(ScanFailure) in
                try cursor.members { (cursor: inout JSONCursor, key: StringSpan) throws(ScanFailure) in
                    guard cursor.keyIs(key, "title"), try cursor.peek() == UInt8(ascii: "\"") else {
                        try cursor.skipValue()
                        return
                    }
                    let title = try cursor.string()
                    ValueRedactor.edit(title, values.applyPatterns(cursor.text(title)), into: &edits)
                }
            }
        case .logComment:
            guard try cursor.peek() == UInt8(ascii: "\"") else { break }
            let span = try cursor.string()
            ValueRedactor.edit(span, values.applyPatterns(cursor.text(span)), into: &edits)
        case .logMember(let key) where ["version", "creator", "browser"].contains(key):
            break
        case .logMember(let key), .documentMember(let key):
            var path = [key.lowercased()]
            try values.jsonEdits(&cursor, path: &path, key: key, into: &edits)
        }
        write(edits, bytes, range, values: values)
    }

    /// Replace-everywhere over the part just written. Once a second pass over the whole
    /// output is known to be needed, the leak scan of this first output is stopped: its
    /// findings would be dropped anyway (`redactFile` scans the second pass's output), and
    /// scanning the rest of the file would cost as much as the redaction itself.
    private mutating func replaceKnownSecrets(from start: Int) {
        guard everywhere != nil else { return }
        everywhere?.process(&output.buffer, from: start)
        if everywhere?.needsSecondPass == true, let copies = output.copies {
            copies.close()
            output.copies = nil
        }
    }

    /// Writes a part's bytes with its edits applied, then replaces known secrets in them.
    private mutating func write(_ edits: [ByteEdit], _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, values: ValueRedactor) {
        var edits = edits
        let start = output.buffer.count
        defer {
            if let stage {
                segments.append(OutputStage.Segment(range: start..<output.buffer.count, secrets: stage.index.takeDeferred()))
            } else {
                replaceKnownSecrets(from: start)
            }
        }
        if edits.isEmpty {
            output.buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        } else {
            edits.sort { $0.range.lowerBound < $1.range.lowerBound }
            ValueRedactor.append(bytes, from: range.lowerBound, to: range.upperBound, applying: edits, to: &output.buffer)
        }
        if !values.counts.isEmpty { total.add(RedactionSummary(counts: values.counts)) }
    }
}
