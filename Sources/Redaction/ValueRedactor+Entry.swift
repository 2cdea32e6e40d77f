import HAR

/// One replaced piece of an entry's bytes.
typealias ByteEdit = (range: Range<Int>, text: [UInt8])

/// The one walk over an entry, on its bytes (`authtape redact`'s, and the recorder's on each
/// journal line): the `ValueRedactor` calls for each value the rules look at, request first,
/// then response, comment and extensions; only the values that change are rewritten.
extension ValueRedactor {
    /// The edits that redact the entry `fields` describes in `cursor`'s bytes, unsorted.
    mutating func entryEdits(_ fields: EntryFields, in cursor: JSONCursor) throws(ScanFailure) -> [ByteEdit] {
        var edits: [ByteEdit] = []
        do throws(ScanFailure) {
            try messageEdits(fields.request, isRequest: true, in: cursor, into: &edits)
        } catch {
            throw error.within("request")
        }
        do throws(ScanFailure) {
            try messageEdits(fields.response, isRequest: false, in: cursor, into: &edits)
        } catch {
            throw error.within("response")
        }
        patternEdit(fields.comment, in: cursor, into: &edits)
        try extensionEdits(fields.extensions, in: cursor, into: &edits)
        return edits
    }

    /// `replacement` written as the JSON string that replaces `span`, when there is one.
    static func edit(_ span: StringSpan, _ replacement: String?, into edits: inout [ByteEdit]) {
        guard let replacement else { return }
        var text: [UInt8] = [UInt8(ascii: "\"")]
        var copy = replacement
        copy.withUTF8 { JSONValue.appendEscapedString(utf8: $0, to: &text) }
        text.append(UInt8(ascii: "\""))
        edits.append((span.range, text))
    }

    /// The pattern rules over a string value (comments, header values without a rule).
    private mutating func patternEdit(_ span: StringSpan?, in cursor: JSONCursor, into edits: inout [ByteEdit]) {
        guard let span, span.escaped || !rules.patternsCannotMatch(cursor.raw(span)) else { return }
        Self.edit(span, applyPatterns(cursor.text(span)), into: &edits)
    }

    private mutating func messageEdits(
        _ message: EntryFields.Message, isRequest: Bool, in cursor: JSONCursor, into edits: inout [ByteEdit]
    ) throws(ScanFailure) {
        if isRequest, let url = message.url { urlEdit(url, in: cursor, into: &edits) }
        var contentEncoding: String?
        for header in message.headers {
            guard let value = header.value else { continue }
            if let name = header.name, !name.escaped, rules.headerNames.isASCII, Self.isASCII(cursor.raw(name)) {
                // An unescaped ASCII name is looked up from its bytes: no strings are made for a
                // header without a rule whose value no pattern can match (most of them).
                let nameBytes = cursor.raw(name)
                if contentEncoding == nil, NameTable.equalIgnoringASCIICase(nameBytes, Self.contentEncoding) {
                    contentEncoding = cursor.text(value)
                }
                if let index = rules.headerNames.index(ignoringASCIICase: nameBytes) {
                    let rule = rules.headerNames.rule(at: index)
                    if rule.action != .keep { Self.edit(value, redactHeaderValue(rule: rule, value: cursor.text(value)), into: &edits) }
                    continue
                }
                if !Self.specialHeaders.contains(where: { NameTable.equalIgnoringASCIICase(nameBytes, $0) }) {
                    patternEdit(value, in: cursor, into: &edits)
                    continue
                }
            }
            let name = header.name.map(cursor.text) ?? ""
            if contentEncoding == nil, name.lowercased() == "content-encoding" { contentEncoding = cursor.text(value) }
            Self.edit(value, redactHeaderValue(name: name, value: cursor.text(value)), into: &edits)
        }
        for cookie in message.cookies {
            guard let value = cookie.value else { continue }
            let rule = cookieRule(cookie.name.map(cursor.text) ?? "")
            if rule == nil { patternEdit(value, in: cursor, into: &edits) } else { Self.edit(value, apply(rule, to: cursor.text(value)), into: &edits) }
        }
        for parameter in message.queryString {
            guard let value = parameter.value else { continue }
            namedEdit(name: parameter.name, value: value, names: rules.queryParameterNames, table: rules.queryParameters, in: cursor, into: &edits)
        }
        if !isRequest, let url = message.url { urlEdit(url, in: cursor, into: &edits) }
        if let body = message.body {
            do throws(ScanFailure) {
                try bodyEdits(body, contentEncoding: contentEncoding, in: cursor, into: &edits)
            } catch {
                throw error.within(isRequest ? "postData" : "content")
            }
        }
        patternEdit(message.comment, in: cursor, into: &edits)
        try extensionEdits(message.extensions, in: cursor, into: &edits)
    }

    /// Lower-case names of headers with rules of their own besides the header rules.
    private static let specialHeaders: [[UInt8]] = (["cookie", "set-cookie"] + urlHeaders.sorted()).map { Array($0.utf8) }
    private static let contentEncoding = Array("content-encoding".utf8)

