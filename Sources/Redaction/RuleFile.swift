import Foundation
import Yams

/// Reads redaction rule files (YAML or JSON; JSON is read as YAML).
///
/// ```yaml
/// defaults: extend          # extend (default) or replace the built-in native-auth rules
/// rules:
///   - name: session-header
///     header: X-Session-Key
///     kind: session
///   - name: keep-tenant
///     query: tenant
///     action: keep
///   - name: order-number
///     pattern: 'ORD-[0-9]{6}'
/// ```
public enum RuleFile {
    /// Where a rule looks: the keys a rule entry may use, one per rule.
    static let targetKeys: [String: @Sendable (String) -> RedactionRule.Target] = [
        "form": { .formField($0) },
        "query": { .queryParameter($0) },
        "header": { .header($0) },
        "cookie": { .cookie($0) },
        "json": { .jsonKey($0) },
        "json-path": { .jsonPath($0) },
        "pattern": { .pattern($0) },
        "mime": { .bodyMIMEType($0) },
    ]
    static let otherKeys: Set<String> = ["name", "kind", "action"]

    /// Loads the rule file at `path` and combines it with the built-in rules as it asks.
    public static func load(path: String, defaults: RuleSet = .nativeAuthDefaults) throws(RuleFileError) -> RuleSet {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw RuleFileError(file: path, location: nil, message: "cannot read the file (\(error.localizedDescription))")
        }
        return try parse(text, file: path, defaults: defaults)
    }

    /// Parses rule-file text; `file` names it in errors.
    public static func parse(_ text: String, file: String, defaults: RuleSet = .nativeAuthDefaults) throws(RuleFileError) -> RuleSet {
        let document: Any?
        do {
            document = try Yams.load(yaml: text)
        } catch {
            throw RuleFileError(file: file, location: nil, message: "not valid YAML or JSON: \(error)")
        }
        guard let root = document as? [String: Any] else {
            throw RuleFileError(file: file, location: nil, message: "the top level must be a mapping with a 'rules' list")
        }
        for key in root.keys.sorted() where key != "rules" && key != "defaults" {
            throw RuleFileError(file: file, location: key, message: "unknown key (expected 'defaults' or 'rules')")
        }
        var replaceDefaults = false
        if let mode = root["defaults"] {
            switch mode as? String {
            case "extend": replaceDefaults = false
            case "replace": replaceDefaults = true
            default: throw RuleFileError(file: file, location: "defaults", message: "must be 'extend' or 'replace'")
            }
        }
        guard let list = root["rules"] as? [Any] else {
            throw RuleFileError(file: file, location: "rules", message: "missing, or not a list")
        }
        var rules: [RedactionRule] = []
        for (index, item) in list.enumerated() {
            rules.append(try rule(from: item, location: "rules[\(index)]", file: file))
        }
        let userRules = RuleSet(rules)
        // User rules come first so that they win over a built-in rule for the same target.
        return replaceDefaults ? userRules : userRules.adding(defaults)
    }

    private static func rule(from item: Any, location: String, file: String) throws(RuleFileError) -> RedactionRule {
        guard let entry = item as? [String: Any] else {
            throw RuleFileError(file: file, location: location, message: "a rule must be a mapping")
        }
        for key in entry.keys.sorted() where targetKeys[key] == nil && !otherKeys.contains(key) {
            throw RuleFileError(
                file: file, location: "\(location).\(key)",
                message: "unknown key (expected one of \(targetKeys.keys.sorted().joined(separator: ", ")), name, kind, action)")
        }
        let targets = entry.keys.filter { targetKeys[$0] != nil }.sorted()
        guard targets.count == 1, let targetKey = targets.first, let makeTarget = targetKeys[targetKey] else {
            throw RuleFileError(
                file: file, location: location,
                message: targets.isEmpty ? "names no target (one of \(targetKeys.keys.sorted().joined(separator: ", ")))" : "names more than one target (\(targets.joined(separator: ", ")))")
        }
        guard let value = scalarString(entry[targetKey]), !value.isEmpty else {
            throw RuleFileError(file: file, location: "\(location).\(targetKey)", message: "must be a non-empty string")
        }
        let name = scalarString(entry["name"]) ?? "\(targetKey):\(value)"
        var action = RedactionRule.Action.redact
        if let raw = entry["action"] {
            guard let text = scalarString(raw), let parsed = RedactionRule.Action(rawValue: text) else {
                throw RuleFileError(
                    file: file, location: "\(location).action",
                    message: "must be one of \(RedactionRule.Action.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            action = parsed
        }
        let kind = scalarString(entry["kind"]) ?? (targetKey == "pattern" || targetKey == "mime" ? "secret" : value)
        return RedactionRule(name: name, target: makeTarget(value), action: action, kind: kind)
    }

    private static func scalarString(_ value: Any?) -> String? {
        switch value {
        case let string as String: return string
        case let int as Int: return String(int)
        case let bool as Bool: return String(bool)
        default: return nil
        }
    }
}

/// A rule file that cannot be used, with the file and the place in it.
public struct RuleFileError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    /// Where in the file, for example `rules[2].action`.
    public var location: String?
    public var message: String

    public var description: String {
        if let location { return "\(file): \(location): \(message)" }
        return "\(file): \(message)"
    }
}
