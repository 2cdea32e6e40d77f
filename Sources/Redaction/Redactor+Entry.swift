import HAR

/// One entry redacted on its bytes with `authtape redact`'s walk (`EntryFields` and
/// `ValueRedactor.entryEdits`): the recorder's path. The recorder writes each entry as a
/// compact JSON line (`HAREntry.appendCompactJSON`) and redacts that line before it reaches
/// the journal, so the journal holds exactly what `redact` would make of the same line.
extension Redactor {
    /// `entry` (one HAR entry's JSON, in any layout) with every secret replaced in its own
    /// bytes, `_authtape.redactions` added or merged, and what was replaced by kind. With
    /// `replacingKnownSecrets`, every secret the table knows (from this entry or an earlier
    /// one) is then replaced wherever else it is in the entry's strings, base64 bodies
    /// included (`EverywherePass`'s rule), as the recorder needs.
    /// - Throws: `HARError` naming the field when the bytes are not a HAR entry.
    public func redactEntry(
        bytes entry: [UInt8], replacingKnownSecrets everywhere: Bool = false
    ) throws(HARError) -> (bytes: [UInt8], summary: RedactionSummary) {
        let result = entry.withUnsafeBufferPointer { buffer -> Result<([UInt8], RedactionSummary), ScanFailure> in
            do throws(ScanFailure) {
                return .success(try redactEntry(buffer))
            } catch {
                return .failure(error)
            }
        }
        var output: [UInt8]
        let summary: RedactionSummary
        switch result {
        case .success(let value): (output, summary) = value
        case .failure(.invalid(let offset, let message, let path)):
            throw HARError(file: "", path: HARStream.join("entry", path), message: "\(message) at byte \(offset)")
        case .failure:
            throw HARError(file: "", path: "entry", message: "the entry ends early (truncated at byte \(entry.count))")
        }
        if everywhere { output = replacingKnownSecrets(inEntryBytes: output) }
        return (output, summary)
    }

    private func redactEntry(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScanFailure) -> ([UInt8], RedactionSummary) {
        var cursor = JSONCursor(bytes, position: 0)
        let fields = try EntryFields(&cursor)
        let end = cursor.position
        cursor.skipWhitespace()
        guard cursor.position == bytes.count else { throw cursor.invalid("unexpected text after the entry") }
        var values = ValueRedactor(rules: compiled, table: placeholders)
        var edits = try values.entryEdits(fields, in: cursor)
        if !values.counts.isEmpty { edits.append(try AuthTapeCounts.edit(fields, counts: values.counts, in: cursor)) }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(end + edits.reduce(0) { $0 + $1.text.count })
        ValueRedactor.append(bytes, from: 0, to: end, applying: edits, to: &output)
        return (output, RedactionSummary(counts: values.counts))
    }

    /// `bytes` (whole JSON values) with every known secret replaced in every string, as
    /// `EverywherePass` replaces them in a file.
    func replacingKnownSecrets(inEntryBytes bytes: [UInt8]) -> [UInt8] {
        guard let index = placeholders.index else { return bytes }
        let known = index.snapshot()
        if known.isEmpty { return bytes }
        let pass = EverywherePass(index: known)
        var walk = JSONStringWalk()
        var edits: [ByteEdit] = []
        bytes.withUnsafeBufferPointer { buffer in
            _ = walk.walk(buffer, from: 0, to: buffer.count) { from, to, isText in
                if let found = pass.edits(buffer, from: from, to: to, isText: isText) { edits += found }
                return true
            }
        }
        if edits.isEmpty { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        bytes.withUnsafeBufferPointer { ValueRedactor.append($0, from: 0, to: $0.count, applying: edits, to: &output) }
        return output
    }

    /// A request URL as the entry walk redacts it (the rules, then the known secrets), for a
    /// name taken from it before its entry is redacted (the recorder's step of a path that is
    /// not an endpoint). The rules issue the placeholders the entry's own walk issues next
    /// (the URL is the first value it redacts); the counts are not kept.
    public func redactedURL(_ url: String) -> String {
        var values = ValueRedactor(rules: compiled, table: placeholders)
        let redacted = values.redactURL(url) ?? url
        guard let known = placeholders.index?.snapshot(), !known.isEmpty else { return redacted }
        return known.replacing(in: redacted) ?? redacted
    }
}
