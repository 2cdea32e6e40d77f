import Foundation
import HAR

/// A rule set prepared for fast lookup: names lowercased into tables, patterns compiled.
struct CompiledRules: Sendable {
    var formFields: [String: RedactionRule] = [:]
    var queryParameters: [String: RedactionRule] = [:]
    var headers: [String: RedactionRule] = [:]
    var cookies: [String: RedactionRule] = [:]
    var cookieWildcard: RedactionRule?
    var jsonKeys: [String: RedactionRule] = [:]
    var jsonPaths: [(components: [String], rule: RedactionRule)] = []
    var patterns: [(pattern: PCRE2Pattern, rule: RedactionRule)] = []
    /// For each pattern, bytes every match contains (known for the built-in patterns), so
    /// strings without them skip the pattern.
    var requiredLiterals: [[UInt8]?] = []
    var mimeTypes: [(mimeType: String, rule: RedactionRule)] = []
    /// Lowercased header names the splice path must look at even when no pattern can match
    /// their value: names with a rule, cookies, and the content coding.
    var notableHeaderNames: [[UInt8]] = []

    init(_ ruleSet: RuleSet) throws(PatternError) {
        for rule in ruleSet.rules {
            switch rule.target {
            case .formField(let name): Self.insertFirst(&formFields, name, rule)
            case .queryParameter(let name): Self.insertFirst(&queryParameters, name, rule)
            case .header(let name): Self.insertFirst(&headers, name, rule)
            case .cookie(let name):
                if name == "*" {
                    if cookieWildcard == nil { cookieWildcard = rule }
                } else {
                    Self.insertFirst(&cookies, name, rule)
                }
            case .jsonKey(let name): Self.insertFirst(&jsonKeys, name, rule)
            case .jsonPath(let path): jsonPaths.append((Self.pathComponents(path), rule))
            case .pattern(let source):
                patterns.append((try PCRE2Pattern(source, name: rule.name), rule))
                requiredLiterals.append(Self.requiredLiteral(of: source))
            case .bodyMIMEType(let mimeType): mimeTypes.append((mimeType.lowercased(), rule))
            }
        }
        notableHeaderNames = (Array(headers.keys) + ["cookie", "set-cookie", "content-encoding"]).map { Array($0.utf8) }
    }

    private static func insertFirst(_ table: inout [String: RedactionRule], _ name: String, _ rule: RedactionRule) {
        let key = name.lowercased()
        if table[key] == nil { table[key] = rule }
    }

    /// A literal every match of the built-in pattern `source` contains; nil for other patterns.
    static func requiredLiteral(of source: String) -> [UInt8]? {
        switch source {
        case Patterns.jwt: return Array("eyJ".utf8)
        case Patterns.email: return Array("@".utf8)
        case Patterns.phone: return Array("+".utf8)
        default: return nil
        }
    }

    /// Whether `text` contains `literal`.
    static func contains(_ text: String, _ literal: [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { contains($0, literal) }
    }

    /// Whether `bytes` contain `literal`.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: [UInt8]) -> Bool {
        guard bytes.count >= literal.count, let first = literal.first else { return literal.isEmpty }
        var i = 0
        let last = bytes.count - literal.count
        while i <= last {
            if bytes[i] == first {
                var j = 1
                while j < literal.count, bytes[i + j] == literal[j] { j += 1 }
                if j == literal.count { return true }
            }
            i += 1
        }
        return false
    }

    /// Whether no pattern can match in `bytes` because each lacks a literal its pattern
    /// needs. `bytes` may be the raw text of a JSON string: escapes never stand for a literal.
    func patternsCannotMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for literal in requiredLiterals {
            guard let literal, !Self.contains(bytes, literal) else { return false }
        }
        return true
    }

    /// Whether the raw bytes of a header name may lowercase to a notable name (always true
    /// for non-ASCII names, whose lowercasing is not byte-wise).
    func isNotableHeaderName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for name in notableHeaderNames where name.count == bytes.count {
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte >= 0x80 { return true }
                let lowered = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                if lowered != name[i] { break }
                i += 1
            }
            if i == bytes.count { return true }
        }
        return !ValueRedactor.isASCII(bytes)
    }

    /// `methods[].id` → `["methods", "[]", "id"]`, lowercased.
    static func pathComponents(_ path: String) -> [String] {
        var components: [String] = []
        for part in path.lowercased().split(separator: ".") {
            var name = Substring(part)
            var arrays = 0
            while name.hasSuffix("[]") {
                name = name.dropLast(2)
                arrays += 1
            }
            if !name.isEmpty { components.append(String(name)) }
            components += Array(repeating: "[]", count: arrays)
        }
        return components
    }

    /// The rule for a JSON value at `path` (lowercased components) under `key`.
    func jsonRule(path: [String], key: String?) -> RedactionRule? {
        for entry in jsonPaths where entry.components == path { return entry.rule }
        if let key { return jsonKeys[key.lowercased()] }
        return nil
    }

    /// The whole-body rule for a MIME type, if any.
    func mimeRule(_ mimeType: String) -> RedactionRule? {
        if mimeTypes.isEmpty { return nil }
        let essence = mimeType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        for entry in mimeTypes {
            if entry.mimeType == essence { return entry.rule }
            if entry.mimeType.hasSuffix("/*"), essence.hasPrefix(entry.mimeType.dropLast()) { return entry.rule }
        }
        return nil
    }
}
