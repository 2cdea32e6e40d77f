import Foundation

/// Sorts a raw response into a ``ResponseClass`` for a step, decoding the body as strictly as
/// MSAL iOS 2.13 does: wrong JSON types, unknown closed-enum values and missing required fields
/// make a body undecodable (client-behaviour.md §0.1, native-auth-api.md §2.2–2.3).
///
/// Written independently of the engine's classifier; it never looks at the NativeAuth module.
public enum StrictClassifier {
    /// Classifies one response of `step`. Header names compare case-insensitively; status 0 (HAR's
    /// "no response") is a transport failure.
    public static func classify(step: Step, status: Int, headers: [(String, String)], body: [UInt8]) -> ResponseClass {
        classify(endpoint: step.endpoint, status: status, headers: headers, body: body)
    }

    static func classify(endpoint: Endpoint, status: Int, headers: [(String, String)], body: [UInt8]) -> ResponseClass {
        switch status {
        case 0:
            // HAR's convention for "no response": the request failed at the transport.
            return .transportFailure
        case 200:
            return successClass(endpoint: endpoint, body: body)
        case 400, 401:
            if hasPKeyAuthChallenge(headers) { return ResponseClass(kind: .pkeyAuthChallenge, status: status) }
            return errorClass(endpoint: endpoint, status: status, body: body)
        case 500...599:
            return ResponseClass(kind: .serverError, status: status)
        default:
            return ResponseClass(kind: .otherStatus, status: status)
        }
    }

    private static func hasPKeyAuthChallenge(_ headers: [(String, String)]) -> Bool {
        headers.contains { name, value in
            name.lowercased() == "www-authenticate" && value.lowercased().contains("pkeyauth")
        }
    }

    private static func undecodable(
        _ status: Int, _ problem: ResponseClass.Problem, _ detail: String
    ) -> ResponseClass {
        ResponseClass(kind: .undecodable, status: status, problem: problem, problemDetail: detail)
    }

    private enum Parsed {
        case object([String: JSONValue])
        case failure(ResponseClass)
    }

    /// How MSAL reads a body: a typed `Decodable` struct (`JSONDecoder`, snake-case keys converted for
    /// success bodies) or a `JSONSerialization` dictionary (the `/token` 200), where every value must be valid.
    private enum Reading {
        case typed(snakeCase: Bool)
        case serialization
    }

    private static func parseObject(_ body: [UInt8], status: Int, reading: Reading) -> Parsed {
        let value: JSONValue
        do {
            value = try StrictJSON.parse(body)
        } catch {
            return .failure(undecodable(status, .notJSON, error.description))
        }
        guard case .object = value else { return .failure(undecodable(status, .notObject, "top level")) }
        let keyed: [String: JSONValue]?
        switch reading {
        case .typed(let snakeCase): keyed = value.keyed(convertingFromSnakeCase: snakeCase)
        case .serialization: keyed = value.isFullyValid ? value.objectValue : nil
        }
        guard let object = keyed else { return .failure(undecodable(status, .notJSON, "invalid key or value")) }
        return .object(object)
    }

    /// `correlationId: UUID?`, in every success and error struct: a string `UUID(uuidString:)` reads.
    private static func hasValidCorrelationId(_ object: [String: JSONValue]) -> Bool {
        switch object["correlationId"] {
        case nil, .null?: return true
        case .string(let text?)?: return UUID(uuidString: text) != nil
        default: return false
        }
    }

    // MARK: 200

    private static func successClass(endpoint: Endpoint, body: [UInt8]) -> ResponseClass {
        let object: [String: JSONValue]
        // MSAL decodes typed success bodies with `JSONDecoder` (`.convertFromSnakeCase`) but reads the
        // `/token` 200 (the endpoint without success fields) as a `JSONSerialization` dictionary.
        let reading: Reading = endpoint.successFields == nil ? .serialization : .typed(snakeCase: true)
        switch parseObject(body, status: 200, reading: reading) {
        case .failure(let failure): return failure
        case .object(let parsed): object = parsed
        }
        guard let fields = endpoint.successFields else { return tokenClass(endpoint: endpoint, object: object) }
        var result = ResponseClass(kind: .success, status: 200)
        guard hasValidCorrelationId(object) else { return undecodable(200, .wrongType, "correlation_id") }
        for key in endpoint.requiredSuccessKeys where isAbsent(object[SnakeCase.propertyName(key)]) {
            return undecodable(200, .missingRequiredField, key)
        }
        for (key, type) in fields {
            guard let value = object[SnakeCase.propertyName(key)], value != .null else { continue }
            if let failure = check(value, as: type, key: key) { return failure }
            switch key {
            case "challenge_type": if case .string(let text?) = value { result.challengeType = text }
            case "status": if case .string(let text?) = value { result.pollStatus = text }
            case "methods": if case .array(let items) = value, !items.isEmpty { result.present.insert(.methods) }
            default: if let field = ResponseClass.Field(rawValue: key) { result.present.insert(field) }
            }
        }
        if endpoint.checksRedirect, result.challengeType == "redirect" { result.kind = .redirect }
        return result
    }

