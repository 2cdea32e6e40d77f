import HAR

/// Redacts values of one kind or another (strings, form bodies, JSON documents, headers)
/// for one entry, counting what it replaced.
struct ValueRedactor {
    let rules: CompiledRules
    let table: PlaceholderTable
    /// Replacements made, by kind of secret.
    var counts: [String: Int] = [:]
    /// When set, placeholders are provisional and recorded here instead of coming from
    /// `table` (entries redacted in parallel, `ParallelSplice`).
    var provisional: ProvisionalPlaceholders?

    init(rules: CompiledRules, table: PlaceholderTable) {
        self.rules = rules
        self.table = table
    }

    // MARK: Scalars

    /// The placeholder for a whole value.
    mutating func replace(_ value: String, kind: String) -> String {
        if value.isEmpty || PlaceholderTable.isPlaceholder(value) { return value }
        counts[kind, default: 0] += 1
        if provisional != nil { return provisional!.placeholder(for: value, kind: kind) }
        return table.placeholder(for: value, kind: kind)
    }

    /// Runs the pattern rules inside `value`; nil when nothing matched.
    mutating func applyPatterns(_ value: String) -> String? {
        if value.isEmpty { return nil }
        if provisional != nil { return applyPatternsProvisionally(value) }
        var current = value
        var changed = false
        for (index, (pattern, rule)) in rules.patterns.enumerated() {
            if let literal = rules.requiredLiterals[index], !CompiledRules.contains(current, literal) { continue }
            if let replaced = pattern.replacingMatches(in: current, with: { match in
                self.replace(String(match), kind: rule.kind)
            }) {
                current = replaced
                changed = true
            }
        }
        return changed ? current : nil
    }

    /// `applyPatterns` with provisional placeholders: the same text, except that a match of a
    /// later pattern touching a placeholder an earlier one inserted marks the entry unsafe
    /// (its extent could depend on the placeholder's digits).
    private mutating func applyPatternsProvisionally(_ value: String) -> String? {
        var current = value
        var changed = false
        // Byte ranges of the placeholders inserted so far, in `current`, ascending.
        var inserted: [Range<Int>] = []
        for (index, (pattern, rule)) in rules.patterns.enumerated() {
            if let literal = rules.requiredLiterals[index], !CompiledRules.contains(current, literal) { continue }
            let ranges = pattern.matchRanges(in: current)
            if ranges.isEmpty { continue }
            var output: [UInt8] = []
            var placed: [Range<Int>] = []
            var cursor = 0
            var next = 0
            var bytes = current
            bytes.withUTF8 { buffer in
                output.reserveCapacity(buffer.count)
                for range in ranges {
                    // Earlier placeholders before this match move with the output.
                    while next < inserted.count, inserted[next].upperBound < range.lowerBound {
                        let shift = output.count + (inserted[next].lowerBound - cursor)
                        placed.append(shift..<(shift + inserted[next].count))
                        next += 1
                    }
                    if next < inserted.count, inserted[next].lowerBound <= range.upperBound {
                        provisional!.isUnsafe = true
                    }
                    output.append(contentsOf: buffer[cursor..<range.lowerBound])
                    let text = replace(String(decoding: buffer[range], as: UTF8.self), kind: rule.kind)
                    placed.append(output.count..<(output.count + text.utf8.count))
                    output.append(contentsOf: text.utf8)
                    cursor = range.upperBound
                }
                while next < inserted.count {
                    let shift = output.count + (inserted[next].lowerBound - cursor)
                    placed.append(shift..<(shift + inserted[next].count))
                    next += 1
                }
                output.append(contentsOf: buffer[cursor...])
            }
            current = String(decoding: output, as: UTF8.self)
            inserted = placed.sorted { $0.lowerBound < $1.lowerBound }
            changed = true
        }
        return changed ? current : nil
    }

    /// Applies `rule` (or, without one, the patterns) to a named value.
    mutating func apply(_ rule: RedactionRule?, to value: String) -> String? {
        guard let rule else { return applyPatterns(value) }
        switch rule.action {
        case .keep:
            return nil
        case .redact:
            let replaced = replace(value, kind: rule.kind)
            return replaced == value ? nil : replaced
        case .redactValuesInside:
            return redactEmbeddedJSON(value, kind: rule.kind)
        }
    }

    /// A JSON document sent as a string (native auth's `attributes`): keys kept, every
    /// scalar replaced. A value that is not JSON is replaced whole.
    mutating func redactEmbeddedJSON(_ value: String, kind: String) -> String? {
        guard let parsed = try? JSONParser.parse(value), parsed.isContainer else {
            let replaced = replace(value, kind: kind)
            return replaced == value ? nil : replaced
        }
        let redacted = replaceScalars(parsed, kind: kind)
        return redacted == parsed ? nil : String(decoding: redacted.serialized(), as: UTF8.self)
    }

