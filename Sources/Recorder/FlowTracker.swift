import Foundation
import HAR
import NativeAuthWire

/// Groups exchanges into flows (one sign-up, sign-in, password reset...) by following the
/// continuation-token chain and the `client-request-id` header.
///
/// Tokens are kept only as keyed 128-bit digests (``TokenDigest``), never as text. It remembers the most recent
/// ``memory`` tokens and request ids (older ones are forgotten first), so a long recording holds
/// bounded memory; an exchange whose token was forgotten starts a new flow.
struct FlowTracker: Sendable {
    /// The flow an exchange belongs to.
    struct Assignment: Equatable {
        var flowID: String
        var kind: String
        var step: String
    }

    private struct Flow: Sendable {
        var number: Int
        var kind: String
    }

    /// How many tokens and how many request ids are remembered.
    let memory: Int
    private var nextFlow = 1
    private var flowByToken: BoundedMap<TokenDigest, Flow>
    private var flowByRequestID: BoundedMap<String, Flow>

    /// 16,384 by default: a token is needed only until its flow's next step, seconds later, so
    /// this is far more flows in progress than a recording has, at about 2 MB per map when full.
    init(memory: Int = 16_384) {
        self.memory = memory
        flowByToken = BoundedMap(capacity: memory)
        flowByRequestID = BoundedMap(capacity: memory)
    }

    /// The step name of a URL path, for example `signup/v1.0/start` for
    /// `/contoso.onmicrosoft.com/signup/v1.0/start` (the wire vocabulary's `NativeAuthEndpoint`
    /// recognises it, query and tenant segment aside); the path itself when it is not native-auth.
    static func step(ofPath path: String) -> String { step(of: NativeAuthEndpoint(path: path), path: path) }

    private static func step(of endpoint: NativeAuthEndpoint?, path: String) -> String {
        endpoint.map { String($0.path.dropFirst()) } ?? path
    }

    /// Assigns the exchange to a flow and remembers the tokens it hands out.
    mutating func assign(
        path: String, requestForm: [String: String], clientRequestID: String?, responseContinuationToken: String?
    ) -> Assignment {
        let endpoint = NativeAuthEndpoint(path: path)
        let step = Self.step(of: endpoint, path: path)
        var flow: Flow?
        if let token = requestForm["continuation_token"], !token.isEmpty {
            flow = flowByToken[TokenDigest(token)]
        }
        if flow == nil, let clientRequestID, !clientRequestID.isEmpty {
            flow = flowByRequestID[clientRequestID.lowercased()]
        }
        let resolved: Flow
        if let flow {
            resolved = flow
        } else {
            resolved = Flow(number: nextFlow, kind: Self.kind(of: endpoint))
            nextFlow += 1
        }
        if let clientRequestID, !clientRequestID.isEmpty {
            flowByRequestID[clientRequestID.lowercased()] = resolved
        }
        if let token = responseContinuationToken, !token.isEmpty {
            flowByToken[TokenDigest(token)] = resolved
        }
        return Assignment(flowID: "flow-\(resolved.number)", kind: resolved.kind, step: step)
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

/// Small parsers for the bodies flow tracking and the console need.
enum BodyFields {
    /// Decodes an `application/x-www-form-urlencoded` body (byte-level: Foundation's string
    /// functions cost more than the rest of the capture path).
    static func form(_ bytes: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            fields[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }

    /// The value of the last field named `name` in a form body, as ``form(_:)`` would give it,
    /// without decoding the other fields (the capture thread needs only the continuation token).
    static func formValue(_ name: String, in bytes: [UInt8]) -> String? {
        let wanted = Array(name.utf8)
        var found: String?
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let rawName = pair[pair.startIndex..<equals]
            let matches =
                rawName.withUnsafeBufferPointer(FormCodec.needsDecoding)
                ? decode(rawName) == name : rawName.elementsEqual(wanted)
            if matches {
                found = equals < pair.endIndex ? decode(pair[(equals + 1)...]) : ""
            }
        }
        return found
    }

    /// Percent-decodes one form component, `+` as space; invalid escapes are kept as they are
    /// (NativeAuthWire's lenient `FormCodec` decoding, which redaction and replay use too).
    static func decode(_ component: ArraySlice<UInt8>) -> String {
        component.withUnsafeBufferPointer { FormCodec.decodeLeniently(component: $0) }
    }

    /// The top-level string members of a JSON object body (empty when it is not one).
    static func jsonStrings(_ bytes: [UInt8]) -> [String: String] {
        guard bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "{"),
            case .object(let object)? = try? JSONParser.parse(bytes)
        else { return [:] }
        // The last member of a name wins, as with JSONSerialization (and MSAL's dictionaries).
        var strings: [String: String] = [:]
        for (key, value) in object {
            if case .string(let string) = value {
                strings[key] = string
            } else {
                strings[key] = nil
            }
        }
        return strings
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
