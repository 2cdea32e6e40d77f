import HAR

/// An entry's `_authtape.redactions`, written into its bytes (added to the counts it already
/// has, so counts add up when a capture is redacted again with more rules). An entry without `_authtape` gets the member after its last one, with the
/// white space its last key has (so a pretty-printed entry stays pretty and a compact one
/// compact); one with `_authtape` gets `redactions` added to it or replaced.
enum AuthTapeCounts {
    static func edit(_ fields: EntryFields, counts: [String: Int], in cursor: JSONCursor) throws(ScanFailure) -> ByteEdit {
        let spacing = Array(cursor.bytes[fields.lastKeySpacing])
        let pretty = !spacing.isEmpty
        // One level of indentation: how much deeper the request's keys are than the entry's.
        let nested = Array(cursor.bytes[fields.nestedKeySpacing])
        let unit = nested.count > spacing.count && nested.starts(with: spacing) ? Array(nested[spacing.count...]) : []
        guard let member = fields.authtape else {
            var text: [UInt8] = [UInt8(ascii: ",")]
            text.append(contentsOf: spacing)
            append("\"_authtape\"", to: &text)
            append(pretty ? ": {" : ":{", to: &text)
            text.append(contentsOf: spacing + unit)
            append(pretty ? "\"schemaVersion\": " : "\"schemaVersion\":", to: &text)
            text.append(contentsOf: String(AuthTapeLogFields.currentSchemaVersion).utf8)
            text.append(UInt8(ascii: ","))
            text.append(contentsOf: pretty && unit.isEmpty ? [0x20] : spacing + unit)
            append(pretty ? "\"redactions\": " : "\"redactions\":", to: &text)
            append(counts, pretty: pretty, spacing: spacing + unit, unit: unit, to: &text)
            text.append(contentsOf: spacing)
            text.append(UInt8(ascii: "}"))
            return (fields.lastValueEnd..<fields.lastValueEnd, text)
        }
        var walker = JSONCursor(cursor.bytes, position: member.value.lowerBound)
        guard try walker.peek() == UInt8(ascii: "{") else {
            throw walker.invalid("_authtape must be an object").within("_authtape")
        }
        let open = walker.position
        var existing: Range<Int>?
        var lastValueEnd: Int?
        var inner = spacing + unit
        try walker.members { (walker: inout JSONCursor, key: StringSpan) throws(ScanFailure) in
            var spaceStart = key.range.lowerBound
            while spaceStart > 0, EntryFields.isWhitespace(walker.bytes[spaceStart - 1]) { spaceStart -= 1 }
            inner = Array(walker.bytes[spaceStart..<key.range.lowerBound])
            let start = walker.position
            try walker.skipValue()
            if walker.keyIs(key, "redactions") { existing = start..<walker.position }
            lastValueEnd = walker.position
        }
        if let existing {
            var merged = counts
            guard case .object(let object)? = try? JSONParser.parse(UnsafeBufferPointer(rebasing: cursor.bytes[existing])) else {
                throw ScanFailure.invalid(offset: existing.lowerBound, message: "must be an object of counts", path: ["redactions", "_authtape"])
            }
            for item in object {
                guard case .number(let number) = item.value, let count = Int(number) else {
                    throw ScanFailure.invalid(offset: existing.lowerBound, message: "must be an object of counts", path: ["redactions", "_authtape"])
                }
                merged[item.key, default: 0] += count
            }
            var text: [UInt8] = []
            append(merged, pretty: pretty, spacing: inner, unit: unit, to: &text)
            return (existing, text)
        }
        var text: [UInt8] = lastValueEnd == nil ? [] : [UInt8(ascii: ",")]
        text.append(contentsOf: inner)
        append(pretty ? "\"redactions\": " : "\"redactions\":", to: &text)
        append(counts, pretty: pretty, spacing: inner, unit: unit, to: &text)
        let at = lastValueEnd ?? (open + 1)
        return (at..<at, text)
    }

    /// `{"code": 1, "password": 2}`, kinds sorted as `HARWriter` writes them, one a line
    /// when the file is indented (`spacing` before the `redactions` key, `unit` deeper).
    private static func append(_ counts: [String: Int], pretty: Bool, spacing: [UInt8], unit: [UInt8], to text: inout [UInt8]) {
        text.append(UInt8(ascii: "{"))
        let lines = pretty && spacing.contains(0x0A) && !unit.isEmpty
        for (index, kind) in counts.keys.sorted().enumerated() {
            if index > 0 { append(pretty && !lines ? ", " : ",", to: &text) }
            if lines { text.append(contentsOf: spacing + unit) }
            text.append(UInt8(ascii: "\""))
            JSONValue.appendEscapedString(utf8: Array(kind.utf8), to: &text)
            append(pretty ? "\": " : "\":", to: &text)
            text.append(contentsOf: String(counts[kind] ?? 0).utf8)
        }
        if lines { text.append(contentsOf: spacing) }
        text.append(UInt8(ascii: "}"))
    }

    private static func append(_ literal: StaticString, to text: inout [UInt8]) {
        text.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
