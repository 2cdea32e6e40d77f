/// Adds unknown members; the outcome must not change.
public struct ExtraFieldOperator: MutationOperator {
    public var name: String { "extraField" }
    public var isMetamorphic: Bool { true }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context), var members = node.members else { return nil }
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
        guard let node = Body.object(response, context), let members = node.members, members.count > 1 else { return nil }
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
        guard let node = Body.object(response, context) else { return nil }
        if random.chance(50) { return Mutated(Body.with(response, text: " \n" + node.prettySerialized() + "\n"), "pretty") }
        var out = response
        out.body = ReencodeOperator.escapingLetters(node.serializedBytes())
        return Mutated(out, "unicode escapes")
    }

    /// Escapes ASCII letters inside strings (keys too) as `\u00xx`: still the same JSON value. Works on
    /// the compact bytes: the only ASCII letters are the alphabetic ASCII scalars, a non-ASCII scalar's
    /// bytes are never a letter, quote or backslash, and the writer follows a backslash with an ASCII
    /// byte, so this is the scalar-by-scalar rewrite it replaced, without a string built per scalar.
    static func escapingLetters(_ bytes: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString, !escaped, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") {
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "u"))
                out.append(UInt8(ascii: "0"))
                out.append(UInt8(ascii: "0"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
                continue
            }
            out.append(byte)
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString.toggle() }
        }
        return out
    }
}

/// Changes `trace_id`, `timestamp`, `correlation_id`, or appends to `error_description` (markers kept).
public struct DescriptionChangeOperator: MutationOperator {
    public var name: String { "descriptionChange" }
    public var isMetamorphic: Bool { true }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context) else { return nil }
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
