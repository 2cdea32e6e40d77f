import Foundation
import HAR
import NativeAuthWire

/// Groups exchanges into flows (one sign-up, sign-in, password reset...) by following the
/// continuation-token chain and the `client-request-id` header.
///
/// V1 flows start at a V1 start endpoint and follow the form `continuation_token`. A V2 flow starts at
/// `authorize-challenge` (O1) and follows `continuationToken` (JSON requests; every answer's
/// `continuationToken` or `continuation_token`), the hrefs its answers advertised, and the authorization
/// code of its O2 answer into the `/token` code exchange (O17); see ``V2Exchange`` for the step names.
///
/// Tokens, codes and href paths (which hold method ids) are kept only as keyed 128-bit digests
/// (``TokenDigest``), never as text. It remembers the most recent ``memory`` of each (older ones are
/// forgotten first), so a long recording holds bounded memory; an exchange whose token was forgotten
/// starts a new flow.
struct FlowTracker: Sendable {
    /// The flow an exchange belongs to.
    struct Assignment: Equatable {
        var flowID: String
        var kind: String
        var step: String
        /// Whether the exchange is native-auth V2.
        var isV2 = false
    }

    /// What flow tracking reads of one exchange.
    struct Observation {
        var path: String
        /// The form body's `continuation_token`, `grant_type` and `code` (nil when absent or not a form).
        var formContinuationToken: String?
        var formGrantType: String?
        var formCode: String?
        /// The JSON body's top-level `continuationToken`.
        var jsonContinuationToken: String?
        var clientRequestID: String?
        /// The answer's top-level `continuation_token` (what V1 hands out).
        var responseContinuationToken: String?
        /// The answer read as V2 (empty when the body is not a JSON object).
        var answer = V2Answer()
    }

    private struct Flow: Sendable {
        var number: Int
        var kind: String
    }

    /// A link a V2 flow was offered: the flow and its href path's digest.
    private struct LinkKey: Hashable, Sendable {
        var flow: Int
        var path: TokenDigest
    }

    /// How many tokens, request ids, codes and links are remembered.
    let memory: Int
    private var nextFlow = 1
    private var flowByToken: BoundedMap<TokenDigest, Flow>
    private var flowByRequestID: BoundedMap<String, Flow>
    /// V2: the flow an O2 answer handed an authorization code.
    private var flowByCode: BoundedMap<TokenDigest, Flow>
    /// V2: the latest flow whose answer advertised an href path.
    private var flowByLink: BoundedMap<TokenDigest, Flow>
    /// V2: the relation under which a flow's latest answer advertising a path named it.
    private var relationByLink: BoundedMap<LinkKey, String>
    /// V2: a flow's kind once its client followed an entry link.
    private var v2Kinds: BoundedMap<Int, String>

    /// 16,384 by default: a token is needed only until its flow's next step, seconds later, so
    /// this is far more flows in progress than a recording has, at about 2 MB per map when full.
    init(memory: Int = 16_384) {
        self.memory = memory
        flowByToken = BoundedMap(capacity: memory)
        flowByRequestID = BoundedMap(capacity: memory)
        flowByCode = BoundedMap(capacity: memory)
        flowByLink = BoundedMap(capacity: memory)
        relationByLink = BoundedMap(capacity: memory)
        v2Kinds = BoundedMap(capacity: memory)
    }

    /// The step name of a URL path, for example `signup/v1.0/start` for
    /// `/contoso.onmicrosoft.com/signup/v1.0/start` (the wire vocabulary's `NativeAuthEndpoint`
    /// recognises it, query and tenant segment aside); the path itself when it is not native-auth.
    static func step(ofPath path: String) -> String { step(of: NativeAuthEndpoint(path: path), path: path) }

    private static func step(of endpoint: NativeAuthEndpoint?, path: String) -> String {
        endpoint.map { String($0.path.dropFirst()) } ?? path
    }

    /// Assigns a V1 (or non-native-auth) exchange to a flow and remembers the token it hands out.
    mutating func assign(
        path: String, requestForm: [String: String], clientRequestID: String?, responseContinuationToken: String?
    ) -> Assignment {
        assign(
            Observation(
                path: path, formContinuationToken: requestForm["continuation_token"],
                formGrantType: requestForm["grant_type"], formCode: requestForm["code"],
                clientRequestID: clientRequestID, responseContinuationToken: responseContinuationToken))
    }

    /// Assigns the exchange to a flow and remembers the tokens, codes and links it hands out.
    mutating func assign(_ exchange: Observation) -> Assignment {
        let pathDigest = TokenDigest(exchange.path)
        if let operation = V2Exchange.operation(
            path: exchange.path, formContinuationToken: exchange.formContinuationToken,
            formGrantType: exchange.formGrantType, jsonContinuationToken: exchange.jsonContinuationToken,
            followsLink: flowByLink[pathDigest] != nil)
        {
            return assignV2(operation, exchange, pathDigest: pathDigest)
        }
        let endpoint = NativeAuthEndpoint(path: exchange.path)
        let step = Self.step(of: endpoint, path: exchange.path)
        var flow: Flow?
        if let token = exchange.formContinuationToken, !token.isEmpty {
            flow = flowByToken[TokenDigest(token)]
        }
        if flow == nil { flow = self.flow(ofRequestID: exchange.clientRequestID) }
        let resolved = flow ?? newFlow(kind: Self.kind(of: endpoint))
        remember(resolved, requestID: exchange.clientRequestID)
        if let token = exchange.responseContinuationToken, !token.isEmpty {
            flowByToken[TokenDigest(token)] = resolved
        }
        return Assignment(flowID: "flow-\(resolved.number)", kind: resolved.kind, step: step)
    }

