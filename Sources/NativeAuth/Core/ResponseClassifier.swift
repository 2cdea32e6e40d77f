import Foundation
import NativeAuthWire

/// Turns a raw response (or the lack of one) into a validated ``Classified`` case, driven by
/// ``EndpointTable`` (client-behaviour.md §0.1): 200 decodes into the endpoint's success keys, 400/401
/// into its error struct, anything else is unexpected.
enum ResponseClassifier {
    /// The `challenge_type` values of MSAL's closed enum: the requestable ones.
    static let closedChallengeTypes = Set(WireChallengeType.requestable)
    static let pollStatuses = Set(WirePollStatus.known)

    static func classify(_ response: NativeAuthHTTPResponse, endpoint: NativeAuthEndpoint) -> Classified {
        switch response.statusCode {
        case 200:
            if endpoint == .token { return classifyTokenSuccess(response.body) }
            guard let document = ResponseJSONParser.parse(response.body),
                let body = try? decodeSuccess(document, rule: EndpointTable.rule(for: endpoint))
            else { return .unexpected(.undecodable) }
            return .success(body)
        case 400, 401:
            guard let document = ResponseJSONParser.parse(response.body),
                let body = try? decodeError(document, rule: EndpointTable.rule(for: endpoint))
            else { return .unexpected(.undecodable) }
            if EndpointTable.rule(for: endpoint).knownErrors.contains(body.wireError) { return .apiError(body) }
            return .unexpected(.unknownError(body))
        default:
            return .unexpected(.unhandledStatus(response.statusCode))
        }
    }

    /// A 200 body as MSAL's response struct decodes it: `.convertFromSnakeCase` keys, only the struct's
    /// properties read, `correlationId: UUID?` in every struct (decoding-rulings.md R3, R4).
    static func decodeSuccess(_ document: JSONValue, rule: EndpointRule) throws -> SuccessBody {
        let json = try JSONReader.keyed(document, convertsFromSnakeCase: true)
        let keys = rule.successKeys
        func string(_ key: String, _ property: String) throws -> String? {
            keys.contains(key) ? try json.string(property) : nil
        }
        func int(_ key: String, _ property: String) throws -> Int? { keys.contains(key) ? try json.int(property) : nil }
        var body = SuccessBody()
        _ = try json.uuid("correlationId")
        body.continuationToken = try string(WireField.continuationToken, "continuationToken")
        body.challengeType = try string(WireField.challengeType, "challengeType")
        if let type = body.wireChallengeType, rule.closedChallengeType, !closedChallengeTypes.contains(type) {
            throw TypeMismatch()
        }
        if rule.challengeTypeRequired, body.challengeType == nil { throw TypeMismatch() }
        body.redirectReason = try string(WireField.redirectReason, "redirectReason")
        body.bindingMethod = try string(WireField.bindingMethod, "bindingMethod")
        body.challengeChannel = try string(WireField.challengeChannel, "challengeChannel")
        body.challengeTargetLabel = try string(WireField.challengeTargetLabel, "challengeTargetLabel")
        body.challengeTarget = try string(WireField.challengeTarget, "challengeTarget")
        body.codeLength = try int(WireField.codeLength, "codeLength")
        body.interval = try int(WireField.interval, "interval")
        body.expiresIn = try int(WireField.expiresIn, "expiresIn")
        body.pollInterval = try int(WireField.pollInterval, "pollInterval")
        body.status = try string(WireField.status, "status")
        if let status = body.wireStatus, !pollStatuses.contains(status) { throw TypeMismatch() }
        if keys.contains(WireField.methods), let items = try json.objects(WireField.methods) {
            body.methods = try items.map { method in
                guard let id = try method.string(WireField.id), let type = try method.string("challengeType"),
                    closedChallengeTypes.contains(WireChallengeType(type)), let channel = try method.string("challengeChannel")
                else { throw TypeMismatch() }
                return AuthMethodWire(
                    id: id, challengeType: type, challengeChannel: channel, loginHint: try method.string("loginHint"))
            }
        }
        return body
    }

    /// A 400/401 body as MSAL's error struct for the endpoint decodes it (decoding-rulings.md R3): default
    /// keys; `trace_id`, `timestamp` and `correlation_id` are not read.
    static func decodeError(_ document: JSONValue, rule: EndpointRule) throws -> APIErrorBody {
        let json = try JSONReader.keyed(document, convertsFromSnakeCase: false)
        guard let error = try json.string(WireField.error) else { throw TypeMismatch() }
        var body = APIErrorBody(error: error)
        body.errorDescription = try json.string(WireField.errorDescription)
        body.errorCodes = try json.ints(WireField.errorCodes) ?? []
        body.errorURI = try json.string(WireField.errorURI)
        _ = try json.uuid("correlationId")
        for inner in try json.objects(WireField.innerErrors) ?? [] {
            _ = try inner.string(WireField.error)
            _ = try inner.string(WireField.errorDescription)
        }
        if rule.decodesSuberror { body.suberror = try json.string(WireField.suberror) }
        if rule.decodesContinuationToken { body.continuationToken = try json.string(WireField.continuationToken) }
        if rule.decodesTarget { _ = try json.string(WireField.target) }
        if rule.decodesRequiredAttributes, let items = try json.objects(WireField.requiredAttributes) {
            body.requiredAttributes = try items.map { attribute in
                guard let name = try attribute.string(WireField.name), let type = try attribute.string(WireField.type),
                    let required = try attribute.bool(WireField.required)
                else { throw TypeMismatch() }
                let regex = try attribute.nested(WireField.options)?.string(WireField.regex)
                return RequiredAttributeWire(name: name, type: type, required: required, regex: regex)
            }
        }
        if rule.decodesInvalidAttributes {
            body.invalidAttributes = try attributeNames(json, WireField.invalidAttributes)
            _ = try attributeNames(json, WireField.unverifiedAttributes)
        }
        return body
    }

    /// A list of `{name: String}` items.
    private static func attributeNames(_ json: JSONReader, _ key: String) throws -> [String]? {
        try json.objects(key)?.map { item in
            guard let name = try item.string(WireField.name) else { throw TypeMismatch() }
            return name
        }
    }

    /// `/token` 200: MSAL reads the raw JSON dictionary (`JSONSerialization`: every value of the document
    /// must be valid; a repeated key keeps its first value, decoding-rulings.md R6); a body that is not an
    /// object is unexpected.
    static func classifyTokenSuccess(_ data: Data) -> Classified {
        guard let object = JSONValue.serializationObject(from: data) else { return .unexpected(.undecodable) }
        var fields: [String: String] = [:]
        var numbers: [String: Double] = [:]
        for (key, value) in object {
            switch value {
            case .string(let text): fields[key] = text.string
            case .number(let text): numbers[key] = text.double
            default: break
            }
        }
        return .tokenSuccess(TokenBody(fields: fields, numbers: numbers))
    }
}
