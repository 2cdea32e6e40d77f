import HAR

/// JSON bodies redacted on their bytes, for the splice path.
///
/// `redactJSONText` parses a body into a `JSONValue` tree, walks it and serialises the result
/// (compact, `JSONSerializer`'s escaping). When the body already is exactly what that
/// serialiser writes (no white space, only its escapes, valid UTF-8), serialising the
/// redacted tree gives the body's own bytes with the changed scalars written again, so the
/// changed scalars can be spliced into the body instead. The walk makes the same
/// `ValueRedactor` calls as `redactJSON`, in the same order (document order), so counts and
/// placeholders are the same.
///
/// It runs in two passes: the first checks the form and lists what to do with each scalar
/// without calling anything that issues a placeholder, so a body in another form can still go
/// through the typed path with nothing issued; the second makes the calls.
struct JSONBodyBytes {
    /// What the second pass does with one scalar.
    enum Operation {
        /// Pattern rules inside a string no other rule decided.
        case patterns
        /// The whole scalar replaced (a `redact` rule, or inside a container it applies to).
        case replace
        /// `redact-values-inside` on a string: the string holds a JSON document.
        case embedded
    }

    struct Action {
        var operation: Operation
        /// The scalar's bytes in the body, quotes included for strings.
        var range: Range<Int>
        var isString: Bool
        var kind: String
    }

    /// What the first pass of a body gives.
    enum Plan {
        /// The body is not in the serialiser's compact form: use the typed path.
        case notCanonical
        /// The calls to make, in order.
        case actions([Action])
    }

    /// Deeper bodies take the typed path (the parser's own limit is 256).
    static let maximumDepth = 64

    private enum Mode {
        case rules
        /// Under a `keep` rule: nothing inside changes.
        case keep
        /// Inside a container a `redact` or `redact-values-inside` rule applies to: every
        /// scalar replaced with this kind.
        case replaceAll(String)
    }

    private var reader: CanonicalReader
    private let rules: CompiledRules
    private var actions: [Action] = []
    /// The lowercased path of the current value, as `redactJSON` builds it: the bytes of
    /// each component one after the other, with where each ends.
    private var path: [UInt8] = []
    private var pathEnds: [Int] = []

    private init(_ body: UnsafeBufferPointer<UInt8>, rules: CompiledRules) {
        reader = CanonicalReader(body, position: 0)
        self.rules = rules
    }

    /// The first pass over `body`.
    static func plan(_ body: UnsafeBufferPointer<UInt8>, rules: CompiledRules) -> Plan {
        // Keys are compared as bytes, which is exact for ASCII names only.
        guard body.count > 0, rules.jsonNamesAreASCII else { return .notCanonical }
        var scanner = JSONBodyBytes(body, rules: rules)
        scanner.path.reserveCapacity(64)
        scanner.pathEnds.reserveCapacity(8)
        guard scanner.value(mode: .rules, key: nil, depth: 0), scanner.reader.position == body.count else {
            return .notCanonical
        }
        return .actions(scanner.actions)
    }

    /// One value at the reader, with the rule `redactJSON` would find for it.
    private mutating func value(mode: Mode, key: Range<Int>?, depth: Int) -> Bool {
        guard depth <= Self.maximumDepth, let byte = reader.peek() else { return false }
        var mode = mode
        var forcedKind: String?
        switch mode {
        case .keep: break
        case .replaceAll(let kind): forcedKind = kind
        case .rules:
            if let found = rule(key: key) {
                switch action(found) {
                case .keep:
                    mode = .keep
                case .redact:
                    forcedKind = kind(found)
                case .redactValuesInside:
                    if byte == UInt8(ascii: "\"") {
                        let start = reader.position
                        guard reader.string() != nil else { return false }
                        actions.append(
                            Action(operation: .embedded, range: start..<reader.position, isString: true, kind: kind(found)))
                        return true
                    }
                    forcedKind = kind(found)
                }
            }
        }
        if let forcedKind { mode = .replaceAll(forcedKind) }

        switch byte {
        case UInt8(ascii: "{"):
            return object(mode: mode, depth: depth + 1)
        case UInt8(ascii: "["):
            return array(mode: mode, depth: depth + 1)
        case UInt8(ascii: "\""):
            let start = reader.position
            guard let token = reader.string() else { return false }
            switch mode {
            case .keep: break
            case .replaceAll(let kind):
                actions.append(Action(operation: .replace, range: token.range, isString: true, kind: kind))
            case .rules:
                // Patterns only run where one could match (escapes never stand for a literal).
                if !rules.patternsCannotMatch(reader.inner(token)) {
                    actions.append(Action(operation: .patterns, range: start..<reader.position, isString: true, kind: ""))
                }
            }
            return true
        default:
            let start = reader.position
            guard scalar() else { return false }
            if case .replaceAll(let kind) = mode, reader.bytes[start] != UInt8(ascii: "n") {
                actions.append(Action(operation: .replace, range: start..<reader.position, isString: false, kind: kind))
            }
            return true
        }
    }

    /// Where the rule for a value was found: a path rule, or a key rule by its index.
    private enum Found {
        case path(RedactionRule)
        case key(Int)
    }

