import HAR

/// An entry's `_authtape` object with this redaction's counts, written on bytes.
///
/// The splice path otherwise decodes `_authtape` into `AuthTapeEntryFields`, adds the counts
/// and encodes it again. When the object holds only what the recorder writes
/// (`schemaVersion`, then any of `flowId`, `flowKind`, `step`, in that order, in the form
/// `HARWriter` writes them) and no `redactions` yet, the encoded object is the original one
/// with a `redactions` member added last, which is written here directly.
enum AuthTapeRedactions {
    /// The new text of the `_authtape` value `original` (bytes from `{` to `}`, at nesting
    /// level 4) with `counts` added; nil when the object is not of that simple form. With
    /// no counts, `original` itself when it is of that form.
    static func text(original: UnsafeBufferPointer<UInt8>, counts: [String: Int]) -> [UInt8]? {
        var reader = CanonicalReader(original, position: 0)
        var empty = false
        guard reader.beginObject(isEmpty: &empty), !empty else { return nil }
        let order: [StaticString] = ["schemaVersion", "flowId", "flowKind", "step"]
        var next = 0
        var failed = false
        var first = true
        var lastValueEnd = 0
        while let key = reader.nextKey(level: 4, first: first, failed: &failed) {
            if first {
                guard reader.keyEquals(key, order[0]), reader.integer() else { return nil }
                next = 1
            } else {
                while next < order.count, !reader.keyEquals(key, order[next]) { next += 1 }
                guard next < order.count, reader.string() != nil else { return nil }
                next += 1
            }
            first = false
            lastValueEnd = reader.position
        }
        guard !failed, !first, reader.position == original.count else { return nil }
        if counts.isEmpty { return Array(original) }
        var text: [UInt8] = []
        text.reserveCapacity(original.count + 48 + 40 * counts.count)
        text.append(contentsOf: UnsafeBufferPointer(rebasing: original[0..<lastValueEnd]))
        append(",\n          \"redactions\": {", to: &text)
        var firstCount = true
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) {
            if !firstCount { text.append(UInt8(ascii: ",")) }
            firstCount = false
            append("\n            \"", to: &text)
            var name = kind
            name.withUTF8 { JSONValue.appendEscapedString(utf8: $0, to: &text) }
            append("\": ", to: &text)
            appendDecimal(count, to: &text)
        }
        append("\n          }\n        }", to: &text)
        return text
    }

    /// `value` in decimal, as `String(value)` writes it, without making a string.
    static func appendDecimal(_ value: Int, to text: inout [UInt8]) {
        guard value >= 0 else {
            text.append(contentsOf: String(value).utf8)
            return
        }
        let start = text.count
        var rest = value
        repeat {
            text.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        text[start...].reverse()
    }

    /// Appends a literal's bytes in one copy (appending a string's UTF-8 view goes byte by byte).
    private static func append(_ literal: StaticString, to text: inout [UInt8]) {
        text.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
