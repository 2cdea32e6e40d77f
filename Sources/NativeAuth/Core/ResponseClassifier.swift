import Foundation
import NativeAuthWire

/// Turns a raw response (or the lack of one) into a validated ``Classified`` case, driven by
/// ``EndpointTable`` (client-behaviour.md §0.1): 200 decodes into the endpoint's success keys, 400/401
/// into its error struct, anything else is unexpected.
enum ResponseClassifier {
    static let closedChallengeTypes: Set<String> = ["oob", "password", "redirect"]
    static let pollStatuses: Set<String> = ["succeeded", "in_progress", "not_started", "failed"]

    static func classify(_ response: NativeAuthHTTPResponse, endpoint: NativeAuthEndpoint) -> Classified {
        switch response.statusCode {
        case 200:
            if endpoint == .token { return classifyTokenSuccess(response.body) }
            guard let object = JSONValue.object(from: response.body),
                let body = try? decodeSuccess(object, rule: EndpointTable.rule(for: endpoint))
            else { return .unexpected(.undecodable) }
            return .success(body)
        case 400, 401:
            guard let object = JSONValue.object(from: response.body),
                let body = try? decodeError(object, rule: EndpointTable.rule(for: endpoint))
            else { return .unexpected(.undecodable) }
            if EndpointTable.rule(for: endpoint).knownErrors.contains(body.error) { return .apiError(body) }
            return .unexpected(.unknownError(body))
        default:
            return .unexpected(.unhandledStatus(response.statusCode))
        }
    }

    static func decodeSuccess(_ object: [String: JSONValue], rule: EndpointRule) throws -> SuccessBody {
        let json = JSONReader(object: object)
        let keys = rule.successKeys
        func string(_ key: String) throws -> String? { keys.contains(key) ? try json.string(key) : nil }
        func int(_ key: String) throws -> Int? { keys.contains(key) ? try json.int(key) : nil }
        var body = SuccessBody()
        body.continuationToken = try string("continuation_token")
        body.challengeType = try string("challenge_type")
        if let type = body.challengeType, rule.closedChallengeType, !closedChallengeTypes.contains(type) {
            throw TypeMismatch()
        }
        if rule.challengeTypeRequired, body.challengeType == nil { throw TypeMismatch() }
        body.redirectReason = try string("redirect_reason")
        body.bindingMethod = try string("binding_method")
        body.challengeChannel = try string("challenge_channel")
        body.challengeTargetLabel = try string("challenge_target_label")
        body.challengeTarget = try string("challenge_target")
        body.codeLength = try int("code_length")
        body.interval = try int("interval")
        body.expiresIn = try int("expires_in")
        body.pollInterval = try int("poll_interval")
        body.status = try string("status")
        if let status = body.status, !pollStatuses.contains(status) { throw TypeMismatch() }
        if keys.contains("methods"), let items = try json.objects("methods") {
            body.methods = try items.map { item in
                let method = JSONReader(object: item)
                guard let id = try method.string("id"), let type = try method.string("challenge_type"),
                    closedChallengeTypes.contains(type), let channel = try method.string("challenge_channel")
                else { throw TypeMismatch() }
                return AuthMethodWire(
                    id: id, challengeType: type, challengeChannel: channel, loginHint: try method.string("login_hint"))
            }
        }
        return body
    }

    static func decodeError(_ object: [String: JSONValue], rule: EndpointRule) throws -> APIErrorBody {
        let json = JSONReader(object: object)
        guard let error = try json.string("error") else { throw TypeMismatch() }
        var body = APIErrorBody(error: error)
        body.errorDescription = try json.string("error_description")
        body.errorCodes = try json.ints("error_codes") ?? []
        body.errorURI = try json.string("error_uri")
        _ = try json.string("timestamp")
        _ = try json.string("trace_id")
        _ = try json.string("correlation_id")
        if rule.decodesSuberror { body.suberror = try json.string("suberror") }
        if rule.decodesContinuationToken { body.continuationToken = try json.string("continuation_token") }
        if rule.decodesRequiredAttributes, let items = try json.objects("required_attributes") {
            body.requiredAttributes = try items.map { item in
                let attribute = JSONReader(object: item)
                guard let name = try attribute.string("name"), let type = try attribute.string("type"),
                    let required = try attribute.bool("required")
                else { throw TypeMismatch() }
                var regex: String?
                switch item["options"] {
                case nil, .null?: break
                case .object(let options)?: regex = try JSONReader(object: options).string("regex")
                default: throw TypeMismatch()
                }
                return RequiredAttributeWire(name: name, type: type, required: required, regex: regex)
            }
        }
        if rule.decodesInvalidAttributes, let items = try json.objects("invalid_attributes") {
            body.invalidAttributes = try items.map { item in
                guard let name = try JSONReader(object: item).string("name") else { throw TypeMismatch() }
                return name
            }
        }
        return body
    }

    /// `/token` 200: MSAL reads the raw JSON dictionary (`JSONSerialization`, so a repeated key keeps its
    /// last value); a body that is not an object is unexpected.
    static func classifyTokenSuccess(_ data: Data) -> Classified {
        guard let object = JSONValue.object(from: data, lastDuplicateWins: true) else { return .unexpected(.undecodable) }
        var fields: [String: String] = [:]
        var numbers: [String: Double] = [:]
        for (key, value) in object {
            switch value {
            case .string(let text): fields[key] = text
            case .number(let number): numbers[key] = number
            default: break
            }
        }
        return .tokenSuccess(TokenBody(fields: fields, numbers: numbers))
    }
}
