import Foundation
import HAR

/// The fast path of `redactFile`: redacts a capture's bytes by copying them through and
/// replacing only the string values that change, instead of decoding the whole capture into
/// HAR values and writing it again.
///
/// It gives exactly the bytes of the typed path (`HARReader` → `Redactor.redact` →
/// `HARWriter`): entries already in the form `HARWriter` writes are spliced (placeholders
/// issued in the same order, the same `_authtape.redactions`), any other entry goes through
/// the typed path on its own, and everything outside `entries` always does. When the capture
/// is not valid HAR, it returns nil and the caller's typed path reports the error.
extension Redactor {
    /// The redacted capture as parts to write one after the other, the summary, and how many
    /// entries were spliced (the others went through the typed path); nil when the typed
    /// path must handle the whole file. Captures of at least `parallelMinimum` bytes are
    /// redacted on `workers` threads (`ParallelSplice`; by default one per core).
    func redactCapture(
        bytes: [UInt8], parallelMinimum: Int = Redactor.parallelMinimum, workers: Int = Redactor.defaultWorkers
    ) -> (parts: [ArraySlice<UInt8>], summary: RedactionSummary, spliced: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            redactCapture(buffer: buffer, parallelMinimum: parallelMinimum, workers: workers).map {
                ([$0.output.joined(input: buffer)[...]], $0.summary, $0.spliced)
            }
        }
    }

    /// `redactCapture(bytes:)` on bytes in memory, giving the output as pieces of `buffer`
    /// and new bytes; the placeholder table is left as it was when this returns nil.
    /// `flush`, when given, gets the entries' output so far after each chunk of a parallel
    /// redaction, with the input offset of the entries' `[` (`SplicedOutput.Stream`).
    func redactCapture(
        buffer: UnsafeBufferPointer<UInt8>, parallelMinimum: Int = Redactor.parallelMinimum,
        workers: Int = Redactor.defaultWorkers, flush: ((SplicedOutput, Int) -> Void)? = nil
    ) -> (output: SplicedOutput, summary: RedactionSummary, spliced: Int)? {
        let snapshot = placeholders.snapshot()
        let result = redactCapture(buffer: buffer, workers: buffer.count >= parallelMinimum ? workers : 1, flush: flush)
        if result == nil { placeholders.restore(snapshot) }
        return result
    }

    /// One worker per core, at most eight.
    static var defaultWorkers: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8) }

    /// Smaller captures are redacted on one thread.
    static let parallelMinimum = 4 << 20

    private func redactCapture(
        buffer: UnsafeBufferPointer<UInt8>, workers: Int, flush: ((SplicedOutput, Int) -> Void)?
    ) -> (output: SplicedOutput, summary: RedactionSummary, spliced: Int)? {
        guard buffer.count > 0 else { return nil }
        var reader = CanonicalReader(buffer, position: 0)
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { reader.position = 3 }
        var total = RedactionSummary(counts: [:])
        var entries = SplicedOutput()
        // Entries are redacted, in order, as soon as the scan reaches them.
        var spliced = 0
        let located = Self.locateEntries(&reader) { reader in
            if workers > 1,
                let done = redactEntriesInParallel(
                    &reader, buffer: buffer, workers: workers, into: &entries, total: &total, spliced: &spliced, flush: flush)
            {
                return done
            }
            let start = entries.side.count
            defer { entries.recordSide(from: start) }
            return redactEntries(&reader, buffer: buffer, into: &entries.side, total: &total, spliced: &spliced)
        }
        guard let entriesRange = located else { return nil }

        // Everything else, through the typed path with an empty entry list.
        var skeleton = Array(buffer[0..<entriesRange.lowerBound])
        skeleton.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
        skeleton.append(contentsOf: buffer[entriesRange.upperBound...])
        guard let document = try? HARReader.read(bytes: skeleton, source: ""), document.log.entries.isEmpty else { return nil }
        var copy = document
        total.add(redactDocumentFields(of: document, into: &copy))
        let written = HARWriter.bytes(copy)
        let marker = Array("\n    \"entries\": []".utf8)
        guard let at = ByteSearch.firstIndex(of: marker, in: written) else { return nil }
        let split = at + marker.count - 2
        entries.prepend(contentsOf: written[0..<split])
        entries.append(contentsOf: written[(split + 2)...])
        return (entries, total, spliced)
    }

    /// Redacts the entries array at the reader into `out` (as `HARWriter` writes it).
    private func redactEntries(
        _ reader: inout CanonicalReader, buffer: UnsafeBufferPointer<UInt8>, into entriesText: inout [UInt8],
        total: inout RedactionSummary, spliced: inout Int
    ) -> Bool {
        guard reader.consume(UInt8(ascii: "[")) else { return false }
        entriesText.append(UInt8(ascii: "["))
        var entry = CanonicalEntry()
        var count = 0
        while true {
            reader.skipWhitespace()
            if reader.consume(UInt8(ascii: "]")) { break }
            if count > 0 {
                guard reader.consume(UInt8(ascii: ",")) else { return false }
                reader.skipWhitespace()
                entriesText.append(UInt8(ascii: ","))
            }
            entriesText.append(0x0A)
            entriesText.append(contentsOf: repeatElement(0x20, count: 6))
            guard let end = redactEntrySerially(&entry, start: reader.position, buffer: buffer, into: &entriesText, total: &total, spliced: &spliced)
            else { return false }
            reader.position = end
            count += 1
        }
        if count == 0 { entriesText.append(UInt8(ascii: "]")) } else { entriesText.append(contentsOf: Array("\n    ]".utf8)) }
        return true
    }

    /// Redacts the entry starting at `start` into `out`, spliced when it is canonical, else
    /// through the typed path; returns where it ends, nil when it is not a valid entry.
    func redactEntrySerially(
        _ entry: inout CanonicalEntry, start: Int, buffer: UnsafeBufferPointer<UInt8>, into out: inout [UInt8],
        total: inout RedactionSummary, spliced: inout Int
    ) -> Int? {
        var scanner = CanonicalReader(buffer, position: start)
        if entry.scan(&scanner), redactSpliced(entry, buffer: buffer, start: start, into: &out, total: &total) {
            spliced += 1
            return entry.end
        }
        var reader = CanonicalReader(buffer, position: start)
        guard reader.skipAnyValue(),
            redactTyped(UnsafeBufferPointer(rebasing: buffer[start..<reader.position]), into: &out, total: &total)
        else { return nil }
        return reader.position
    }

    /// Splices the redacted values of a canonical entry into `out`; false when the entry's
    /// `_authtape` is not in canonical form (then nothing was written).
    func redactSpliced(
        _ entry: CanonicalEntry, buffer: UnsafeBufferPointer<UInt8>, start: Int, into out: inout [UInt8],
        total: inout RedactionSummary
    ) -> Bool {
        var redactor = ValueRedactor(rules: compiled, table: placeholders)
        guard let edits = spliceEdits(entry, buffer: buffer, redactor: &redactor) else { return false }
        ValueRedactor.append(buffer, from: start, to: entry.end, applying: edits, to: &out)
        total.add(RedactionSummary(counts: redactor.counts))
        return true
    }

    /// The changes that redact a canonical entry, sorted by position, made with `redactor`;
    /// nil when the entry must take the typed path instead.
    func spliceEdits(
        _ entry: CanonicalEntry, buffer: UnsafeBufferPointer<UInt8>, redactor: inout ValueRedactor
    ) -> [(range: Range<Int>, text: [UInt8])]? {
        let reader = CanonicalReader(buffer, position: 0)
        var edits: [(range: Range<Int>, text: [UInt8])] = []

        func edit(_ token: StringToken, _ replacement: String?) {
            // The string token as the serializer writes it, when that differs from the capture's.
            guard let replacement,
                let encoded = ValueRedactor.jsonStringEdit(
                    replacement, original: UnsafeBufferPointer(rebasing: buffer[token.range]), escapedAgain: false)
            else { return }
            edits.append((token.range, encoded))
        }

        // A URL without a query in which no pattern can match stays as it is.
        func redactURL(_ url: StringToken) {
            let raw = reader.inner(url)
            if !raw.contains(UInt8(ascii: "?")), compiled.patternsCannotMatch(raw) { return }
            edit(url, redactor.redactURL(reader.text(url)))
        }

        // Loaded once per entry rather than per header: each read of a global constant is a
        // call, and each copy of the name table retains its arrays.
        let headerNames = compiled.headerNames
        let (contentEncodingName, cookieName, setCookieName) = (Self.contentEncodingName, Self.cookieName, Self.setCookieName)
        // The request, then the response; false when the entry must take the typed path.
        func redactMessage(_ message: borrowing CanonicalEntry.Message, isResponse: Bool) -> Bool {
            if !isResponse, let url = message.url { redactURL(url) }
            var contentEncoding: String?
            for header in message.headers {
                let nameBytes = reader.inner(header.name)
                if !header.name.hasEscapes, headerNames.isASCII, ValueRedactor.isASCII(nameBytes) {
                    // An ASCII name: its rule looked up from its bytes, nothing decoded for
                    // a kept header or one without a rule whose value no pattern can match.
                    let rule = headerNames.index(ignoringASCIICase: nameBytes)
                    if contentEncoding == nil, NameTable.equalIgnoringASCIICase(nameBytes, contentEncodingName) {
                        contentEncoding = reader.text(header.value)
                    }
                    // What `redactHeaderValue(name:value:)` does, with the rule already found.
                    if let rule {
                        if headerNames.action(at: rule) == .keep { continue }
                        edit(header.value, redactor.redactHeaderValue(rule: headerNames.rule(at: rule), value: reader.text(header.value)))
                    } else if NameTable.equalIgnoringASCIICase(nameBytes, cookieName) {
                        edit(header.value, redactor.redactCookieHeader(reader.text(header.value)))
                    } else if NameTable.equalIgnoringASCIICase(nameBytes, setCookieName) {
                        edit(header.value, redactor.redactSetCookie(reader.text(header.value)))
                    } else if !compiled.patternsCannotMatch(reader.inner(header.value)) {
                        edit(header.value, redactor.applyPatterns(reader.text(header.value)))
                    }
                    continue
                }
                let name = reader.text(header.name)
                let lowered = name.lowercased()
                if contentEncoding == nil, lowered == "content-encoding" { contentEncoding = reader.text(header.value) }
                // Without a rule, only the patterns apply; skip values none of them can match.
                if compiled.headers[lowered] == nil, lowered != "cookie", lowered != "set-cookie",
                    compiled.patternsCannotMatch(reader.inner(header.value))
                {
                    continue
                }
                edit(header.value, redactor.redactHeaderValue(name: name, value: reader.text(header.value)))
            }
            for cookie in message.cookies {
                edit(cookie.value, redactor.apply(redactor.cookieRule(reader.text(cookie.name)), to: reader.text(cookie.value)))
            }
            for parameter in message.query {
                let rule = compiled.queryParameters[reader.text(parameter.name).lowercased()]
                edit(parameter.value, redactor.apply(rule, to: reader.text(parameter.value)))
            }
            if isResponse, let url = message.url { redactURL(url) }
            if let text = message.text, let mimeType = message.mimeType {
                if message.encoding == nil,
                    let bodyEdits = jsonBodyEdits(text, mimeType: mimeType, contentEncoding: contentEncoding, reader: reader, redactor: &redactor)
                {
                    edits.append(contentsOf: bodyEdits)
                    return true
                }
                let body = reader.text(text)
                let encoding = message.encoding.map { reader.text($0) }
                // HARReader refuses bad base64; the typed path reports it.
                if encoding?.lowercased() == "base64", !HARRawFile.isValidBase64(body) { return false }
                edit(
                    text,
                    redactor.redactBody(
                        text: body, encoding: encoding, mimeType: reader.text(mimeType), contentEncoding: contentEncoding))
            }
            return true
        }
        guard redactMessage(entry.request, isResponse: false), redactMessage(entry.response, isResponse: true) else {
            return nil
        }

        let summary = RedactionSummary(counts: redactor.counts)
        if let range = entry.authtape,
            let text = AuthTapeRedactions.text(original: UnsafeBufferPointer(rebasing: buffer[range]), counts: summary.counts)
        {
            // With no counts the object stays as it is.
            if !summary.counts.isEmpty { edits.append((range, text)) }
        } else if !summary.counts.isEmpty || entry.authtape != nil {
            var fields = AuthTapeEntryFields()
            var original: UnsafeBufferPointer<UInt8>?
            if let range = entry.authtape {
                let slice = UnsafeBufferPointer(rebasing: buffer[range])
                guard let value = try? JSONParser.parse(slice), let decoded = try? AuthTapeEntryFields(json: value) else {
                    return nil
                }
                fields = decoded
                original = slice
            }
            if !summary.counts.isEmpty {
                fields.redactions = (fields.redactions ?? [:]).merging(summary.counts, uniquingKeysWith: +)
            }
            var text: [UInt8] = []
            fields.json.write(into: &text, pretty: true, indent: 4)
            if let original, let range = entry.authtape {
                if summary.counts.isEmpty, !text.elementsEqual(original) { return nil }
                edits.append((range, text))
            } else {
                edits.append((entry.endOfMembers..<entry.endOfMembers, Array(",\n        \"_authtape\": ".utf8) + text))
            }
        }

        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        return edits
    }

    /// An entry in any other form: decoded, redacted and written as `HARWriter` would.
    func redactTyped(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], total: inout RedactionSummary) -> Bool {
        guard let value = try? JSONParser.parse(bytes), let decoded = try? HAREntry(json: value) else { return false }
        let (redacted, summary) = redact(decoded)
        redacted.json.write(into: &out, pretty: true, indent: 3)
        total.add(summary)
        return true
    }

    // MARK: Finding the entries

    /// The byte range of the `log.entries` array, or nil when the capture has no single such
    /// array (the typed path then handles the whole file).
    private static func locateEntries(
        _ reader: inout CanonicalReader, processing process: (inout CanonicalReader) -> Bool
    ) -> Range<Int>? {
        var entries: Range<Int>?
        var logs = 0
        var ok = forEachMember(&reader) { reader, key in
            guard reader.keyEquals(key, "log") else { return reader.skipAnyValue() }
            logs += 1
            guard reader.peek() == UInt8(ascii: "{") else { return false }
            return forEachMember(&reader) { reader, key in
                guard reader.keyEquals(key, "entries") else { return reader.skipAnyValue() }
                guard entries == nil, reader.peek() == UInt8(ascii: "[") else { return false }
                let start = reader.position
                guard process(&reader) else { return false }
                entries = start..<reader.position
                return true
            }
        }
        reader.skipWhitespace()
        ok = ok && reader.position == reader.bytes.count
        return ok && logs == 1 ? entries : nil
    }

    /// Calls `body` for each member of the object at the reader (after its key and colon);
    /// `body` must consume the value.
    private static func forEachMember(
        _ reader: inout CanonicalReader, _ body: (inout CanonicalReader, StringToken) -> Bool
    ) -> Bool {
        reader.skipWhitespace()
        guard reader.consume(UInt8(ascii: "{")) else { return false }
        reader.skipWhitespace()
        if reader.consume(UInt8(ascii: "}")) { return true }
        while true {
            reader.skipWhitespace()
            guard reader.peek() == UInt8(ascii: "\""), let key = reader.string() else { return false }
            reader.skipWhitespace()
            guard reader.consume(UInt8(ascii: ":")) else { return false }
            reader.skipWhitespace()
            guard body(&reader, key) else { return false }
            reader.skipWhitespace()
            if reader.consume(UInt8(ascii: "}")) { return true }
            guard reader.consume(UInt8(ascii: ",")) else { return false }
        }
    }
}
