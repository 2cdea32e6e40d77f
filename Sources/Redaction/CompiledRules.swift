import Foundation
import HAR

/// A rule set prepared for fast lookup: names lowercased into tables, patterns compiled.
///
/// A class, not a struct: every entry's `ValueRedactor` holds the rules, and copying a
/// struct of some twenty tables meant retaining each of them, from both threads at once
/// (reference counts bouncing between cores). Nothing changes after `init`, hence
/// `@unchecked Sendable`.
final class CompiledRules: @unchecked Sendable {
    var formFields: [String: RedactionRule] = [:]
    var queryParameters: [String: RedactionRule] = [:]
    var headers: [String: RedactionRule] = [:]
    var cookies: [String: RedactionRule] = [:]
    var cookieWildcard: RedactionRule?
    var jsonKeys: [String: RedactionRule] = [:]
    var jsonPaths: [(components: [String], rule: RedactionRule)] = []
    var patterns: [(pattern: PCRE2Pattern, rule: RedactionRule)] = []
    /// For each pattern, bytes every match contains (known for the built-in patterns), so
    /// strings without them skip the pattern.
    var requiredLiterals: [[UInt8]?] = []
    /// The same literals for a one-pass search; nil when a pattern has none.
    var literalAnchors: LiteralAnchors?
    var mimeTypes: [(mimeType: String, rule: RedactionRule)] = []
    /// Lowercased header names the splice path must look at even when no pattern can match
    /// their value: names with a rule, cookies, and the content coding.
    var notableHeaderNames: [[UInt8]] = []
    /// `jsonPaths` with components as bytes, for `JSONBodyBytes`.
    var jsonPathBytes: [(components: [[UInt8]], rule: RedactionRule)] = []
    /// Whether JSON key and path rules name only ASCII keys, so bytes can be compared.
    var jsonNamesAreASCII = true
    /// Bit `n` set when some JSON path rule has `n` components (bit 63: 63 or more).
    var jsonPathDepths: UInt64 = 0
    /// For each number of components, the indices in `jsonPathBytes` of the rules that have
    /// it, in order: a value is compared with the rules of its depth only.
    var jsonPathsByDepth: [[Int]] = []
    /// The name tables again, for lookups from bytes (`NameTable`).
    var jsonKeyNames = NameTable([:])
    var formFieldNames = NameTable([:])
    var queryParameterNames = NameTable([:])
    var headerNames = NameTable([:])

    init(_ ruleSet: RuleSet) throws(PatternError) {
        for rule in ruleSet.rules {
            switch rule.target {
            case .formField(let name): Self.insertFirst(&formFields, name, rule)
            case .queryParameter(let name): Self.insertFirst(&queryParameters, name, rule)
            case .header(let name): Self.insertFirst(&headers, name, rule)
            case .cookie(let name):
                if name == "*" {
                    if cookieWildcard == nil { cookieWildcard = rule }
                } else {
                    Self.insertFirst(&cookies, name, rule)
                }
            case .jsonKey(let name): Self.insertFirst(&jsonKeys, name, rule)
            case .jsonPath(let path): jsonPaths.append((Self.pathComponents(path), rule))
            case .pattern(let source):
                patterns.append((try PCRE2Pattern(source, name: rule.name), rule))
                requiredLiterals.append(Self.requiredLiteral(of: source))
            case .bodyMIMEType(let mimeType): mimeTypes.append((mimeType.lowercased(), rule))
            }
        }
        notableHeaderNames = (Array(headers.keys) + ["cookie", "set-cookie", "content-encoding"]).map { Array($0.utf8) }
        literalAnchors = LiteralAnchors(requiredLiterals)
        jsonPathBytes = jsonPaths.map { ($0.components.map { Array($0.utf8) }, $0.rule) }
        jsonKeyNames = NameTable(jsonKeys)
        for (index, entry) in jsonPathBytes.enumerated() {
            jsonPathDepths |= entry.components.count < 64 ? 1 << UInt64(entry.components.count) : 1 << 63
            if jsonPathsByDepth.count <= entry.components.count {
                jsonPathsByDepth += Array(repeating: [], count: entry.components.count + 1 - jsonPathsByDepth.count)
            }
            jsonPathsByDepth[entry.components.count].append(index)
        }
        jsonNamesAreASCII = jsonKeyNames.isASCII && jsonPathBytes.allSatisfy { $0.components.joined().allSatisfy { $0 < 0x80 } }
        formFieldNames = NameTable(formFields)
        queryParameterNames = NameTable(queryParameters)
        headerNames = NameTable(headers)
    }

