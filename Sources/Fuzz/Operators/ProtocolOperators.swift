/// Replaces the body with an error envelope from the catalogue (status 400, sometimes 401).
public struct ErrorEnvelopeOperator: MutationOperator {
    public var name: String { "errorEnvelope" }
    public var weight: Int { 6 }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard response.fault == nil else { return nil }
        let (error, suberror, code, description) = random.pick(Catalogue.envelopes)
        var members: [(key: String, value: JSONNode)] = [("error", .string(error))]
        if let suberror { members.append(("suberror", .string(suberror))) }
        let text = "AADSTS\(code.map(String.init) ?? "0"): " + (description ?? "made-up description") + "."
        members.append(("error_description", .string(text)))
        if let code { members.append(("error_codes", .array([.number(String(code))]))) }
        if random.chance(50) { members.append(("continuation_token", .string("FZ-CT-\(random.below(1000))"))) }
        if suberror == "attribute_validation_failed", random.chance(70) {
            members.append(("invalid_attributes", .array([.object([("name", .string("postalCode"))])])))
        }
        var out = Body.with(response, .object(members))
        out.status = random.chance(85) ? 400 : 401
        return Mutated(out, "\(out.status) error=\(error)" + (suberror.map { " suberror=\($0)" } ?? "") + (code.map { " code=\($0)" } ?? ""))
    }
}

/// Sets `error` to a catalogue value or an unknown string (status 400 when the response was a 200).
public struct ErrorSwapOperator: MutationOperator {
    public var name: String { "errorSwap" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context) else { return nil }
        let value = random.chance(80) ? random.pick(Catalogue.errors) : random.pick(Catalogue.unknownStrings)
        var out = Body.with(response, node.setting("error", to: .string(value)))
        if out.status == 200 { out.status = 400 }
        return Mutated(out, "error=\(value)")
    }
}

/// Sets or removes `suberror`.
public struct SuberrorSwapOperator: MutationOperator {
    public var name: String { "suberrorSwap" }
    public var weight: Int { 2 }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard var node = Body.object(response, context) else { return nil }
        if node["error"] == nil { node = node.setting("error", to: .string("invalid_grant")) }
        var out: FuzzResponse
        let detail: String
        if random.chance(10) {
            out = Body.with(response, node.removing("suberror"))
            detail = "suberror removed"
        } else {
            let value = random.chance(85) ? random.pick(Catalogue.suberrors) : random.pick(Catalogue.unknownStrings)
            out = Body.with(response, node.setting("suberror", to: .string(value)))
            detail = "suberror=\(value)"
        }
        if out.status == 200 { out.status = 400 }
        return Mutated(out, detail)
    }
}

/// Sets the first `error_codes` value (catalogue numbers, others, a non-array).
public struct ErrorCodeSwapOperator: MutationOperator {
    public var name: String { "errorCodeSwap" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context), node["error"] != nil else { return nil }
        let choice = random.below(10)
        let value: JSONNode
        switch choice {
        case 0: value = .array([])
        case 1: value = .number(String(random.pick(Catalogue.errorCodes)))
        case 2: value = .array([.number("1"), .number(String(random.pick(Catalogue.errorCodes)))])
        default: value = .array([.number(String(random.pick(Catalogue.errorCodes)))])
        }
        return Mutated(Body.with(response, node.setting("error_codes", to: value)), "error_codes=\(value.serialized())")
    }
}

/// Sets `challenge_type` to another value.
public struct ChallengeTypeOperator: MutationOperator {
    public var name: String { "challengeType" }
    public var weight: Int { 3 }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context), response.status == 200 || node["challenge_type"] != nil else { return nil }
        let value = random.pick(Catalogue.challengeTypes)
        return Mutated(Body.with(response, node.setting("challenge_type", to: .string(value))), "challenge_type=\(value)")
    }
}

/// `continuation_token` missing, empty, swapped with the previous one, or a fresh value.
public struct ContinuationTokenOperator: MutationOperator {
    public var name: String { "continuationToken" }
    public var weight: Int { 2 }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context) else { return nil }
        switch random.below(4) {
        case 0: return node["continuation_token"] == nil ? nil : Mutated(Body.with(response, node.removing("continuation_token")), "token removed")
        case 1: return Mutated(Body.with(response, node.setting("continuation_token", to: .string(""))), "token empty")
        case 2:
            guard let previous = context.previousToken else { return nil }
            return Mutated(Body.with(response, node.setting("continuation_token", to: .string(previous))), "token = previous")
        default:
            return Mutated(Body.with(response, node.setting("continuation_token", to: .string("FZ-CT-\(random.below(1000))"))), "token fresh")
        }
    }
}

/// `required_attributes`, `invalid_attributes`, `methods`: empty, missing or malformed.
public struct ListFieldOperator: MutationOperator {
    public var name: String { "listField" }
    public init() {}
    static let fields = ["required_attributes", "invalid_attributes", "methods"]
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context) else { return nil }
        let present = ListFieldOperator.fields.filter { node[$0] != nil }
        let field = present.isEmpty ? random.pick(ListFieldOperator.fields) : random.pick(present)
        let variants: [(String, JSONNode?)] = [
            ("missing", nil), ("empty", .array([])), ("string", .string("displayName")),
            ("numbers", .array([.number("1")])), ("nameless", .array([.object([("type", .string("string"))])])),
            ("object", .object([])),
            ("valid", .array([.object([("name", .string("displayName")), ("id", .string("email")),
                                       ("challenge_type", .string("oob")), ("challenge_channel", .string("email"))])])),
        ]
        let (label, value) = random.pick(variants)
        let out = value.map { node.setting(field, to: $0) } ?? node.removing(field)
        return Mutated(Body.with(response, out), "\(field) \(label)")
    }
}

/// Sets the poll_completion `status`.
public struct PollStatusOperator: MutationOperator {
    public var name: String { "pollStatus" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context), node["status"] != nil || context.step.endpointPath.hasSuffix("submit") else { return nil }
        let value = random.pick(Catalogue.pollStatuses)
        return Mutated(Body.with(response, node.setting("status", to: .string(value))), "status=\(value)")
    }
}

/// `code_length`, `interval`, `poll_interval`, `expires_in` at boundaries.
public struct NumberBoundaryOperator: MutationOperator {
    public var name: String { "numberBoundary" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context) else { return nil }
        let present = Catalogue.numberFields.filter { node[$0] != nil }
        guard !present.isEmpty else { return nil }
        let field = random.pick(present)
        let value = random.pick(Catalogue.boundaryNumbers)
        return Mutated(Body.with(response, node.setting(field, to: .number(value))), "\(field)=\(value)")
    }
}
