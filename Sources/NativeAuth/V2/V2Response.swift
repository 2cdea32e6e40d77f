import Foundation
import NativeAuthWire

/// One method of `_embedded.methods[]` (spec native-auth-v2 §1.3).
struct V2Method: Sendable, Hashable {
    var id: String
    var type: String
    var hint: String?
    /// The method's `challenge` href; nil or empty when it has none.
    var challengeHref: String?
}

/// The nested V2 error object (spec §1.6), as MSAL iOS reads it.
struct V2ErrorBody: Sendable, Hashable {
    var code: String?
    var innerCode: String?
    var message: String?
    /// `innerError.details[].attributeIds`, flattened in order.
    var detailAttributeIds: [String] = []
    /// `innerError.details[].code`, in order.
    var detailCodes: [String] = []
    /// Every `AADSTS<digits>` number in `message`.
    var aadsts: [Int] { V2ErrorBody.scrapeAADSTS(message ?? "") }

    static func scrapeAADSTS(_ text: String) -> [Int] {
        var numbers: [Int] = []
        var rest = Substring(text)
        while let range = rest.range(of: "AADSTS") {
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let number = Int(digits) { numbers.append(number) }
            rest = rest[range.upperBound...]
        }
        return numbers
    }
}

/// One attribute a `collectAttributes` answer asks for.
struct V2RequestedAttribute: Sendable, Hashable {
    var id: String
    var inputType: String
    var required: Bool
    var regex: String?
}

/// A V2 answer body read as MSAL iOS's HAL serializer does: every status code's body is parsed; an empty
/// body is an empty object; a body that is not a JSON object, or a read member of the wrong type, makes
/// the answer malformed (nil from ``parse(_:)``).
struct V2Response: Sendable, Hashable {
    var state: V2State?
    var action: V2Action?
    var continuationToken: String?
    var factor: V2AuthenticationFactor?
    var methods: [V2Method]?
    /// `_links` relation → the first href of it; flat entry links (`sign_in`, …) are kept under their names.
    var links: [String: String] = [:]
    var id: String?
    var type: String?
    var hint: String?
    var codeLength: Int?
    /// The authorization code of an O2 answer.
    var code: String?
    /// `attributes[]` of `collectAttributes` (also echoed on a sign-up `verify`).
    var attributes: [V2RequestedAttribute]?
    var error: V2ErrorBody?
    /// `error` is present (object or string).
    var hasError = false

    static func parse(_ data: Data) -> V2Response? {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return V2Response() }
        guard let object = JSONValue.object(from: data) else { return nil }
        return try? read(JSONReader(object: object))
    }

    private static func read(_ json: JSONReader) throws -> V2Response {
        var response = V2Response()
        response.state = try json.string(V2Key.state).map(V2State.init)
        response.action = try json.string(V2Key.action).map(V2Action.init)
        response.continuationToken =
            try json.string(V2Key.continuationToken) ?? json.string(V2Key.continuationTokenForm)
        response.factor = try json.nested(V2Key.challengeContext)?.string(V2Key.authenticationFactor)
            .map(V2AuthenticationFactor.init)
        response.id = try json.string(V2Key.id)
        response.type = try json.string(V2Key.type)
        response.hint = try json.string(V2Key.hint)
        response.codeLength = try json.int(V2Key.codeLength)
        response.code = try json.string(V2Key.code)
        // `attributes[]` is a HAL part, read leniently (as the oracle reads it): a value that is not an array is
        // no list, an item that is not an object with a string `attributeId` is skipped, a wrong-typed optional
        // member is left at its default.
        if case .array(let list)? = json.value(V2Key.attributes) {
            response.attributes = list.compactMap { item -> V2RequestedAttribute? in
                guard let reader = try? JSONReader.keyed(item, convertsFromSnakeCase: false),
                      let id = (try? reader.string(V2Key.attributeID)) ?? nil else { return nil }
                return V2RequestedAttribute(id: id, inputType: ((try? reader.string(V2Key.inputType)) ?? nil) ?? "text",
                                            required: ((try? reader.bool(V2Key.required)) ?? nil) ?? false,
                                            regex: (try? reader.string(V2Key.regex)) ?? nil)
            }
        }
        if let links = json.value(V2Key.links) { response.links = linkTable(links) }
        for relation in V2LinkRelation.flatEntries {
            // Entry links are HAL parts, read leniently (§1.3): a wrong-typed one is no link, not a broken body.
            if response.links[relation.rawValue] == nil, let href = (try? json.string(relation.rawValue)) ?? nil {
                response.links[relation.rawValue] = href
            }
        }
        if let embedded = try json.nested(V2Key.embedded), let items = try embedded.objects(V2Key.methods) {
            response.methods = try items.map { item in
                guard let id = try item.string(V2Key.id), let type = try item.string(V2Key.type) else {
                    throw TypeMismatch()
                }
                let links = item.value(V2Key.links).map(linkTable) ?? [:]
                return V2Method(id: id, type: type, hint: try item.string(V2Key.hint),
                                challengeHref: links[V2LinkRelation.challenge.rawValue])
            }
        }
        if let error = json.value(V2Key.error) {
            response.hasError = true
            if case .object = error {
                let nested = try JSONReader.keyed(error, convertsFromSnakeCase: false)
                let inner = try nested.nested(V2Key.innerError)
                var body = V2ErrorBody(
                    code: try nested.string(V2Key.code), innerCode: try inner?.string(V2Key.code),
                    message: try nested.string(V2Key.message))
                // `details` is read leniently (a HAL part only sign-up's attribute errors use): a wrong type is ignored.
                for detail in (try? inner?.objects(V2Key.details)) ?? [] {
                    if let code = detail.value(V2Key.code)?.stringValue { body.detailCodes.append(code) }
                    guard let ids = detail.value(V2Key.attributeIDs), case .array(let items) = ids else { continue }
                    body.detailAttributeIds += items.compactMap(\.stringValue)
                }
                response.error = body
            } else {
                // MSAL iOS reads only the nested form (spec §1.6, §1.7): a flat string is still an error, but
                // no code of it is read, so a flat `redirect_to_web` is a general error, not a web fallback.
                response.error = V2ErrorBody(code: nil, innerCode: nil, message: nil)
            }
        }
        return response
    }

    /// A `_links` object: relation → `{href}` or an array whose first item with a string `href` is used.
    /// Entries of other shapes are ignored (unknown relations never break parsing).
    private static func linkTable(_ value: JSONValue) -> [String: String] {
        guard case .object(let members) = value else { return [:] }
        var result: [String: String] = [:]
        for member in members {
            guard let relation = member.key.string, result[relation] == nil else { continue }
            let candidates: [JSONValue]
            switch member.value {
            case .array(let items): candidates = items
            default: candidates = [member.value]
            }
            for candidate in candidates {
                guard case .object(let fields) = candidate,
                    let href = fields.first(where: { $0.key.string == V2Key.href })?.value.stringValue
                else { continue }
                result[relation] = href
                break
            }
        }
        return result
    }

    /// Web fallback: `state: webFallbackRequired` or a nested `error.code == redirect_to_web` (§3.3 r1).
    var isWebFallback: Bool {
        state == .webFallbackRequired || error?.code == V2ErrorCode.redirectToWeb.rawValue
    }

    func link(_ relation: V2LinkRelation) -> String? {
        guard let href = links[relation.rawValue], !href.isEmpty else { return nil }
        return href
    }
}
