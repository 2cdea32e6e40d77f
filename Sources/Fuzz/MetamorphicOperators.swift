/// Adds unknown members; the outcome must not change.
public struct ExtraFieldOperator: MutationOperator {
    public var name: String { "extraField" }
    public var isMetamorphic: Bool { true }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response), var members = node.members else { return nil }
        let extras: [(String, JSONNode)] = [
            ("x_fuzz", .string("value")), ("new_feature", .object([("enabled", .bool(true))])),
            ("hints", .array([.number("1"), .null])), ("redirect_reason", .string("policy")),
        ]
        let extra = random.pick(extras)
        members.insert((extra.0, extra.1), at: random.below(members.count + 1))
        return Mutated(Body.with(response, .object(members)), "added \(extra.0)")
    }
}

/// Reverses or rotates the member order; the outcome must not change.
public struct ReorderKeysOperator: MutationOperator {
    public var name: String { "reorderKeys" }
    public var isMetamorphic: Bool { true }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response), let members = node.members, members.count > 1 else { return nil }
        let shift = 1 + random.below(members.count - 1)
        let rotated = Array(members[shift...] + members[..<shift])
        return Mutated(Body.with(response, .object(rotated)), "rotated by \(shift)")
    }
}

/// Re-encodes the body: pretty printing, or `\u` escapes for every ASCII letter; the outcome must not change.
public struct ReencodeOperator: MutationOperator {
    public var name: String { "reencode" }
    public var isMetamorphic: Bool { true }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response) else { return nil }
        if random.chance(50) { return Mutated(Body.with(response, text: " \n" + node.prettySerialized() + "\n"), "pretty") }
        // Escape letters inside string values (keys too): still the same JSON value.
        var out = ""
        var inString = false
        var escaped = false
        for scalar in node.serialized().unicodeScalars {
            if inString, !escaped, scalar.properties.isAlphabetic, scalar.isASCII {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                continue
            }
            out.unicodeScalars.append(scalar)
            if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString.toggle() }
        }
        return Mutated(Body.with(response, text: out), "unicode escapes")
    }
}

/// Changes `trace_id`, `timestamp`, `correlation_id`, or appends to `error_description` (markers kept).
public struct DescriptionChangeOperator: MutationOperator {
    public var name: String { "descriptionChange" }
    public var isMetamorphic: Bool { true }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response) else { return nil }
        switch random.below(3) {
        case 0:
            guard let description = node["error_description"]?.stringValue else { return nil }
            return Mutated(Body.with(response, node.setting("error_description", to: .string(description + " Trace ID: fz-\(random.below(99)). Ünïcødé ✓"))),
                           "error_description changed")
        case 1:
            return Mutated(Body.with(response, node.setting("trace_id", to: .string("00000000-0000-4000-8000-\(String(repeating: "f", count: 12))"))), "trace_id changed")
        default:
            return Mutated(Body.with(response, node.setting("timestamp", to: .string("1999-12-31 23:59:59Z"))), "timestamp changed")
        }
    }
}