    private static func isAbsent(_ value: JSONValue?) -> Bool { value == nil || value == .null }

    /// `/token` 200 bodies are read as dictionaries, not decoded into a typed struct (§0.1).
    private static func tokenClass(endpoint: Endpoint, object: [String: JSONValue]) -> ResponseClass {
        var result = ResponseClass(kind: .success, status: 200)
        if case .string(let challengeType?) = object["challenge_type"] {
            result.challengeType = challengeType
            if endpoint.checksRedirect, challengeType == "redirect" { result.kind = .redirect }
        }
        let accessToken = nonEmptyString(object["access_token"])
        let idToken = nonEmptyString(object["id_token"])
        if accessToken { result.present.insert(.accessToken) }
        if (accessToken || idToken), clientInfoIsValid(object["client_info"]) {
            result.present.insert(.cacheableTokens)
        }
        return result
    }

    private static func nonEmptyString(_ value: JSONValue?) -> Bool {
        if case .string(let text?) = value { return !text.isEmpty }
        return false
    }

    /// `client_info` must be base64url JSON with string `uid` and `utid` (native-auth-api.md §4.7).
    private static func clientInfoIsValid(_ value: JSONValue?) -> Bool {
        guard case .string(let text?) = value, !text.isEmpty else { return false }
        // IdentityCore reads it with JSONSerialization: every value valid, the first duplicate wins (R6).
        guard let bytes = Base64URL.decode(text), let parsed = try? StrictJSON.parse(bytes), parsed.isFullyValid,
            let object = parsed.objectValue,
            case .string(let uid?)? = object["uid"], !uid.isEmpty,
            case .string(let utid?)? = object["utid"], !utid.isEmpty
        else { return false }
        return true
    }

    private static func check(_ value: JSONValue, as type: Endpoint.FieldType, key: String) -> ResponseClass? {
        switch type {
        case .string:
            if case .string(_?) = value { return nil }
        case .integer:
            if case .number(let text) = value, WholeNumber.value(text) != nil { return nil }
        case .challengeType:
            guard case .string(let text?) = value else { break }
            return ["oob", "password", "redirect"].contains(text) ? nil : undecodable(200, .unknownEnumValue, key)
        case .pollStatus:
            guard case .string(let text?) = value else { break }
            return ["succeeded", "in_progress", "not_started", "failed"].contains(text)
                ? nil : undecodable(200, .unknownEnumValue, key)
        case .methods:
            guard case .array(let items) = value else { break }
            for (index, item) in items.enumerated() {
                if let failure = checkMethod(item, path: "\(key)[\(index)]") { return failure }
            }
            return nil
        }
        return undecodable(200, .wrongType, key)
    }

    private static func checkMethod(_ item: JSONValue, path: String) -> ResponseClass? {
        guard let method = item.keyed(convertingFromSnakeCase: true) else { return undecodable(200, .wrongType, path) }
        let required: [(String, Endpoint.FieldType)] = [
            ("id", .string), ("challenge_type", .challengeType), ("challenge_channel", .string),
        ]
        for (key, type) in required {
            guard let value = method[SnakeCase.propertyName(key)], value != .null else {
                return undecodable(200, .missingRequiredField, "\(path).\(key)")
            }
            if let failure = check(value, as: type, key: "\(path).\(key)") { return failure }
        }
        if let hint = method["loginHint"], hint != .null, !isString(hint) {
            return undecodable(200, .wrongType, "\(path).login_hint")
        }
        return nil
    }

    // MARK: 400 / 401

    private static func errorClass(endpoint: Endpoint, status: Int, body: [UInt8]) -> ResponseClass {
        let object: [String: JSONValue]
        switch parseObject(body, status: status, reading: .typed(snakeCase: false)) {
        case .failure(let failure): return failure
        case .object(let parsed): object = parsed
        }
        guard let errorValue = object["error"], errorValue != .null else {
            return undecodable(status, .missingError, "error")
        }
        guard case .string(let error?) = errorValue else { return undecodable(status, .wrongType, "error") }
        var result = ResponseClass(kind: .apiError, status: status, error: error)
        if endpoint != .refreshToken, !endpoint.knownErrors.contains(error) { result.kind = .unknownError }
        if let failure = checkErrorFields(endpoint: endpoint, object: object, into: &result, status: status) {
            return failure
        }
        return result
    }