    private static func insertFirst(_ table: inout [String: RedactionRule], _ name: String, _ rule: RedactionRule) {
        let key = name.lowercased()
        if table[key] == nil { table[key] = rule }
    }

    /// A literal every match of the built-in pattern `source` contains; nil for other patterns.
    static func requiredLiteral(of source: String) -> [UInt8]? {
        switch source {
        case Patterns.jwt: return Array("eyJ".utf8)
        case Patterns.email: return Array("@".utf8)
        case Patterns.phone: return Array("+".utf8)
        case Patterns.methodIDAfterMethods: return Array("/methods/".utf8)
        case Patterns.methodIDAfterMFA: return Array("/mfa/".utf8)
        case Patterns.methodIDAfterRegister: return Array("/register/".utf8)
        case Patterns.googleAPIKey: return Array("AIza".utf8)
        case Patterns.fcmToken: return Array("APA91b".utf8)
        case Patterns.googleSyncBirthday: return Array("Z:AD".utf8)
        default: return nil
        }
    }

    /// Whether `text` contains `literal`.
    static func contains(_ text: String, _ literal: [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { contains($0, literal) }
    }

    /// Whether `bytes` contain `literal`.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: [UInt8]) -> Bool {
        ByteSearch.firstIndex(of: literal, in: bytes) != nil
    }

