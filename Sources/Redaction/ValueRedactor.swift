import HAR

/// Redacts values of one kind or another (strings, form bodies, JSON documents, headers)
/// for one entry, counting what it replaced.
struct ValueRedactor {
    let rules: CompiledRules
    let table: PlaceholderTable
    /// Replacements made, by kind of secret.
    var counts: [String: Int] = [:]
    /// Whether JSON bodies in the serialiser's compact form are redacted on their bytes
    /// (`redactJSONText`); tests turn it off to get the tree walk as a reference.
    var jsonBodiesOnBytes = true

    init(rules: CompiledRules, table: PlaceholderTable) {
        self.rules = rules
        self.table = table
    }

    // MARK: Scalars

    /// The placeholder for a whole value.
    mutating func replace(_ value: String, kind: String) -> String {
        if Self.staysAsItIs(value) { return value }
        count(kind)
        return table.placeholder(for: value, kind: kind)
    }

    /// `replace` appending the placeholder's UTF-8 to `out` instead of making a string of it;
    /// false (and nothing appended) when `replace` would give `value` back. Placeholders are
    /// made of letters, digits, `_` and `-` only, which JSON and form encoding leave as they are.
    mutating func appendReplacement(of value: String, kind: String, to out: inout [UInt8]) -> Bool {
        if Self.staysAsItIs(value) { return false }
        count(kind)
        out.append(contentsOf: table.placeholder(for: value, kind: kind).utf8)
        return true
    }

    private mutating func count(_ kind: String) {
        // Room for a few kinds at once: growing one at a time reallocated it for each new
        // kind of every entry.
        if counts.isEmpty { counts.reserveCapacity(4) }
        counts[kind, default: 0] += 1
    }

    /// Whether `replace` gives `value` back: empty, or already a placeholder.
    static func staysAsItIs(_ value: String) -> Bool {
        // Most values do not start with the prefix's bytes; those skip the string comparison
        // (a string whose bytes lack the ASCII prefix never has it as a character prefix).
        let utf8 = value.utf8
        guard let first = utf8.first else { return true }
        return first == placeholderFirstByte && PlaceholderTable.isPlaceholder(value)
    }

    private static let placeholderFirstByte = PlaceholderTable.prefix.utf8.first!

    /// Runs the pattern rules inside `value`; nil when nothing matched.
    mutating func applyPatterns(_ value: String) -> String? {
        if value.isEmpty { return nil }
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
        // An array under a redact-values-inside rule gets the rules (V2 lists attribute
        // descriptions in an `attributes` array).
        if let rule = rules.jsonRule(path: path, key: key), !(rule.action == .redactValuesInside && value.isArray) {
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

    /// What redacting a body as JSON gave.
    enum JSONTextResult: Equatable {
        /// The text is not JSON.
        case notJSON
        /// JSON, and no rule changed it.
        case unchanged
        /// JSON, redacted (compact, as `JSONSerializer` writes it).
        case changed(String)
    }

    /// Redacts JSON text. A body already in the serialiser's compact form (what most servers
    /// send) is redacted on its bytes (`redactCanonicalJSON`): the same calls in the same order
    /// as the tree walk, so the same placeholders and counts, without building a tree; any
    /// other body is parsed, walked and serialised again.
    mutating func redactJSONText(_ text: String) -> JSONTextResult {
        var bytes = text
        if jsonBodiesOnBytes, let spliced = bytes.withUTF8({ body -> [UInt8]?? in
            guard let edits = redactCanonicalJSON(body) else { return nil }
            if edits.isEmpty { return .some(nil) }
            var output: [UInt8] = []
            output.reserveCapacity(body.count + edits.reduce(0) { $0 + $1.text.count })
            Self.append(body, from: 0, to: body.count, applying: edits, to: &output)
            return .some(output)
        }) {
            return spliced.map { .changed(String(decoding: $0, as: UTF8.self)) } ?? .unchanged
        }
        guard let parsed = try? JSONParser.parse(text) else { return .notJSON }
        var path: [String] = []
        let redacted = redactJSON(parsed, path: &path, key: nil)
        return redacted == parsed ? .unchanged : .changed(String(decoding: redacted.serialized(), as: UTF8.self))
    }

    /// Appends `bytes[start..<end]` to `output` with each edit's range (ascending, not
    /// overlapping, within it) replaced by its text.
    static func append(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        applying edits: [(range: Range<Int>, text: [UInt8])], to output: inout [UInt8]
    ) {
        var cursor = start
        for edit in edits {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor..<edit.range.lowerBound]))
            output.append(contentsOf: edit.text)
            cursor = edit.range.upperBound
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor..<end]))
    }

    // MARK: URLs

    /// Redacts the query of a URL and any secret shapes in the rest of it.
    mutating func redactURL(_ url: String) -> String? {
        // In an all-ASCII URL (the usual case) every byte is a Character, so the separators are
        // found on bytes; otherwise by Character (a `#` or `?` followed by a combining mark is
        // not a separator).
        var copy = url
        guard
            let found = copy.withUTF8({ bytes -> (hash: Int?, question: Int?, prefixIsPlain: Bool)? in
                guard Self.isASCII(bytes) else { return nil }
                let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
                let question = UnsafeBufferPointer(rebasing: bytes[..<(hash ?? bytes.count)]).firstIndex(of: UInt8(ascii: "?"))
                // No pattern can match in the part before the query: skip running them there.
                let prefixIsPlain = question.map { rules.patternsCannotMatch(UnsafeBufferPointer(rebasing: bytes[...$0])) } ?? false
                return (hash, question, prefixIsPlain)
            })
        else { return redactURLByCharacter(url) }
        let utf8 = url.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        let base = url[..<(found.hash.map(index) ?? url.endIndex)]
        let fragment = found.hash.map { url[index($0 + 1)...] }
        // The changed parts; the URL is put together again only when one changed.
        var prefix: String?
        var query: String?
        var whole: String?
        if let question = found.question {
            if !found.prefixIsPlain { prefix = applyPatterns(String(url[...index(question)])) }
            query = redactForm(url[index(question + 1)..<base.endIndex], table: rules.queryParameters, names: rules.queryParameterNames)
        } else {
            whole = applyPatterns(String(base))
        }
        let redactedFragment = fragment.flatMap { applyPatterns(String($0)) }
        guard prefix != nil || query != nil || whole != nil || redactedFragment != nil else { return nil }
        var result: String
        if let question = found.question {
            result = (prefix ?? String(url[...index(question)])) + (query ?? String(url[index(question + 1)..<base.endIndex]))
        } else {
            result = whole ?? String(base)
        }
        if let fragment { result += "#" + (redactedFragment ?? String(fragment)) }
        return result
    }

    /// `redactURL` for a URL with non-ASCII text: separators found by Character.
    mutating func redactURLByCharacter(_ url: String) -> String? {
        var base = Substring(url)
        var fragment: Substring?
        if let hash = base.firstIndex(of: "#") {
            fragment = base[base.index(after: hash)...]
            base = base[..<hash]
        }
        var result = String(base)
        var changed = false
        if let question = base.firstIndex(of: "?") {
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