    private static func checkErrorFields(
        endpoint: Endpoint, object: [String: JSONValue], into result: inout ResponseClass, status: Int
    ) -> ResponseClass? {
        func value(_ key: String) -> JSONValue? {
            guard let value = object[key], value != .null else { return nil }
            return value
        }
        func wrongType(_ key: String) -> ResponseClass { undecodable(status, .wrongType, key) }

        guard hasValidCorrelationId(object) else { return wrongType("correlationId") }
        if let description = value("error_description") {
            guard case .string(let text?) = description else { return wrongType("error_description") }
            for marker in ResponseClass.DescriptionMarker.allCases where contains(text, marker.rawValue) {
                result.descriptionMarkers.insert(marker)
            }
        }
        if let codes = value("error_codes") {
            guard case .array(let items) = codes else { return wrongType("error_codes") }
            for item in items {
                guard case .number(let text) = item, let integer = WholeNumber.value(text) else {
                    return wrongType("error_codes")
                }
                result.errorCodes.append(integer)
            }
        }
        if let uri = value("error_uri"), !isString(uri) { return wrongType("error_uri") }
        if let inner = value("inner_errors") {
            guard case .array(let items) = inner else { return wrongType("inner_errors") }
            for item in items {
                guard let entry = item.objectValue else { return wrongType("inner_errors") }
                for key in ["error", "error_description"] {
                    if let field = entry[key], field != .null, !isString(field) { return wrongType("inner_errors") }
                }
            }
        }
        if endpoint.decodesSuberror, let suberror = value("suberror") {
            guard case .string(let text?) = suberror else { return wrongType("suberror") }
            result.suberror = text
        }
        if endpoint.decodesErrorToken, let token = value("continuation_token") {
            guard isString(token) else { return wrongType("continuation_token") }
            result.present.insert(.continuationToken)
        }
        if endpoint.decodesTarget, let target = value("target"), !isString(target) { return wrongType("target") }
        if endpoint.decodesAttributeLists {
            for key in ["invalid_attributes", "unverified_attributes"] {
                guard let list = value(key) else { continue }
                guard case .array(let items) = list else { return wrongType(key) }
                for item in items {
                    guard let entry = item.objectValue, let name = entry["name"] else {
                        return undecodable(status, .missingRequiredField, "\(key)[].name")
                    }
                    guard isString(name) else { return wrongType("\(key)[].name") }
                }
                if key == "invalid_attributes", !items.isEmpty { result.present.insert(.invalidAttributes) }
            }
        }
        if endpoint.decodesRequiredAttributes, let list = value("required_attributes") {
            guard case .array(let items) = list else { return wrongType("required_attributes") }
            for item in items {
                if let failure = checkRequiredAttribute(item, status: status) { return failure }
            }
            if !items.isEmpty { result.present.insert(.requiredAttributes) }
        }
        return nil
    }

    /// `{name: String, type: String, required: Bool, options?: {regex?: String}}` (native-auth-api.md §4.3).
    private static func checkRequiredAttribute(_ item: JSONValue, status: Int) -> ResponseClass? {
        let path = "required_attributes[]"
        guard let entry = item.objectValue else { return undecodable(status, .wrongType, path) }
        for key in ["name", "type", "required"] {
            guard let field = entry[key], field != .null else {
                return undecodable(status, .missingRequiredField, "\(path).\(key)")
            }
            let ok: Bool
            if key == "required" {
                if case .bool = field { ok = true } else { ok = false }
            } else {
                ok = isString(field)
            }
            if !ok { return undecodable(status, .wrongType, "\(path).\(key)") }
        }
        if let options = entry["options"], options != .null {
            guard let fields = options.objectValue else { return undecodable(status, .wrongType, "\(path).options") }
            if let regex = fields["regex"], regex != .null, !isString(regex) {
                return undecodable(status, .wrongType, "\(path).options.regex")
            }
        }
        return nil
    }

    /// Plain byte-wise substring search (case-sensitive, like MSAL's check).
    private static func contains(_ text: String, _ needle: String) -> Bool {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return pattern.isEmpty }
        outer: for start in 0...(haystack.count - pattern.count) {
            for offset in 0..<pattern.count where haystack[start + offset] != pattern[offset] { continue outer }
            return true
        }
        return false
    }

    /// A valid string (a string whose content does not decode fails the decode like a wrong type).
    private static func isString(_ value: JSONValue) -> Bool {
        if case .string(_?) = value { return true }
        return false
    }
}