    /// Whether no pattern can match in `bytes` because each lacks a literal its pattern
    /// needs. `bytes` may be the raw text of a JSON string: escapes never stand for a literal.
    func patternsCannotMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let anchors = literalAnchors else { return false }
        // One pass: most strings hold no anchor byte at all. With at most four distinct
        // anchor bytes, eight bytes are tested at once and only a word holding one is looked
        // at byte by byte.
        var index = 0
        let count = bytes.count
        if let base = bytes.baseAddress, let words = anchors.broadcast {
            let ones: UInt64 = 0x0101_0101_0101_0101
            @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                var hit = zeroBytes(word ^ words.0) | zeroBytes(word ^ words.1) | zeroBytes(word ^ words.2) | zeroBytes(word ^ words.3)
                if let more = anchors.moreBroadcast {
                    hit |= zeroBytes(word ^ more.0) | zeroBytes(word ^ more.1) | zeroBytes(word ^ more.2) | zeroBytes(word ^ more.3)
                }
                if hit & (ones << 7) != 0 {
                    for at in index..<(index + 8) where anchors.isAnchor(base[at]) {
                        if anchors.literalMatches(at: at, in: bytes) { return false }
                    }
                }
                index += 8
            }
        }
        while index < count {
            if anchors.isAnchor(bytes[index]), anchors.literalMatches(at: index, in: bytes) { return false }
            index += 1
        }
        return true
    }

    /// For `patternsCannotMatch`: one byte of each required literal (the rarest-looking) and
    /// where it sits; nil when some pattern has no known literal.
    struct LiteralAnchors: Sendable {
        var literals: [(literal: [UInt8], offset: Int)] = []
        /// Bit `b` set when byte `b` is an anchor.
        var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// The first four anchor bytes each repeated over a word (the first one again when
        /// there are fewer than four), or nil when there are more than eight.
        var broadcast: (UInt64, UInt64, UInt64, UInt64)?
        /// The fifth to eighth, when there are more than four (the fifth again for fewer).
        var moreBroadcast: (UInt64, UInt64, UInt64, UInt64)?

        init?(_ literals: [[UInt8]?]) {
            for literal in literals {
                guard let literal, !literal.isEmpty else { return nil }
                // Lowercase letters and digits are common in values; prefer anything else.
                func rank(_ byte: UInt8) -> Int {
                    if byte &- UInt8(ascii: "a") < 26 { return 0 }
                    if byte &- UInt8(ascii: "0") < 10 { return 1 }
                    if byte &- UInt8(ascii: "A") < 26 { return 2 }
                    return 3
                }
                let offset = literal.indices.max { rank(literal[$0]) < rank(literal[$1]) } ?? 0
                self.literals.append((literal, offset))
                let byte = Int(literal[offset])
                switch byte >> 6 {
                case 0: bits.0 |= 1 << UInt64(byte & 63)
                case 1: bits.1 |= 1 << UInt64(byte & 63)
                case 2: bits.2 |= 1 << UInt64(byte & 63)
                default: bits.3 |= 1 << UInt64(byte & 63)
                }
            }
            let words = Self.broadcast(self.literals)
            broadcast = words?.first
            moreBroadcast = words?.more
        }

        /// Whether a required literal whose anchor is the byte at `index` surrounds it.
        func literalMatches(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let byte = bytes[index]
            for (literal, offset) in literals where literal[offset] == byte && index >= offset {
                let start = index - offset
                if start + literal.count <= bytes.count,
                    literal.withUnsafeBufferPointer({ UnsafeBufferPointer(rebasing: bytes[start..<(start + literal.count)]).elementsEqual($0) })
                {
                    return true
                }
            }
            return false
        }

        /// The anchor bytes, `literals`' order: eight bytes are tested at once against up to
        /// eight anchors (four XOR-and-borrow tests each for the first four, four more only
        /// when there are more, so the usual rule sets pay for four).
        private static func broadcast(
            _ literals: [(literal: [UInt8], offset: Int)]
        ) -> (first: (UInt64, UInt64, UInt64, UInt64), more: (UInt64, UInt64, UInt64, UInt64)?)? {
            var anchors: [UInt8] = []
            for (literal, offset) in literals where !anchors.contains(literal[offset]) { anchors.append(literal[offset]) }
            guard let first = anchors.first, anchors.count <= 8 else { return nil }
            func words(_ from: Int, repeating fill: UInt8) -> (UInt64, UInt64, UInt64, UInt64) {
                let w = (from..<(from + 4)).map { UInt64(anchors.count > $0 ? anchors[$0] : fill) &* 0x0101_0101_0101_0101 }
                return (w[0], w[1], w[2], w[3])
            }
            return (words(0, repeating: first), anchors.count > 4 ? words(4, repeating: anchors[4]) : nil)
        }

        @inline(__always) func isAnchor(_ byte: UInt8) -> Bool {
            let word: UInt64
            switch byte >> 6 {
            case 0: word = bits.0
            case 1: word = bits.1
            case 2: word = bits.2
            default: word = bits.3
            }
            return word >> UInt64(byte & 63) & 1 != 0
        }
    }

    /// Whether the raw bytes of a header name may lowercase to a notable name (always true
    /// for non-ASCII names, whose lowercasing is not byte-wise).
    func isNotableHeaderName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for name in notableHeaderNames where name.count == bytes.count {
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte >= 0x80 { return true }
                let lowered = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                if lowered != name[i] { break }
                i += 1
            }
            if i == bytes.count { return true }
        }
        return !ValueRedactor.isASCII(bytes)
    }

    /// `methods[].id` → `["methods", "[]", "id"]`, lowercased.
    static func pathComponents(_ path: String) -> [String] {
        var components: [String] = []
        for part in path.lowercased().split(separator: ".") {
            var name = Substring(part)
            var arrays = 0
            while name.hasSuffix("[]") {
                name = name.dropLast(2)
                arrays += 1
            }
            if !name.isEmpty { components.append(String(name)) }
            components += Array(repeating: "[]", count: arrays)
        }
        return components
    }

    /// The rule for a JSON value at `path` (lowercased components) under `key`.
    func jsonRule(path: [String], key: String?) -> RedactionRule? {
        if path.count < jsonPathsByDepth.count {
            for index in jsonPathsByDepth[path.count] where jsonPaths[index].components == path { return jsonPaths[index].rule }
        }
        if let key { return jsonKeys[key.lowercased()] }
        return nil
    }

    /// The whole-body rule for a MIME type, if any.
    func mimeRule(_ mimeType: String) -> RedactionRule? {
        if mimeTypes.isEmpty { return nil }
        let essence = ASCIIText.mediaTypeEssence(mimeType)
        for entry in mimeTypes {
            if entry.mimeType == essence { return entry.rule }
            if entry.mimeType.hasSuffix("/*"), essence.hasPrefix(entry.mimeType.dropLast()) { return entry.rule }
        }
        return nil
    }
}