    /// Every scalar inside `value` replaced by a placeholder string (null stays null).
    mutating func replaceScalars(_ value: JSONValue, kind: String) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .string(replace(String(flag), kind: kind))
        case .number(let text): return .string(replace(text, kind: kind))
        case .string(let text): return .string(replace(text, kind: kind))
        case .array(let items): return .array(items.map { replaceScalars($0, kind: kind) })
        case .object(let object):
            var result = JSONObject()
            result.reserveCapacity(object.count)
            for member in object { result.append(member.key, replaceScalars(member.value, kind: kind)) }
            return .object(result)
        }
    }

    // MARK: JSON

    /// Redacts a JSON document: key and path rules first, patterns inside other strings.
    mutating func redactJSON(_ value: JSONValue, path: inout [String], key: String?) -> JSONValue {
        if let rule = rules.jsonRule(path: path, key: key) {
            switch rule.action {
            case .keep:
                return value
            case .redactValuesInside:
                if case .string(let text) = value {
                    return .string(redactEmbeddedJSON(text, kind: rule.kind) ?? text)
                }
                return replaceScalars(value, kind: rule.kind)
            case .redact:
                if value.isContainer { return replaceScalars(value, kind: rule.kind) }
                return value == .null ? value : .string(replace(value.scalarText, kind: rule.kind))
            }
        }
        switch value {
        case .string(let text):
            return applyPatterns(text).map(JSONValue.string) ?? value
        case .array(let items):
            path.append("[]")
            defer { path.removeLast() }
            var result: [JSONValue] = []
            result.reserveCapacity(items.count)
            for item in items { result.append(redactJSON(item, path: &path, key: nil)) }
            return .array(result)
        case .object(let object):
            var result = JSONObject()
            result.reserveCapacity(object.count)
            for member in object {
                path.append(member.key.lowercased())
                result.append(member.key, redactJSON(member.value, path: &path, key: member.key))
                path.removeLast()
            }
            return .object(result)
        case .null, .bool, .number:
            return value
        }
    }

    /// Redacts JSON text; nil when it is not JSON or nothing changed.
    mutating func redactJSONText(_ text: String) -> String? {
        guard let parsed = try? JSONParser.parse(text) else { return nil }
        var path: [String] = []
        let redacted = redactJSON(parsed, path: &path, key: nil)
        return redacted == parsed ? nil : String(decoding: redacted.serialized(), as: UTF8.self)
    }

    // MARK: Forms and URLs

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
        /// Whether form decoding would change `part` (it holds `%` or `+`).
        func isEncoded(_ part: UnsafeBufferPointer<UInt8>) -> Bool {
            part.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
        }
        let byteNames = names.flatMap { $0.isASCII ? $0 : nil }
        var output: [UInt8] = []
        var changed = false
        var partStart = 0
        var equals = -1
        var index = 0
        while true {
            let atEnd = index == bytes.count
            let byte = atEnd ? 0 : bytes[index]
            if atEnd || byte == UInt8(ascii: "&") {
                let nameEnd = equals >= 0 ? equals : index
                let nameBytes = UnsafeBufferPointer(rebasing: bytes[partStart..<nameEnd])
                let valueBytes = UnsafeBufferPointer(rebasing: bytes[(equals >= 0 ? equals + 1 : index)..<index])
                var name = ""
                var replacement: String?
                if let byteNames, !isEncoded(nameBytes) {
                    // The name is its bytes: look it up without decoding, and decode nothing
                    // for a kept field or one without a rule no pattern can match.
                    let index = byteNames.index(ignoringASCIICase: nameBytes)
                    if index.map({ byteNames.action(at: $0) }) != .keep,
                        index != nil || isEncoded(valueBytes) || !rules.patternsCannotMatch(valueBytes)
                    {
                        replacement = apply(index.map { byteNames.rule(at: $0) }, to: FormBody.decode(valueBytes))
                        if replacement != nil { name = FormBody.decode(nameBytes) }
                    }
                } else {
                    name = FormBody.decode(nameBytes)
                    let value = equals >= 0 ? FormBody.decode(valueBytes) : ""
                    let lowered = name.utf8.contains { $0 &- UInt8(ascii: "A") < 26 || $0 >= 0x80 } ? name.lowercased() : name
                    replacement = apply(table[lowered], to: value)
                }
                if let replaced = replacement {
                    if !changed {
                        changed = true
                        output.reserveCapacity(bytes.count)
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<partStart]))
                    }
                    output.append(contentsOf: FormBody.encode(name).utf8)
                    output.append(UInt8(ascii: "="))
                    output.append(contentsOf: FormBody.encode(replaced).utf8)
                } else if changed {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[partStart..<index]))
                }
                if atEnd { break }
                if changed { output.append(UInt8(ascii: "&")) }
                index += 1
                partStart = index
                equals = -1
            } else {
                if byte == UInt8(ascii: "="), equals < 0 { equals = index }
                index += 1
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : nil
    }

    /// Redacts the query of a URL and any secret shapes in the rest of it.
    mutating func redactURL(_ url: String) -> String? {
        var base = Substring(url)
        var fragment: Substring?
        // In an all-ASCII URL (the usual case) every byte is a Character, so the separators are
        // found on bytes; otherwise by Character, as before (a `#` or `?` followed by a combining
        // mark is not a separator).
        let ascii = url.utf8.allSatisfy { $0 < 0x80 }
        if let hash = ascii ? base.utf8.firstIndex(of: UInt8(ascii: "#")) : base.firstIndex(of: "#") {
            fragment = base[base.index(after: hash)...]
            base = base[..<hash]
        }
        var result = String(base)
        var changed = false
        if let question = ascii ? base.utf8.firstIndex(of: UInt8(ascii: "?")) : base.firstIndex(of: "?") {
            let query = base[base.index(after: question)...]
            var prefix = String(base[...question])
            if let patterned = applyPatterns(prefix) {
                prefix = patterned
                changed = true
            }
            if let redacted = redactForm(query, table: rules.queryParameters, names: rules.queryParameterNames) {
                result = prefix + redacted
                changed = true
            } else {
                result = prefix + query
            }
        } else if let patterned = applyPatterns(result) {
            result = patterned
            changed = true
        }
        if let fragment {
            let redacted = applyPatterns(String(fragment))
            changed = changed || redacted != nil
            result += "#" + (redacted ?? String(fragment))
        }
        return changed ? result : nil
    }
}

extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }

    /// The text of a scalar, for use as a secret.
    var scalarText: String {
        switch self {
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let flag): return String(flag)
        case .null: return ""
        case .array, .object: return String(decoding: serialized(), as: UTF8.self)
        }
    }
}