    /// The rule for the current path and key: a path rule first, then the key's (by index,
    /// so that a `keep` rule is never copied: a copy retains strings both threads share).
    private func rule(key: Range<Int>?) -> Found? {
        if let rule = pathRule() { return .path(rule) }
        guard key != nil else { return nil }
        let start = pathEnds.count > 1 ? pathEnds[pathEnds.count - 2] : 0
        return path.withUnsafeBufferPointer { path in
            rules.jsonKeyNames.index(ignoringASCIICase: UnsafeBufferPointer(rebasing: path[start...])).map(Found.key)
        }
    }

    private func action(_ found: Found) -> RedactionRule.Action {
        switch found {
        case .path(let rule): return rule.action
        case .key(let index): return rules.jsonKeyNames.action(at: index)
        }
    }

    private func kind(_ found: Found) -> String {
        switch found {
        case .path(let rule): return rule.kind
        case .key(let index): return rules.jsonKeyNames.rule(at: index).kind
        }
    }

    /// A path rule matching the current path.
    private func pathRule() -> RedactionRule? {
        for entry in rules.jsonPathBytes where entry.components.count == pathEnds.count {
            var matches = true
            var start = 0
            for (index, end) in pathEnds.enumerated() {
                if !entry.components[index].elementsEqual(path[start..<end]) {
                    matches = false
                    break
                }
                start = end
            }
            if matches { return entry.rule }
        }
        return nil
    }

    private mutating func object(mode: Mode, depth: Int) -> Bool {
        reader.position += 1
        if reader.consume(UInt8(ascii: "}")) { return true }
        while true {
            guard reader.peek() == UInt8(ascii: "\""), let key = reader.string(), reader.consume(UInt8(ascii: ":")) else {
                return false
            }
            guard pushKey(key) else { return false }
            guard value(mode: mode, key: key.range, depth: depth) else { return false }
            popPath()
            if reader.consume(UInt8(ascii: "}")) { return true }
            guard reader.consume(UInt8(ascii: ",")) else { return false }
        }
    }

    private mutating func array(mode: Mode, depth: Int) -> Bool {
        reader.position += 1
        if reader.consume(UInt8(ascii: "]")) { return true }
        path.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
        pathEnds.append(path.count)
        while true {
            guard value(mode: mode, key: nil, depth: depth) else { return false }
            if reader.consume(UInt8(ascii: "]")) { break }
            guard reader.consume(UInt8(ascii: ",")) else { return false }
        }
        popPath()
        return true
    }

    /// Appends the key, lowercased as `String.lowercased()` does, to the path; false for a
    /// non-ASCII key (the typed path compares those by canonical equivalence).
    private mutating func pushKey(_ key: StringToken) -> Bool {
        let inner = reader.inner(key)
        guard ValueRedactor.isASCII(inner) else { return false }
        if key.hasEscapes {
            // Escapes stand for ASCII: `"`, `\` and control characters.
            for byte in reader.unescaped(key) { path.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) }
        } else {
            for byte in inner { path.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) }
        }
        pathEnds.append(path.count)
        return true
    }

    private mutating func popPath() {
        pathEnds.removeLast()
        path.removeSubrange((pathEnds.last ?? 0)...)
    }

    /// `true`, `false`, `null` or a number in JSON's grammar (kept as its text when written).
    private mutating func scalar() -> Bool {
        let bytes = reader.bytes
        var i = reader.position
        func literal(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - i >= count else { return false }
            for k in 0..<count where bytes[i + k] != text.utf8Start[k] { return false }
            i += count
            return true
        }
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            return i - start
        }
        switch bytes[i] {
        case UInt8(ascii: "t"): guard literal("true") else { return false }
        case UInt8(ascii: "f"): guard literal("false") else { return false }
        case UInt8(ascii: "n"): guard literal("null") else { return false }
        default:
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            let integerStart = i
            let integerDigits = digits()
            guard integerDigits > 0, bytes[integerStart] != UInt8(ascii: "0") || integerDigits == 1 else { return false }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { return false }
            }
            if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return false }
            }
        }
        reader.position = i
        return true
    }
}

extension ValueRedactor {
    /// `redactBodyText` for a JSON body on its bytes: nil when the body is not in the compact
    /// serialised form (the caller takes the typed path; nothing was issued), else the
    /// scalars that change, in order, with their new JSON text (none when nothing changed).
    /// Serialising the redacted tree would give the body with exactly these scalars replaced.
    mutating func redactCanonicalJSON(_ body: UnsafeBufferPointer<UInt8>) -> [(range: Range<Int>, text: [UInt8])]? {
        guard case .actions(let actions) = JSONBodyBytes.plan(body, rules: rules) else { return nil }
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        if actions.isEmpty { return edits }
        let reader = CanonicalReader(body, position: 0)
        for action in actions {
            let text: String
            if action.isString {
                let inner = (action.range.lowerBound + 1)..<(action.range.upperBound - 1)
                text = reader.text(StringToken(range: action.range, hasEscapes: body[inner].contains(0x5C)))
            } else {
                text = String(decoding: UnsafeBufferPointer(rebasing: body[action.range]), as: UTF8.self)
            }
            let replacement: String?
            switch action.operation {
            case .patterns: replacement = applyPatterns(text)
            case .replace: replacement = replace(text, kind: action.kind)
            case .embedded: replacement = redactEmbeddedJSON(text, kind: action.kind)
            }
            guard let replacement else { continue }
            let encoded = JSONValue.string(replacement).serialized()
            // Serialising is one to one: equal bytes are an equal value, which is no change.
            if !encoded.elementsEqual(UnsafeBufferPointer(rebasing: body[action.range])) {
                edits.append((action.range, encoded))
            }
        }
        return edits
    }
}
