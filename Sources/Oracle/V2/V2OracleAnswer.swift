import Foundation

/// One V2 server answer as the oracle reads it (spec native-auth-v2 §1.3-1.8, §3.2-3.3), with the oracle's
/// own strict reader (``StrictJSON``, decoding-rulings.md R1 and R5-R7: one trailing comma, the first of
/// repeated keys, every encoding Foundation detects, a number read exactly as an `Int`). Named apart from
/// NativeAuthWire's `V2Answer`: Replay and Fuzz import both modules.
///
/// The reader's choices where the spec is silent (each one a place the fuzzer may find a disagreement):
/// - A field the parser reads (`state`, `action`, `continuationToken`, `code`, `id`, `type`, `hint`,
///   `codeLength`, `challengeContext.authenticationFactor`, the nested error's `code`, `message`,
///   `innerError.code`) with a wrong JSON type or an invalid string makes the body undecodable, as
///   `JSONDecoder` does for a typed field; `null` is the same as absent.
/// - `continuationToken` wins over `continuation_token` when both are present.
/// - A flat string `error` (OAuth form) is not read: iOS reads only the nested form (§1.6).
/// - HAL parts (`_links`, `_embedded.methods`, `attributes`, `innerError.details`) are read leniently:
///   an entry of the wrong shape is skipped, so the answer misses that link or method (§1.3: unknown
///   parts must not break parsing).
public struct V2OracleAnswer: Sendable, Hashable {
    /// Why the body gives the parser nothing to work with (every problem ends in `generalError`).
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// Status 0: no response arrived (V2 does not retry, §3.2).
        case transportFailure
        /// The body is not JSON, or not an object (§3.2: serialization error).
        case notAnObject(String)
        /// A field the parser reads has the wrong type or invalid text.
        case wrongType(String)

        public var description: String {
            switch self {
            case .transportFailure: "no response"
            case .notAnObject(let reason): "not a JSON object: \(reason)"
            case .wrongType(let field): "wrong type: \(field)"
            }
        }
    }

    /// The nested error envelope (§1.6).
    public struct ErrorBody: Sendable, Hashable {
        /// Outer `error.code`.
        public var code: String?
        /// `error.innerError.code`.
        public var innerCode: String?
        /// `error.message`.
        public var message: String?
        /// Every `AADSTS<n>` scraped from the message, in order.
        public var aadsts: [Int]
        /// `innerError.details[].code`, in order.
        public var detailCodes: [String]
        /// `innerError.details[].attributeIds`, flattened in order.
        public var detailAttributeIds: [String]
    }

    /// One entry of `_embedded.methods` (§1.3).
    public struct Method: Sendable, Hashable {
        public var id: String?
        public var type: String?
        public var hint: String?
        /// The href of its `challenge` link, when it has a usable one.
        public var challengeHref: String?
    }

    /// The HTTP status (never consulted by the V2 parser, §3.3 r3).
    public var status: Int
    /// Set when the body cannot be read.
    public var problem: Problem?
    public var state: String?
    public var action: String?
    /// `challengeContext.authenticationFactor`.
    public var authenticationFactor: String?
    /// `continuationToken`, else `continuation_token`.
    public var continuationToken: String?
    /// The authorization code of an O2 answer.
    public var code: String?
    /// The nested error, when the body has one.
    public var error: ErrorBody?
    /// Usable hrefs by relation: `_links` entries, and the flat entry links `sign_in`, `sign_up`,
    /// `reset_password` (`_links` wins).
    public var links: [String: String]
    /// `_embedded.methods`, nil when the body has none.
    public var methods: [Method]?
    /// Top-level `id`, `type`, `hint` (the selected method on `action: verify`).
    public var id: String?
    public var type: String?
    public var hint: String?
    /// Top-level `codeLength` (`payload.codeLength` is ignored, §3.3 r6).
    public var codeLength: Int?
    /// `attributes[].attributeId`, in order.
    public var attributeIds: [String]

    /// Web fallback (§1.7, §3.3 r1): nested `error.code == redirect_to_web` or `state == webFallbackRequired`.
    public var isWebFallback: Bool { state == "webFallbackRequired" || error?.code == "redirect_to_web" }

    /// True when `relation` has a usable href.
    public func hasLink(_ relation: String) -> Bool { links[relation] != nil }

    init(status: Int, problem: Problem? = nil) {
        self.status = status
        self.problem = problem
        links = [:]
        attributeIds = []
    }

    /// Reads one answer. Status 0 is a transport failure; an empty body is an empty object (§3.2).
    public static func read(_ response: RawResponse) -> V2OracleAnswer {
        read(status: response.status, body: response.body)
    }

    /// Reads one answer from its status and raw body bytes.
    public static func read(status: Int, body: [UInt8]) -> V2OracleAnswer {
        if status == 0 { return V2OracleAnswer(status: status, problem: .transportFailure) }
        if body.isEmpty { return V2OracleAnswer(status: status) }
        let document: JSONValue
        do {
            document = try StrictJSON.parse(body)
        } catch {
            return V2OracleAnswer(status: status, problem: .notAnObject(error.description))
        }
        guard let object = document.objectValue else {
            return V2OracleAnswer(status: status, problem: .notAnObject("top level is not an object, or a key is invalid"))
        }
        var answer = V2OracleAnswer(status: status)
        do throws(V2FieldError) {
            try answer.readFields(object)
        } catch {
            return V2OracleAnswer(status: status, problem: .wrongType(error.field))
        }
        return answer
    }

    private mutating func readFields(_ object: [String: JSONValue]) throws(V2FieldError) {
        state = try V2Fields.string(object, "state")
        action = try V2Fields.string(object, "action")
        continuationToken = try V2Fields.string(object, "continuationToken")
        if continuationToken == nil { continuationToken = try V2Fields.string(object, "continuation_token") }
        code = try V2Fields.string(object, "code")
        id = try V2Fields.string(object, "id")
        type = try V2Fields.string(object, "type")
        hint = try V2Fields.string(object, "hint")
        codeLength = try V2Fields.integer(object, "codeLength")
        if let context = V2Fields.present(object["challengeContext"]) {
            guard let keyed = context.objectValue else { throw V2FieldError(field: "challengeContext") }
            authenticationFactor = try V2Fields.string(keyed, "authenticationFactor", path: "challengeContext.")
        }
        error = try V2Fields.errorBody(object["error"])
        links = V2Fields.links(object)
        methods = V2Fields.methods(object["_embedded"])
        attributeIds = V2Fields.attributeIds(object["attributes"])
    }
}

/// A read field of the wrong type.
struct V2FieldError: Error {
    var field: String
}