    private mutating func assignV2(_ operation: V2Exchange.Operation, _ exchange: Observation, pathDigest: TokenDigest)
        -> Assignment
    {
        var flow: Flow?
        switch operation {
        case .start: break
        case .resume: flow = exchange.formContinuationToken.flatMap { flowByToken[TokenDigest($0)] }
        case .codeExchange: flow = exchange.formCode.flatMap { $0.isEmpty ? nil : flowByCode[TokenDigest($0)] }
        case .interaction: flow = exchange.jsonContinuationToken.flatMap { flowByToken[TokenDigest($0)] }
        }
        if flow == nil, operation != .start { flow = self.flow(ofRequestID: exchange.clientRequestID) }
        if flow == nil, operation == .interaction { flow = flowByLink[pathDigest] }
        let resolved = flow ?? newFlow(kind: V2Exchange.unknownKind)
        let relation = operation == .interaction ? relationByLink[LinkKey(flow: resolved.number, path: pathDigest)] : nil
        if let relation, let kind = V2Exchange.kind(followingEntry: relation) { v2Kinds[resolved.number] = kind }
        remember(resolved, requestID: exchange.clientRequestID)
        let answer = exchange.answer
        if let token = answer.continuationToken, !token.isEmpty { flowByToken[TokenDigest(token)] = resolved }
        if let code = answer.code, !code.isEmpty { flowByCode[TokenDigest(code)] = resolved }
        for link in answer.links where V2Exchange.isPlainName(link.relation) {
            let digest = TokenDigest(link.path)
            flowByLink[digest] = resolved
            relationByLink[LinkKey(flow: resolved.number, path: digest)] = link.relation
        }
        return Assignment(
            flowID: "flow-\(resolved.number)", kind: v2Kinds[resolved.number] ?? resolved.kind,
            step: V2Exchange.step(operation, relation: relation, path: exchange.path), isV2: true)
    }

    private func flow(ofRequestID id: String?) -> Flow? {
        guard let id, !id.isEmpty else { return nil }
        return flowByRequestID[id.lowercased()]
    }

    private mutating func newFlow(kind: String) -> Flow {
        defer { nextFlow += 1 }
        return Flow(number: nextFlow, kind: kind)
    }

    private mutating func remember(_ flow: Flow, requestID: String?) {
        if let requestID, !requestID.isEmpty { flowByRequestID[requestID.lowercased()] = flow }
    }

    /// The flow kind an exchange of `endpoint` starts (`other` for a path that is not native-auth).
    private static func kind(of endpoint: NativeAuthEndpoint?) -> String {
        switch endpoint?.flow {
        case .signUp: "signUp"
        case .signIn, .token: "signIn"
        case .resetPassword: "resetPassword"
        case .mfa: "mfa"
        case .registration: "registerStrongAuth"
        case nil: "other"
        }
    }
}

/// What flow grouping keeps of a continuation token: two SipHash values of its bytes (`Hasher`,
/// keyed at random once per process) under two different prefixes, 128 bits in all. The text
/// cannot be had back from it, and two tokens among the 16,384 remembered share one with a
/// probability near 2⁻¹⁰⁰ (which would only put two exchanges in one flow). SHA-256 through a
/// `Data` copy cost three times as much per exchange.
struct TokenDigest: Hashable, Sendable {
    let first: Int
    let second: Int

    init(_ token: String) {
        var copy = token
        (first, second) = copy.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var one = Hasher()
            one.combine(UInt8(1))
            one.combine(bytes: raw)
            var two = Hasher()
            two.combine(UInt8(2))
            two.combine(bytes: raw)
            return (one.finalize(), two.finalize())
        }
    }
}

/// A dictionary that forgets its oldest keys beyond `capacity` entries.
struct BoundedMap<Key: Hashable, Value> {
    let capacity: Int
    private var values: [Key: Value] = [:]
    /// Keys in insertion order from `head` on (a key set again is not moved).
    private var order: [Key] = []
    private var head = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { values.count }

    subscript(key: Key) -> Value? {
        get { values[key] }
        set {
            guard let newValue else {
                values[key] = nil
                return
            }
            if values.updateValue(newValue, forKey: key) == nil {
                order.append(key)
                while values.count > capacity, head < order.count {
                    values[order[head]] = nil
                    head += 1
                }
                // Drop forgotten keys from the front once they are half of the array.
                if head > capacity {
                    order.removeFirst(head)
                    head = 0
                }
            }
        }
    }
}

extension BoundedMap: Sendable where Key: Sendable, Value: Sendable {}
