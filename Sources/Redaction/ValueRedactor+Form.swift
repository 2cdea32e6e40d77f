import HAR
import NativeAuthWire

/// Form bodies and URL queries.
extension ValueRedactor {
    /// Redacts a form body or query string by `table`'s rules; nil when nothing changed.
    /// `names` is `table` as a `NameTable`, for looking names up from their bytes.
    mutating func redactForm(_ text: Substring, table: [String: RedactionRule], names: NameTable? = nil) -> String? {
        // Non-ASCII text is split on characters (`FormBody`); ASCII text on bytes, which is
        // the same split, without building fields.
        var copy = Substring(text)
        if let redacted = copy.withUTF8({ bytes -> String?? in
            Self.isASCII(bytes) ? .some(redactASCIIForm(bytes, table: table, names: names)) : .none
        }) {
            return redacted
        }
        var form = FormBody(text)
        for index in form.fields.indices {
            let field = form.fields[index]
            if let replaced = apply(table[field.name.lowercased()], to: field.value) {
                form.fields[index].replacement = replaced
            }
        }
        return form.isChanged ? form.text : nil
    }

    /// Whether every byte is below 0x80, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        while i + 8 <= bytes.count {
            if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// `redactForm` on ASCII bytes: unchanged fields are copied as they are, replaced ones
    /// written as `FormBody` writes them.
    private mutating func redactASCIIForm(
        _ bytes: UnsafeBufferPointer<UInt8>, table: [String: RedactionRule], names: NameTable?
    ) -> String? {
        redactASCIIForm(bytes, table: table, names: names, after: []).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `redactForm` on ASCII bytes, giving the new text's bytes after `leading` (which the
    /// caller may want there, a quote for instance); nil when nothing changed.
    mutating func redactASCIIForm(
        _ bytes: UnsafeBufferPointer<UInt8>, table: [String: RedactionRule], names: NameTable?, after leading: [UInt8]
    ) -> [UInt8]? {
        guard bytes.baseAddress != nil else {
            // The empty body: one field, empty name and value.
            return apply(table[""], to: "").map { leading + Array(("=" + FormCodec.escape($0)).utf8) }
        }
        // Unwrapped once: binding an optional table per field copied it (retaining its arrays).
        let byBytes = names?.isASCII == true
        let byteNames = names ?? NameTable([:])
        var output: [UInt8] = []
        var changed = false
        // The fields as FormCodec splits them: to the next `&`, the name to the first `=`.
        FormCodec.forEachPart(in: bytes) { part in
            let partStart = part.range.lowerBound
            let end = part.range.upperBound
            let equals = part.equals
            if partStart > 0, changed { output.append(UInt8(ascii: "&")) }
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[part.name])
            let valueBytes = UnsafeBufferPointer(rebasing: bytes[part.value])
            let nameIsEncoded = FormCodec.needsDecoding(nameBytes)
            // Where this field's text starts in `output` once it is written there.
            let mark = output.count
            var written = false
            if byBytes, !nameIsEncoded {
                // The name is its bytes: look it up without decoding, and decode nothing for a
                // kept field or one without a rule no pattern can match.
                let index = byteNames.index(ignoringASCIICase: nameBytes)
                let action = index.map { byteNames.action(at: $0) }
                if action != .keep {
                    let valueIsEncoded = FormCodec.needsDecoding(valueBytes)
                    if index != nil || valueIsEncoded || !rules.patternsCannotMatch(valueBytes) {
                        let value = FormBody.decode(valueBytes, isEncoded: valueIsEncoded)
                        if !changed { startForm(bytes, upTo: partStart, after: leading, in: &output) }
                        // The name needs no decoding: encoded again from its bytes.
                        FormCodec.appendEscaped(nameBytes, to: &output)
                        output.append(UInt8(ascii: "="))
                        if action == .redact, let index {
                            // A placeholder is written as it is (form encoding keeps it).
                            written = appendReplacement(of: value, kind: byteNames.kind(at: index), to: &output)
                        } else if let replaced = apply(index.map { byteNames.rule(at: $0) }, to: value) {
                            FormCodec.appendEscaped(replaced, to: &output)
                            written = true
                        }
                    }
                }
            } else {
                let name = FormBody.decode(nameBytes, isEncoded: nameIsEncoded)
                let value = equals != nil ? FormBody.decode(valueBytes) : ""
                let lowered = name.utf8.contains { $0 &- UInt8(ascii: "A") < 26 || $0 >= 0x80 } ? name.lowercased() : name
                if let replaced = apply(table[lowered], to: value) {
                    if !changed { startForm(bytes, upTo: partStart, after: leading, in: &output) }
                    FormCodec.appendEscaped(name, to: &output)
                    output.append(UInt8(ascii: "="))
                    FormCodec.appendEscaped(replaced, to: &output)
                    written = true
                }
            }
            if written {
                changed = true
            } else if changed {
                // Unchanged: the field's own bytes (after whatever was tried for it).
                output.removeSubrange(mark...)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[partStart..<end]))
            } else {
                output.removeAll(keepingCapacity: true)
            }
        }
        return changed ? output : nil
    }

    /// Starts a changed form's output: the fields before `partStart` as they are.
    private func startForm(
        _ bytes: UnsafeBufferPointer<UInt8>, upTo partStart: Int, after leading: [UInt8], in output: inout [UInt8]
    ) {
        output.reserveCapacity(leading.count + bytes.count + 64)
        output.append(contentsOf: leading)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<partStart]))
    }
}
