import Foundation

/// The field readers behind ``V2OracleAnswer``: typed fields strictly (a wrong type throws), HAL parts leniently.
enum V2Fields {
    /// The value, nil when absent or `null`.
    static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }

    /// A string field: nil when absent or null; throws on another type or invalid string content.
    static func string(_ object: [String: JSONValue], _ key: String, path: String = "") throws(V2FieldError) -> String? {
        guard let value = present(object[key]) else { return nil }
        guard case .string(let text?) = value else { throw V2FieldError(field: path + key) }
        return text
    }

    /// An `Int` field read as `JSONDecoder` reads it (decoding-rulings.md R1).
    static func integer(_ object: [String: JSONValue], _ key: String) throws(V2FieldError) -> Int? {
        guard let value = present(object[key]) else { return nil }
        guard case .number(let text) = value, let integer = WholeNumber.value(text) else {
            throw V2FieldError(field: key)
        }
        return integer
    }

    /// A string read leniently: nil for any other type.
    static func lenientString(_ value: JSONValue?) -> String? {
        if case .string(let text?)? = value { return text }
        return nil
    }

    /// The nested error (§1.6); a flat string `error` is not read by iOS (nil); another type throws.
    static func errorBody(_ value: JSONValue?) throws(V2FieldError) -> V2OracleAnswer.ErrorBody? {
        guard let value = present(value) else { return nil }
        if case .string = value { return nil }
        guard let object = value.objectValue else { throw V2FieldError(field: "error") }
        let message = try string(object, "message", path: "error.")
        var body = V2OracleAnswer.ErrorBody(
            code: try string(object, "code", path: "error."), innerCode: nil, message: message,
            aadsts: message.map(aadstsNumbers) ?? [], detailCodes: [], detailAttributeIds: [])
        if let inner = present(object["innerError"]) {
            guard let innerObject = inner.objectValue else { throw V2FieldError(field: "error.innerError") }
            body.innerCode = try string(innerObject, "code", path: "error.innerError.")
            if case .array(let details)? = innerObject["details"] {
                for detail in details {
                    guard let entry = detail.objectValue else { continue }
                    if let code = lenientString(entry["code"]) { body.detailCodes.append(code) }
                    if case .array(let ids)? = entry["attributeIds"] {
                        body.detailAttributeIds += ids.compactMap { lenientString($0) }
                    }
                }
            }
        }
        return body
    }

    /// Every `AADSTS` followed by digits in `text`, in order (digits beyond `Int` are skipped).
    static func aadstsNumbers(_ text: String) -> [Int] {
        var numbers: [Int] = []
        var rest = Substring(text)
        while let range = rest.range(of: "AADSTS") {
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let number = Int(digits) { numbers.append(number) }
            rest = rest[range.upperBound...]
        }
        return numbers
    }

    /// A usable href: a string that is not blank.
    static func usableHref(_ value: JSONValue?) -> String? {
        guard let text = lenientString(value), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return nil
        }
        return text
    }

    /// The href of a link value: `{href}` or an array of such (the first usable one), or a plain string
    /// when `allowString` (the flat entry links of the O1 answer).
    static func href(_ value: JSONValue?, allowString: Bool) -> String? {
        switch value {
        case .string?: return allowString ? usableHref(value) : nil
        case .object?: return usableHref(value?.objectValue?["href"])
        case .array(let items)?:
            for item in items {
                if let href = usableHref(item.objectValue?["href"]) { return href }
            }
            return nil
        default: return nil
        }
    }

    /// `_links` by relation, plus the flat entry links (§1.5); `_links` wins.
    static func links(_ object: [String: JSONValue]) -> [String: String] {
        var result: [String: String] = [:]
        for relation in ["sign_in", "sign_up", "reset_password"] {
            if let href = href(object[relation], allowString: true) { result[relation] = href }
        }
        if let links = object["_links"]?.objectValue {
            for (relation, value) in links {
                if let href = href(value, allowString: false) { result[relation] = href }
            }
        }
        return result
    }

    /// `_embedded.methods`, nil when absent; entries that are not objects are skipped.
    static func methods(_ embedded: JSONValue?) -> [V2OracleAnswer.Method]? {
        guard let embedded = present(embedded)?.objectValue, let list = present(embedded["methods"]) else { return nil }
        guard case .array(let items) = list else { return [] }
        return items.compactMap { item in
            guard let method = item.objectValue else { return nil }
            return V2OracleAnswer.Method(
                id: lenientString(method["id"]), type: lenientString(method["type"]), hint: lenientString(method["hint"]),
                challengeHref: href(method["_links"]?.objectValue?["challenge"], allowString: false))
        }
    }

    /// `attributes[].attributeId`, in order.
    static func attributeIds(_ value: JSONValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { lenientString($0.objectValue?["attributeId"]) }
    }
}
