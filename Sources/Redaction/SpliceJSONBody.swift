import HAR

/// The splice path's JSON bodies: redacted on their bytes and spliced back scalar by scalar.
extension Redactor {
    /// A plain JSON body redacted on its bytes (`JSONBodyBytes`): the edits to its string
    /// token, one per changed scalar (none when nothing changed); nil when `redactBody` must
    /// handle it (another type, a content coding, a MIME rule, or JSON not in the compact
    /// serialised form). The body is written again only where a scalar changed: escaping
    /// it for the capture is byte by byte, so the rest of the token stays as it is.
    func jsonBodyEdits(
        _ text: StringToken, mimeType: StringToken, contentEncoding: String?, reader: CanonicalReader,
        redactor: inout ValueRedactor
    ) -> [(range: Range<Int>, text: [UInt8])]? {
        guard compiled.mimeTypes.isEmpty, contentEncoding.flatMap(ContentCoding.init(headerValue:)) == nil, !mimeType.hasEscapes else {
            return nil
        }
        let type = reader.inner(mimeType)
        guard ValueRedactor.isASCII(type), !Self.containsIgnoringCase(type, "x-www-form-urlencoded") else { return nil }
        let inner = reader.inner(text)
        // `redactBodyText` takes JSON for a JSON type or a body starting with `{` or `[`
        // (white space before it is escaped here, and left to the typed path).
        guard Self.containsIgnoringCase(type, "json") || inner.first == UInt8(ascii: "{") || inner.first == UInt8(ascii: "[")
        else { return nil }
        let body = reader.unescaped(text)
        guard let bodyEdits = body.withUnsafeBufferPointer({ redactor.redactCanonicalJSON($0) }) else { return nil }
        // Body offsets to token offsets: each body byte is one token byte or one escape.
        var tokenEdits: [(range: Range<Int>, text: [UInt8])] = []
        tokenEdits.reserveCapacity(bodyEdits.count)
        var raw = text.range.lowerBound + 1
        var decoded = 0
        let base = reader.bytes.baseAddress!
        func advance(to target: Int) {
            while decoded < target {
                // Eight bytes at a time while none is an escape.
                if decoded + 8 <= target {
                    let word = UnsafeRawPointer(base + raw).loadUnaligned(as: UInt64.self) ^ 0x5C5C_5C5C_5C5C_5C5C
                    if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 == 0 {
                        raw += 8
                        decoded += 8
                        continue
                    }
                }
                if reader.bytes[raw] == 0x5C {
                    raw += reader.bytes[raw + 1] == UInt8(ascii: "u") ? 6 : 2
                } else {
                    raw += 1
                }
                decoded += 1
            }
        }
        for edit in bodyEdits {
            advance(to: edit.range.lowerBound)
            let lower = raw
            advance(to: edit.range.upperBound)
            var escaped: [UInt8] = []
            escaped.reserveCapacity(edit.text.count + 8)
            JSONValue.appendEscapedString(utf8: edit.text, to: &escaped)
            tokenEdits.append((lower..<raw, escaped))
        }
        return tokenEdits
    }

    static let contentEncodingName = Array("content-encoding".utf8)
    static let cookieName = Array("cookie".utf8)
    static let setCookieName = Array("set-cookie".utf8)

    /// Whether ASCII `bytes` contain `needle` (lowercase ASCII), ignoring case.
    static func containsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let start = needle.utf8Start
        var i = 0
        while i <= bytes.count - count {
            var j = 0
            while j < count {
                let byte = bytes[i + j]
                if (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) != start[j] { break }
                j += 1
            }
            if j == count { return true }
            i += 1
        }
        return false
    }
}
