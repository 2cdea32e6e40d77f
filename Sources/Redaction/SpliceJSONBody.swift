import HAR

/// The splice path's JSON bodies: redacted on their bytes and spliced back scalar by scalar.
extension Redactor {
    /// A plain JSON body redacted on its bytes (`JSONBodyBytes`): the edits to its string
    /// token, one per changed scalar (none when nothing changed); nil when `redactBody` must
    /// handle it (another type, a content coding, a MIME rule, or JSON not in the compact
    /// serialised form). The body is written again only where a scalar changed: escaping
    /// it for the capture is byte by byte, so the rest of the token stays as it is.
    ///
    /// A plain form body is redacted on its bytes here as well (`formBodyEdit`): one edit
    /// for the whole token, or none.
    func jsonBodyEdits(
        _ text: StringToken, mimeType: StringToken, contentEncoding: String?, reader: CanonicalReader,
        redactor: inout ValueRedactor
    ) -> [(range: Range<Int>, text: [UInt8])]? {
        guard compiled.mimeTypes.isEmpty, contentEncoding.flatMap(ContentCoding.init(headerValue:)) == nil, !mimeType.hasEscapes else {
            return nil
        }
        let type = reader.inner(mimeType)
        guard ValueRedactor.isASCII(type) else { return nil }
        if Self.containsIgnoringCase(type, "x-www-form-urlencoded") {
            // A form body: redacted on its bytes too where it can be (`formBodyEdit`).
            return formBodyEdit(text, reader: reader, redactor: &redactor).map { edit in edit.map { [$0] } ?? [] }
        }
        let inner = reader.inner(text)
        // `redactBodyText` takes JSON for a JSON type or a body starting with `{` or `[`
        // (white space before it is escaped here, and left to the typed path).
        guard Self.containsIgnoringCase(type, "json") || inner.first == UInt8(ascii: "{") || inner.first == UInt8(ascii: "[")
        else { return nil }
        let body = EscapedBody(text, in: reader)
        // The new texts come escaped for the capture already; only their ranges move.
        guard var edits = body.bytes.withUnsafeBufferPointer({ redactor.redactCanonicalJSON($0, escapedAgain: true) }) else {
            return nil
        }
        // Body offsets to token offsets: each body byte is one token byte or one escape.
        let start = text.range.lowerBound + 1
        var mapper = EscapedBody.Mapper()
        for index in edits.indices {
            let lower = mapper.tokenOffset(of: edits[index].range.lowerBound, in: body)
            let upper = mapper.tokenOffset(of: edits[index].range.upperBound, in: body)
            edits[index].range = (start + lower)..<(start + upper)
        }
        return edits
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
