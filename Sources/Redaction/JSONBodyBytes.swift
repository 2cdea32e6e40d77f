import HAR
import NativeAuthWire

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
        /// Whether a string's text holds an escape (known from the first pass, so the second
        /// does not search the string again).
        var hasEscapes = false
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
    /// `rules`' key table and path rules, read once per body: reading them from the class
    /// for every value copied them (retaining their arrays) each time.
    private let keyNames: NameTable
    private let pathRules: [(components: [[UInt8]], rule: RedactionRule)]
    /// Bit `n` set when some path rule has `n` components (most paths are looked up at a
    /// depth no rule has).
    private let pathDepths: UInt64
    /// The path rules by number of components (`CompiledRules.jsonPathsByDepth`).
    private let pathsByDepth: [[Int]]
    private var actions: [Action] = []
    /// The lowercased path of the current value, as `redactJSON` builds it: the bytes of
    /// each component one after the other, with where each ends.
    private var path: [UInt8] = []
    private var pathEnds: [Int] = []

    private init(_ body: UnsafeBufferPointer<UInt8>, rules: CompiledRules) {
        reader = CanonicalReader(body, position: 0)
        self.rules = rules
        keyNames = rules.jsonKeyNames
        pathRules = rules.jsonPathBytes
        pathDepths = rules.jsonPathDepths
        pathsByDepth = rules.jsonPathsByDepth
    }

    /// The first pass over `body`.
    static func plan(_ body: UnsafeBufferPointer<UInt8>, rules: CompiledRules) -> Plan {
        // Keys are compared as bytes, which is exact for ASCII names only.
        guard body.count > 0, rules.jsonNamesAreASCII else { return .notCanonical }
        var scanner = JSONBodyBytes(body, rules: rules)
        scanner.path.reserveCapacity(64)
        scanner.pathEnds.reserveCapacity(8)
        scanner.actions.reserveCapacity(8)
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
                        guard let token = reader.string() else { return false }
                        actions.append(
                            Action(
                                operation: .embedded, range: token.range, isString: true, kind: kind(found),
                                hasEscapes: token.hasEscapes))
                        return true
                    }
                    // An array is not what the rule replaces: its elements get the rules.
                    if byte != UInt8(ascii: "[") { forcedKind = kind(found) }
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
            guard let token = reader.string() else { return false }
            switch mode {
            case .keep: break
            case .replaceAll(let kind):
                actions.append(
                    Action(operation: .replace, range: token.range, isString: true, kind: kind, hasEscapes: token.hasEscapes))
            case .rules:
                // Patterns only run where one could match (an escape may stand for a `/` of a
                // literal: strings with escapes always get them).
                if token.hasEscapes || !rules.patternsCannotMatch(reader.inner(token)) {
                    actions.append(
                        Action(operation: .patterns, range: token.range, isString: true, kind: "", hasEscapes: token.hasEscapes))
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

    /// Where the rule for a value was found: a path rule or a key rule, by its index.
    private enum Found {
        case path(Int)
        case key(Int)
    }

    /// The rule for the current path and key: a path rule first, then the key's (by index,
    /// so that a `keep` rule is never copied: a copy retains strings both threads share).
    private func rule(key: Range<Int>?) -> Found? {
        if let index = pathRule() { return .path(index) }
        guard key != nil else { return nil }
        let start = pathEnds.count > 1 ? pathEnds[pathEnds.count - 2] : 0
        return path.withUnsafeBufferPointer { path in
            keyNames.index(ignoringASCIICase: UnsafeBufferPointer(rebasing: path[start...])).map(Found.key)
        }
    }

    private func action(_ found: Found) -> RedactionRule.Action {
        switch found {
        case .path(let index): return pathRules[index].rule.action
        case .key(let index): return keyNames.action(at: index)
        }
    }

    private func kind(_ found: Found) -> String {
        switch found {
        case .path(let index): return pathRules[index].rule.kind
        case .key(let index): return keyNames.kind(at: index)
        }
    }

    /// The index of a path rule matching the current path.
    private func pathRule() -> Int? {
        let depth = pathEnds.count
        guard pathDepths & (1 << UInt64(min(depth, 63))) != 0, depth < pathsByDepth.count else { return nil }
        for index in pathsByDepth[depth] {
            let matches = path.withUnsafeBufferPointer { path in
                var start = 0
                for (level, end) in pathEnds.enumerated() {
                    if !pathRules[index].components[level].elementsEqual(UnsafeBufferPointer(rebasing: path[start..<end])) {
                        return false
                    }
                    start = end
                }
                return true
            }
            if matches { return index }
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
        path.append(UInt8(ascii: "["))
        path.append(UInt8(ascii: "]"))
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
        let start = path.count
        if key.hasEscapes {
            // Escapes stand for ASCII: `"`, `\` and control characters.
            path.append(contentsOf: reader.unescaped(key))
        } else {
            path.append(contentsOf: inner)
        }
        // Copied whole, then lowered in place.
        path.withUnsafeMutableBufferPointer { path in
            for index in start..<path.count where path[index] &- UInt8(ascii: "A") < 26 { path[index] |= 0x20 }
        }
        pathEnds.append(path.count)
        return true
    }

    private mutating func popPath() {
        pathEnds.removeLast()
        path.removeLast(path.count - (pathEnds.last ?? 0))
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
    ///
    /// With `escapedAgain`, each new text is escaped once more, as inside a JSON string (the
    /// body as a capture stores it); the ranges stay in the body.
    mutating func redactCanonicalJSON(
        _ body: UnsafeBufferPointer<UInt8>, escapedAgain: Bool = false
    ) -> [(range: Range<Int>, text: [UInt8])]? {
        guard case .actions(let actions) = JSONBodyBytes.plan(body, rules: rules) else { return nil }
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        if actions.isEmpty { return edits }
        let reader = CanonicalReader(body, position: 0)
        for action in actions {
            let original = UnsafeBufferPointer(rebasing: body[action.range])
            let text: String
            if action.isString {
                text = reader.text(StringToken(range: action.range, hasEscapes: action.hasEscapes))
            } else {
                text = String(decoding: original, as: UTF8.self)
            }
            if case .replace = action.operation {
                // The usual change: a whole scalar becomes a placeholder, which needs no
                // escaping, so its JSON (and capture) text is written directly around it.
                var output: [UInt8] = []
                output.reserveCapacity(PlaceholderTable.prefix.utf8.count + action.kind.utf8.count + 24)
                output.append(contentsOf: escapedAgain ? Self.escapedQuote : Self.quote)
                // Always a change when issued: the placeholder differs from the value, and
                // serialising is one to one.
                guard appendReplacement(of: text, kind: action.kind, to: &output) else { continue }
                output.append(contentsOf: escapedAgain ? Self.escapedQuote : Self.quote)
                edits.append((action.range, output))
                continue
            }
            let replacement: String?
            switch action.operation {
            case .patterns: replacement = applyPatterns(text)
            case .replace: replacement = nil
            case .embedded: replacement = redactEmbeddedJSON(text, kind: action.kind)
            }
            guard let replacement, let encoded = Self.jsonStringEdit(replacement, original: original, escapedAgain: escapedAgain)
            else { continue }
            edits.append((action.range, encoded))
        }
        return edits
    }

    private static let quote: [UInt8] = [UInt8(ascii: "\"")]
    private static let escapedQuote: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "\"")]

    /// `text` as a JSON string (escaped once more with `escapedAgain`), or nil when that
    /// string is `original` (serialising is one to one: equal bytes are an equal value).
    static func jsonStringEdit(_ text: String, original: UnsafeBufferPointer<UInt8>, escapedAgain: Bool) -> [UInt8]? {
        var text = text
        return text.withUTF8 { bytes -> [UInt8]? in
            if !JSONString.needsEscape(bytes) {
                // Its JSON is `"text"`, and escaping that again only escapes the quotes.
                if original.count == bytes.count + 2, original.first == UInt8(ascii: "\""), original.last == UInt8(ascii: "\""),
                    UnsafeBufferPointer(rebasing: original[(original.startIndex + 1)..<(original.endIndex - 1)]).elementsEqual(bytes)
                {
                    return nil
                }
                var output: [UInt8] = []
                output.reserveCapacity(bytes.count + 4)
                output.append(contentsOf: escapedAgain ? escapedQuote : quote)
                output.append(contentsOf: bytes)
                output.append(contentsOf: escapedAgain ? escapedQuote : quote)
                return output
            }
            var encoded: [UInt8] = []
            encoded.reserveCapacity(bytes.count + 8)
            encoded.append(UInt8(ascii: "\""))
            JSONValue.appendEscapedString(utf8: bytes, to: &encoded)
            encoded.append(UInt8(ascii: "\""))
            if encoded.elementsEqual(original) { return nil }
            if !escapedAgain { return encoded }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(encoded.count + 8)
            JSONValue.appendEscapedString(utf8: encoded, to: &escaped)
            return escaped
        }
    }
}

extension JSONValue {
    /// Whether the value is an array (which a redact-values-inside rule leaves to the rules).
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
