import Yams

/// A YAML/JSON node with its dotted path, for reading configuration with errors that name the field.
struct ConfigNode {
    let node: Node
    let path: String

    var line: Int? { node.mark?.line }

    func fail(_ problem: String) -> EmulatorConfigError {
        EmulatorConfigError(field: path, problem: problem, line: line)
    }

    func string() throws -> String {
        guard case .scalar(let scalar) = node else { throw fail("expected a string") }
        return scalar.string
    }

    func int() throws -> Int {
        guard case .scalar(let scalar) = node, let value = Int(scalar.string) else {
            throw fail("expected an integer")
        }
        return value
    }

    func uint64() throws -> UInt64 {
        guard case .scalar(let scalar) = node, let value = UInt64(scalar.string) else {
            throw fail("expected a non-negative integer")
        }
        return value
    }

    func double() throws -> Double {
        guard case .scalar(let scalar) = node, let value = Double(scalar.string) else {
            throw fail("expected a number")
        }
        return value
    }

    func bool() throws -> Bool {
        guard case .scalar(let scalar) = node else { throw fail("expected true or false") }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail("expected true or false, found `\(scalar.string)`")
        }
    }

    func sequence() throws -> [ConfigNode] {
        guard case .sequence(let items) = node else { throw fail("expected a list") }
        return items.enumerated().map { ConfigNode(node: $1, path: "\(path)[\($0)]") }
    }

    func strings() throws -> [String] { try sequence().map { try $0.string() } }

    func fields() throws -> ConfigFields {
        guard case .mapping(let mapping) = node else { throw fail("expected a mapping of fields") }
        var entries: [(String, ConfigNode)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else { throw fail("field names must be strings") }
            let childPath = path.isEmpty ? scalar.string : "\(path).\(scalar.string)"
            entries.append((scalar.string, ConfigNode(node: value, path: childPath)))
        }
        return ConfigFields(owner: self, entries: entries)
    }

    /// A mapping of string to string (e.g. user attributes).
    func stringMap() throws -> [String: String] {
        var result: [String: String] = [:]
        var fields = try fields()
        for (key, node) in fields.entries {
            result[key] = try node.string()
            _ = fields.take(key)
        }
        return result
    }
}

/// The fields of one mapping; every field must be consumed, so a misspelt key is reported.
struct ConfigFields {
    let owner: ConfigNode
    let entries: [(String, ConfigNode)]
    private var used: Set<String> = []

    init(owner: ConfigNode, entries: [(String, ConfigNode)]) {
        self.owner = owner
        self.entries = entries
    }

    mutating func take(_ key: String) -> ConfigNode? {
        used.insert(key)
        return entries.first { $0.0 == key }?.1
    }

    mutating func require(_ key: String) throws -> ConfigNode {
        guard let node = take(key) else {
            let path = owner.path.isEmpty ? key : "\(owner.path).\(key)"
            throw EmulatorConfigError(field: path, problem: "is required", line: owner.line)
        }
        return node
    }

    /// Throws for the first key that was never read.
    func finish() throws {
        for (key, node) in entries where !used.contains(key) {
            throw node.fail("unknown field; expected one of \(used.sorted().joined(separator: ", "))")
        }
    }
}
