import Foundation
import NativeAuthWire

/// Parsing and validation of the `attributes` form value against a user flow's attribute list.
enum AttributeRules {
    /// The alias attribute name.
    static let alias = "flatusername"

    /// Parses the JSON-object string; values that are not strings are turned into strings
    /// (arrays comma-joined as multi-select values are).
    static func parse(_ raw: String) throws(NativeAuthError) -> [String: String] {
        guard case .object(let pairs)? = EmulatorJSON.parse(Data(raw.utf8)) else {
            throw .invalidParameter(WireField.attributes)
        }
        var result: [String: String] = [:]
        for (key, value) in pairs { result[key] = text(value) }
        return result
    }

    private static func text(_ value: EmulatorJSON) -> String {
        switch value {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .bool(let b): b ? "true" : "false"
        case .null: ""
        case .array(let items): items.map(text).joined(separator: ",")
        case .object: value.text
        }
    }

    /// Keeps the attributes the flow knows (unknown names are ignored, as Entra does) and returns the names
    /// whose values fail their regex.
    static func filter(_ values: [String: String], flow: EmulatorConfig.UserFlow)
        -> (kept: [String: String], invalid: [String])
    {
        var kept: [String: String] = [:]
        var invalid: [String] = []
        for attribute in flow.attributes {
            guard let value = values[attribute.name] else { continue }
            if let pattern = attribute.regex, !matches(value, pattern) {
                invalid.append(attribute.name)
            } else if attribute.required && value.isEmpty {
                invalid.append(attribute.name)
            } else {
                kept[attribute.name] = value
            }
        }
        return (kept, invalid)
    }

    static func matches(_ value: String, _ pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return true }
        let range = NSRange(value.startIndex..., in: value)
        return regex.firstMatch(in: value, range: range) != nil
    }

    static func invalidError(_ names: [String]) -> NativeAuthError {
        NativeAuthError(
            .invalidGrant, 1_100_001, "One or more attributes failed validation.",
            suberror: .attributeValidationFailed,
            extra: [(WireField.invalidAttributes, .array(names.map { .object([(WireField.name, .string($0))]) }))])
    }

    /// The first page that still misses a required attribute, with every not-yet-provided attribute of it.
    static func nextPage(_ collected: [String: String], flow: EmulatorConfig.UserFlow) -> [EmulatorConfig.Attribute]? {
        let missing = flow.attributes.filter { $0.required && (collected[$0.name] ?? "").isEmpty }
        guard let page = missing.map(\.page).min() else { return nil }
        return flow.attributes.filter { $0.page == page && collected[$0.name] == nil }
    }

    static func requiredBody(_ attributes: [EmulatorConfig.Attribute]) -> EmulatorJSON {
        .array(
            attributes.map { a in
                var pairs: [(String, EmulatorJSON)] = [
                    (WireField.name, .string(a.name)), (WireField.type, .string(a.type)),
                    (WireField.required, .bool(a.required)),
                ]
                if let regex = a.regex { pairs.append((WireField.options, .object([(WireField.regex, .string(regex))]))) }
                return .object(pairs)
            })
    }
}
