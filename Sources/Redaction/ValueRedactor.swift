import HAR

/// Redacts values of one kind or another (strings, form bodies, JSON documents, headers)
/// for one entry, counting what it replaced.
struct ValueRedactor {
    let rules: CompiledRules
    let table: PlaceholderTable
    /// Replacements made, by kind of secret.
    var counts: [String: Int] = [:]

    init(rules: CompiledRules, table: PlaceholderTable) {
        self.rules = rules
        self.table = table
    }

    // MARK: Scalars

    /// The placeholder for a whole value.
    mutating func replace(_ value: String, kind: String) -> String {
        if value.isEmpty || PlaceholderTable.isPlaceholder(value) { return value }
        counts[kind, default: 0] += 1
        return table.placeholder(for: value, kind: kind)
    }

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
    mutating func redactForm(_ text: Substring, table: [String: RedactionRule]) -> String? {
        var form = FormBody(text)
        for index in form.fields.indices {
            let field = form.fields[index]
            if let replaced = apply(table[field.name.lowercased()], to: field.value) {
                form.fields[index].replacement = replaced
            }
        }
        return form.isChanged ? form.text : nil
    }

    /// Redacts the query of a URL and any secret shapes in the rest of it.
    mutating func redactURL(_ url: String) -> String? {
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
            if let redacted = redactForm(query, table: rules.queryParameters) {
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
