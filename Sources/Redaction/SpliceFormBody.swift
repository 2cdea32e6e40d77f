import HAR

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The splice path's form bodies: redacted on the capture's bytes, without making strings of
/// the body and of its redacted text.
extension Redactor {
    /// What `redactBody` would change in a plain `application/x-www-form-urlencoded` body
    /// whose token holds no escapes and only ASCII (`jsonBodyEdits` checked the type, the
    /// content coding and the MIME rules): `.some(nil)` when nothing changes, `.some(edit)`
    /// for the token's new text (as the splice path's `edit` would write it); nil when
    /// `redactBody` must handle the body (escapes or non-ASCII text).
    func formBodyEdit(_ text: StringToken, reader: CanonicalReader, redactor: inout ValueRedactor) -> (range: Range<Int>, text: [UInt8])?? {
        guard !text.hasEscapes else { return nil }
        let body = reader.inner(text)
        // `redactForm` splits ASCII text on bytes, as here.
        guard ValueRedactor.isASCII(body) else { return nil }
        guard
            var output = redactor.redactASCIIForm(
                body, table: redactor.rules.formFields, names: redactor.rules.formFieldNames, after: [UInt8(ascii: "\"")])
        else { return .some(nil) }
        let original = UnsafeBufferPointer(rebasing: reader.bytes[text.range])
        if output.withUnsafeBufferPointer({ JSONBodyBytes.needsEscape(UnsafeBufferPointer(rebasing: $0[1...])) }) {
            // Not expected (the body had no escapes, and replaced fields are percent-encoded),
            // but written as the serialiser would.
            let redacted = String(decoding: output[1...], as: UTF8.self)
            guard let encoded = ValueRedactor.jsonStringEdit(redacted, original: original, escapedAgain: false) else { return .some(nil) }
            return .some((text.range, encoded))
        }
        output.append(UInt8(ascii: "\""))
        // The same text is no change.
        if output.count == original.count, memcmp(output, original.baseAddress!, output.count) == 0 { return .some(nil) }
        return .some((text.range, output))
    }
}