    /// A query or form parameter's value under the rule its name has (looked up from the
    /// name's bytes when it has no escape), or the patterns.
    private mutating func namedEdit(
        name: StringSpan?, value: StringSpan, names: NameTable, table: [String: RedactionRule], in cursor: JSONCursor,
        into edits: inout [ByteEdit]
    ) {
        let rule: RedactionRule?
        if let name, !name.escaped, names.isASCII, Self.isASCII(cursor.raw(name)) {
            rule = names.index(ignoringASCIICase: cursor.raw(name)).map { names.rule(at: $0) }
        } else {
            rule = table[(name.map(cursor.text) ?? "").lowercased()]
        }
        if rule == nil { patternEdit(value, in: cursor, into: &edits) } else { Self.edit(value, apply(rule, to: cursor.text(value)), into: &edits) }
    }

    private mutating func urlEdit(_ span: StringSpan, in cursor: JSONCursor, into edits: inout [ByteEdit]) {
        let raw = cursor.raw(span)
        // A URL without a query in which no pattern can match stays as it is.
        if !span.escaped, !raw.contains(UInt8(ascii: "?")), rules.patternsCannotMatch(raw) { return }
        Self.edit(span, redactURL(cursor.text(span)), into: &edits)
    }

    private mutating func bodyEdits(
        _ body: EntryFields.Body, contentEncoding: String?, in cursor: JSONCursor, into edits: inout [ByteEdit]
    ) throws(ScanFailure) {
        for parameter in body.params {
            guard let value = parameter.value else { continue }
            namedEdit(name: parameter.name, value: value, names: rules.formFieldNames, table: rules.formFields, in: cursor, into: &edits)
        }
        if let text = body.text {
            let encoding = body.encoding.map(cursor.text)
            let value = cursor.text(text)
            if encoding?.lowercased() == "base64", !HARRawFile.isValidBase64(value) {
                throw ScanFailure.invalid(offset: text.range.lowerBound, message: "text is not valid base64", path: ["text"])
            }
            let mimeType = body.mimeType.map(cursor.text) ?? ""
            Self.edit(text, redactBody(text: value, encoding: encoding, mimeType: mimeType, contentEncoding: contentEncoding), into: &edits)
        }
        patternEdit(body.comment, in: cursor, into: &edits)
        try extensionEdits(body.extensions, in: cursor, into: &edits)
    }

    /// Extension members (other tools' fields): each walked with the JSON rules.
    mutating func extensionEdits(_ members: [EntryFields.Member], in cursor: JSONCursor, into edits: inout [ByteEdit]) throws(ScanFailure) {
        for member in members {
            let key = cursor.text(member.key)
            var path = [key.lowercased()]
            var walker = JSONCursor(cursor.bytes, position: member.value.lowerBound)
            try jsonEdits(&walker, path: &path, key: key, into: &edits)
        }
    }

    /// `redactJSON` on the value at `cursor`: the same rule lookups and calls in document
    /// order, as edits. A container a rule replaces is written again whole (compact).
    mutating func jsonEdits(_ cursor: inout JSONCursor, path: inout [String], key: String?, into edits: inout [ByteEdit]) throws(ScanFailure) {
        let first = try cursor.peek()
        let start = cursor.position
        if let rule = rules.jsonRule(path: path, key: key), !(rule.action == .redactValuesInside && first == UInt8(ascii: "[")) {
            if first == UInt8(ascii: "\""), rule.action != .keep {
                let span = try cursor.string()
                let text = cursor.text(span)
                Self.edit(span, rule.action == .redact ? apply(rule, to: text) : redactEmbeddedJSON(text, kind: rule.kind), into: &edits)
                return
            }
            try cursor.skipValue()
            guard rule.action != .keep,
                let value = try? JSONParser.parse(UnsafeBufferPointer(rebasing: cursor.bytes[start..<cursor.position]))
            else { return }
            let redacted: JSONValue
            if value.isContainer || rule.action == .redactValuesInside {
                redacted = replaceScalars(value, kind: rule.kind)
            } else {
                redacted = value == .null ? value : .string(replace(value.scalarText, kind: rule.kind))
            }
            if redacted != value { edits.append((start..<cursor.position, redacted.serialized())) }
            return
        }
        switch first {
        case UInt8(ascii: "\""):
            let span = try cursor.string()
            patternEdit(span, in: cursor, into: &edits)
        case UInt8(ascii: "["):
            path.append("[]")
            try cursor.elements { (cursor: inout JSONCursor, _: Int) throws(ScanFailure) in
                try jsonEdits(&cursor, path: &path, key: nil, into: &edits)
            }
            path.removeLast()
        case UInt8(ascii: "{"):
            try cursor.members { (cursor: inout JSONCursor, key: StringSpan) throws(ScanFailure) in
                let name = cursor.text(key)
                path.append(name.lowercased())
                try jsonEdits(&cursor, path: &path, key: name, into: &edits)
                path.removeLast()
            }
        default:
            try cursor.skipValue()
        }
    }
}
