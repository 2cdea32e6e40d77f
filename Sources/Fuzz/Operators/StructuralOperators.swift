import HAR

/// Drops one member.
public struct FieldDropOperator: MutationOperator {
    public var name: String { "fieldDrop" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context), let members = node.members, !members.isEmpty else { return nil }
        let index = random.below(members.count)
        var kept = members
        let dropped = kept.remove(at: index)
        return Mutated(Body.with(response, .object(kept)), "dropped \(dropped.key)")
    }
}

/// Duplicates one member, the copy holding another value of the same kind (parsers disagree on which wins).
public struct DuplicateKeyOperator: MutationOperator {
    public var name: String { "duplicateKey" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context), var members = node.members, !members.isEmpty else { return nil }
        let index = random.below(members.count)
        let key = members[index].key
        let other: JSONNode
        switch key {
        case "error": other = .string(random.pick(Catalogue.errors))
        case "suberror": other = .string(random.pick(Catalogue.suberrors))
        case "challenge_type": other = .string(random.pick(Catalogue.challengeTypes))
        case "status": other = .string(random.pick(Catalogue.pollStatuses))
        default: other = members[index].value
        }
        let first = random.chance(50)
        members.insert((key, other), at: first ? index : members.count)
        return Mutated(Body.with(response, .object(members)), "duplicate \(key) (\(first ? "first" : "last"))")
    }
}

/// Changes one member's JSON type.
public struct TypeChangeOperator: MutationOperator {
    public var name: String { "typeChange" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context), let members = node.members, !members.isEmpty else { return nil }
        let member = members[random.below(members.count)]
        let replacements: [(String, JSONNode)] = [
            ("number", .number("42")), ("string", .string("42")), ("bool", .bool(true)), ("null", .null),
            ("array", .array([])), ("object", .object([])), ("array-of-value", .array([member.value])),
        ]
        let (label, value) = random.pick(replacements)
        return Mutated(Body.with(response, node.setting(member.key, to: value)), "\(member.key) as \(label)")
    }
}

/// Makes one string member huge (64 KiB to 1 MiB).
public struct HugeStringOperator: MutationOperator {
    public var name: String { "hugeString" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context), let members = node.members else { return nil }
        let strings = members.filter { $0.value.stringValue != nil }
        guard !strings.isEmpty else { return nil }
        let member = random.pick(strings)
        let size = random.pick([65_536, 262_144, 1_048_576])
        let value = HugeStringOperator.filler(size)
        var out = response
        out.body = node.setting(member.key, to: .string(value)).serializedBytes(plain: value)
        return Mutated(out, "\(member.key) \(size) bytes")
    }

    /// The three filler values, made once: strings are shared copy-on-write, so every case reuses them.
    private static let fillers: [Int: String] = Dictionary(uniqueKeysWithValues: [65_536, 262_144, 1_048_576].map {
        ($0, String(decoding: [UInt8](repeating: UInt8(ascii: "A"), count: $0), as: UTF8.self))
    })

    static func filler(_ size: Int) -> String {
        fillers[size] ?? String(decoding: [UInt8](repeating: UInt8(ascii: "A"), count: size), as: UTF8.self)
    }
}

/// Adds a deeply nested value (past and below the 512 limit of Foundation's parser).
public struct DeepNestingOperator: MutationOperator {
    public var name: String { "deepNesting" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard response.fault == nil, let node = Body.object(response, context), let members = node.members else { return nil }
        let depth = random.pick(DeepNestingOperator.depths)
        let nested = DeepNestingOperator.nested[depth] ?? DeepNestingOperator.nesting(depth)
        var text = node.serialized()
        text.removeLast()
        text += (members.isEmpty ? "" : ",") + "\"nested\":" + nested + "}"
        return Mutated(Body.with(response, text: text), "nesting \(depth)")
    }

    static let depths = [100, 511, 513, 5_000]
    /// The nested values, made once (`String(repeating:count:)` appends one bracket at a time).
    private static let nested: [Int: String] = Dictionary(uniqueKeysWithValues: depths.map { ($0, nesting($0)) })

    static func nesting(_ depth: Int) -> String {
        String(decoding: [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth),
               as: UTF8.self)
    }
}

/// Puts an invalid UTF-8 byte into one string member.
public struct InvalidUTF8Operator: MutationOperator {
    public var name: String { "invalidUTF8" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard let node = Body.object(response, context), let members = node.members else { return nil }
        let strings = members.filter { $0.value.stringValue != nil }
        guard !strings.isEmpty else { return nil }
        let member = random.pick(strings)
        let marker = "\u{1}FUZZ\u{1}"
        let text = node.setting(member.key, to: .string((member.value.stringValue ?? "") + marker)).serialized()
        let bad = random.pick([[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80]] as [[UInt8]])
        var bytes = Array(text.utf8)
        let escaped = Array("\\u0001FUZZ\\u0001".utf8)
        // A plain byte search: `firstRange(of:)` resolves to Foundation's generic `DataProtocol` search here,
        // which is slow over a huge body.
        if let start = ByteSearch.firstIndex(of: escaped, in: bytes) {
            bytes.replaceSubrange(start..<start + escaped.count, with: bad)
        }
        var out = response
        out.body = bytes
        return Mutated(out, "\(member.key) invalid UTF-8")
    }
}

/// Cuts the body at some byte.
public struct TruncateOperator: MutationOperator {
    public var name: String { "truncate" }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard response.fault == nil, response.body.count > 1 else { return nil }
        let length = random.below(response.body.count)
        var out = response
        out.body = Array(response.body.prefix(length))
        return Mutated(out, "cut at \(length)")
    }
}

/// Replaces the body with something that is not a JSON object.
public struct NonJSONOperator: MutationOperator {
    public var name: String { "nonJSON" }
    public init() {}
    static let bodies = ["<html><body>Service Unavailable</body></html>", "null", "[]", "\"error\"", "42", "{", "{}",
                         "{\"error\":\"invalid_grant\"}garbage", "\u{FEFF}{}", "{'error':'invalid_grant'}"]
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard response.fault == nil else { return nil }
        let text = random.pick(NonJSONOperator.bodies)
        return Mutated(Body.with(response, text: text), "body \(text.prefix(20))")
    }
}
