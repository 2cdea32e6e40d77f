/// Swaps the status among 200, 400, 401, 403, 404, 429, 500, 503, keeping the body.
public struct StatusSwapOperator: MutationOperator {
    public var name: String { "statusSwap" }
    public init() {}
    static let statuses = [200, 400, 401, 403, 404, 429, 500, 503]
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard response.fault == nil else { return nil }
        let others = StatusSwapOperator.statuses.filter { $0 != response.status }
        var out = response
        out.status = random.pick(others)
        return Mutated(out, "status \(response.status)→\(out.status)")
    }
}

/// Changes or removes `Content-Type`.
public struct ContentTypeOperator: MutationOperator {
    public var name: String { "contentType" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard response.fault == nil else { return nil }
        var out = response
        out.headers.removeAll { $0.name.lowercased() == "content-type" }
        let value = random.pick(["", "text/html", "text/plain", "application/problem+json", "application/json; charset=latin1"])
        if !value.isEmpty { out.headers.append(.init("Content-Type", value)) }
        return Mutated(out, value.isEmpty ? "content-type removed" : "content-type \(value)")
    }
}

/// Empties the body.
public struct EmptyBodyOperator: MutationOperator {
    public var name: String { "emptyBody" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard response.fault == nil, !response.body.isEmpty else { return nil }
        var out = response
        out.body = []
        return Mutated(out, "empty body")
    }
}

/// Turns the answer into a PKeyAuth device challenge (401 + `WWW-Authenticate: PKeyAuth`).
public struct PKeyAuthOperator: MutationOperator {
    public var name: String { "pkeyAuth" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard response.fault == nil else { return nil }
        var out = response
        out.status = random.chance(70) ? 401 : 400
        out.headers.append(.init("WWW-Authenticate", #"PKeyAuth Nonce="fz", Version="1.0", Context="ctx""#))
        return Mutated(out, "pkeyauth \(out.status)")
    }
}

/// Replaces the answer with a transport fault.
public struct TransportFaultOperator: MutationOperator {
    public var name: String { "transportFault" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        let fault = random.pick(TransportFault.allCases)
        return Mutated(.failure(fault), "fault \(fault.rawValue)")
    }
}
