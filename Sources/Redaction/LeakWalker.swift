import Foundation
import HAR
import NativeAuthWire

/// Walks a HAR document's JSON tree and runs the detectors on every string in it.
///
/// The walk keeps where it is as a stack of steps and spells a location only for a finding:
/// building `entries[3].request.headers[2].value` for every string it passes cost more than
/// the detectors did.
struct LeakWalker {
    let file: String
    let detectors: LeakDetectors
    let canaries: [String]
    var findings: [LeakFinding] = []
    var canariesFound: Set<Int> = []
    /// The findings again, to drop repeats without searching the list.
    private var reported: Set<LeakFinding> = []
    /// Where the walk is: the part's own name, then a step per level.
    private var root = ""
    private var steps: [Step] = []

    /// One level of a location.
    enum Step {
        /// `.key` (or `key` at the start).
        case member(String)
        /// `[key]`: a field of a body or form inside a string.
        case field(String)
        /// `[index]`.
        case index(Int)
        /// `(base64)`: inside a decoded body.
        case decoded
    }

    init(file: String, detectors: LeakDetectors, canaries: [String]) {
        self.file = file
        self.detectors = detectors
        self.canaries = canaries
    }

    /// Walks the value at `cursor` (which the stream has checked already), found at `path`.
    /// The value is read where it lies, never built: a string becomes a `String` when the
    /// detectors look at it.
    mutating func walk(_ cursor: inout JSONCursor, path: String, entry: Int?, fieldName: String?) throws(ScanFailure) {
        root = path
        steps.removeAll(keepingCapacity: true)
        try value(&cursor, entry: entry, fieldName: fieldName)
    }

    /// Whether the value being examined is in a HAR `queryString` or `postData.params` list
    /// (asked only of a long token that looks like one).
    private var inParameterList: Bool {
        steps.contains { if case .member(let key) = $0 { key == "queryString" || key == "params" } else { false } }
    }

    /// Whether a text of this shape is a form body: `postData.text` with a `=`, on one line,
    /// not JSON.
    private func isFormText(_ shape: TextShape, fieldName: String?) -> Bool {
        fieldName == "text" && shape.equals && !shape.newline && !shape.opensContainer
            && steps.contains { if case .member("postData") = $0 { true } else { false } }
    }

    /// The location of the value being examined, as findings spell it.
    var location: String {
        var text = root
        for step in steps {
            switch step {
            case .member(let key): text += text.isEmpty ? key : ".\(key)"
            case .field(let key): text += "[\(key)]"
            case .index(let index): text += "[\(index)]"
            case .decoded: text += "(base64)"
            }
        }
        return text
    }

    private mutating func value(_ cursor: inout JSONCursor, entry: Int?, fieldName: String?) throws(ScanFailure) {
        switch try cursor.peek() {
        case UInt8(ascii: "\""):
            let span = try cursor.string()
            // Without escapes a string's bytes are its text, and their shape is its shape. Most
            // strings (content types, dates, names) can match nothing: their bytes say so before
            // a `String` is made of them.
            let shape = span.escaped ? nil : TextShape(bytes: cursor.raw(span))
            if let shape, canaries.isEmpty, !shape.mayMatter(fieldName: fieldName),
                !(shape.slash && shape.count >= Self.shortestMethodPath && Self.mayHoldMethodPath(cursor.raw(span)))
            {
                break
            }
            examine(cursor.text(span), shape: shape, entry: entry, fieldName: fieldName, depth: 0)
        case UInt8(ascii: "["):
            cursor.position += 1
            var index = 0
            while try cursor.nextElement(first: index == 0) {
                steps.append(.index(index))
                try value(&cursor, entry: entry, fieldName: fieldName)
                steps.removeLast()
                index += 1
            }
        case UInt8(ascii: "{"):
            try object(&cursor, entry: entry)
        default:
            try cursor.skipValue()
        }
    }

    /// An object's members. In name/value pairs (headers, params, cookies) the name is the
    /// value's field name, and `"encoding": "base64"` says `text` is base64; the first member
    /// of each name counts. A `value` or `text` that comes before the member it depends on is
    /// walked after the others.
    private mutating func object(_ cursor: inout JSONCursor, entry: Int?) throws(ScanFailure) {
        cursor.position += 1
        var pairName: String?
        var isBase64 = false
        var (sawName, sawEncoding) = (false, false)
        var waiting: [(key: String, position: Int)] = []
        var first = true
        while let span = try cursor.nextKey(first: first) {
            first = false
            let key = cursor.text(span)
            if key == "name", !sawName {
                sawName = true
                pairName = try Self.peekString(cursor).map(Self.lowercased)
            } else if key == "encoding", !sawEncoding {
                sawEncoding = true
                isBase64 = try Self.peekString(cursor).map(Self.lowercased) == "base64"
            } else if (key == "value" && !sawName) || (key == "text" && !sawEncoding) {
                waiting.append((key, cursor.position))
                try cursor.skipValue()
                continue
            }
            try member(key, &cursor, entry: entry, pairName: pairName, isBase64: isBase64)
        }
        for (key, position) in waiting {
            var later = JSONCursor(cursor.bytes, position: position)
            try member(key, &later, entry: entry, pairName: pairName, isBase64: isBase64)
        }
    }

    private mutating func member(_ key: String, _ cursor: inout JSONCursor, entry: Int?, pairName: String?, isBase64: Bool) throws(ScanFailure) {
        steps.append(.member(key))
        defer { steps.removeLast() }
        if key == "text", isBase64, try cursor.peek() == UInt8(ascii: "\"") {
            let text = cursor.text(try cursor.string())
            if let data = LeakDetectors.base64BodyDecode(text) {
                steps.append(.decoded)
                examineBytes([UInt8](data), entry: entry)
                steps.removeLast()
            } else {
                examine(text, entry: entry, fieldName: "text", depth: 0)
            }
            return
        }
        try value(&cursor, entry: entry, fieldName: key == "value" ? pairName : Self.lowercased(key))
    }

    /// The string at the cursor, without moving it; nil for another kind of value.
    private static func peekString(_ cursor: JSONCursor) throws(ScanFailure) -> String? {
        var probe = cursor
        guard try probe.peek() == UInt8(ascii: "\"") else { return nil }
        return probe.text(try probe.string())
    }

    mutating func examineBytes(_ bytes: [UInt8], entry: Int?) {
        var decoded = bytes
        for coding in [ContentCoding.gzip, .deflate] where coding.looksEncoded(bytes) {
            if let inflated = coding.decode(bytes) { decoded = inflated }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { return }
        examine(text, entry: entry, fieldName: nil, depth: 0)
    }

    /// Runs the detectors on `text`, then looks inside it when it is JSON or a form.
    /// Shape detectors run only on outer strings: a field inside a body was part of the body
    /// text they already ran over.
    /// `shape` is the text's shape when the caller has it already.
    mutating func examine(
        _ text: String, shape known: TextShape? = nil, entry: Int?, fieldName: String?, depth: Int, runShapes: Bool = true
    ) {
        if text.isEmpty { return }
        if runShapes { checkCanaries(text, entry: entry) }
        // One pass over the bytes says which detectors can match and how to look inside:
        // each shape needs something most strings lack (a dot and 26 bytes for a JWT, 32
        // bytes for a long token, `@` for an e-mail, `+` for a phone number).
        let shape = known ?? TextShape(text)
        if let fieldName, let kind = LeakDetectors.watchedKind(fieldName), !PlaceholderTable.isPlaceholder(text) {
            if kind == .code, shape.count >= 4, shape.count <= 10, shape.allDigits {
                report(entry, "code", "one-time code in field '\(fieldName)' (\(shape.count) digits)")
            } else if kind == .code, LeakDetectors.isAuthorizationCode(text, shape: shape.count) {
                report(entry, "code", "authorization code in field '\(fieldName)': \(LeakDetectors.mask(Substring(text)))")
            } else if kind == .secret, !Self.isRedactedHeaderValue(text, fieldName: fieldName), !["true", "false", "1", "0"].contains(text) {
                report(entry, "secret-field", "field '\(fieldName)' holds a value that is not a placeholder: \(LeakDetectors.mask(Substring(text)))")
            } else if kind == .masked, text.utf8.contains(UInt8(ascii: "*")) {
                report(entry, "masked-identifier", "field '\(fieldName)' holds a masked address or number: \(LeakDetectors.mask(Substring(text)))")
            }
        }
        guard runShapes else {
            examineInside(text, shape: shape, entry: entry, depth: depth)
            return
        }
        for range in shape.dot && shape.count >= 26 ? detectors.jwt.matchRanges(in: text) : [] {
            let candidate = Self.substring(text, range)
            if LeakDetectors.isJWT(candidate) {
                report(entry, "jwt", "JSON Web Token \(LeakDetectors.mask(candidate))")
            }
        }
        let longTokens = shape.count >= 32 && shape.longestRun >= 32 && !LeakDetectors.isIdentifierField(fieldName)
        for range in longTokens ? detectors.longToken.matchRanges(in: text) : [] {
            let candidate = Self.withoutEscapeDigits(Self.substring(text, range), in: text, at: range.lowerBound)
            // A path with a placeholder in it (`…/methods/email/REDACTED-method_id-2/verify`)
            // is judged on what lies around the placeholders.
            if LeakDetectors.piecesAroundPlaceholders(candidate).contains(where: {
                $0.utf8.count >= 32 && LeakDetectors.looksLikeToken($0) && !LeakDetectors.isJWT($0) && !LeakDetectors.isImageBase64($0)
            }), LeakDetectors.tokenCounts(in: text, at: range.lowerBound, fieldName: fieldName, inParameterList: inParameterList, formText: isFormText(shape, fieldName: fieldName)
            ) {
                report(entry, "token", "long token-like string \(LeakDetectors.mask(candidate))")
            }
        }
        for range in shape.at ? detectors.email.matchRanges(in: text) : [] {
            let candidate = Self.substring(text, range)
            if !LeakDetectors.isFileName(candidate) { report(entry, "email", "e-mail address \(LeakDetectors.mask(candidate))") }
        }
        for range in shape.plus ? detectors.phone.matchRanges(in: text) : [] {
            report(entry, "phone", "phone number \(LeakDetectors.mask(Self.substring(text, range)))")
        }
        if shape.slash, shape.count >= Self.shortestMethodPath, Self.mayHoldMethodPath(text) {
            for range in detectors.methodID.matchRanges(in: text) {
                let segment = Self.substring(text, range)
                if !PlaceholderTable.isPlaceholder(String(segment)), !LeakDetectors.isRelationName(segment) {
                    report(entry, "method-id", "method id in a V2 path \(LeakDetectors.mask(segment))")
                }
            }
        }
        examineInside(text, shape: shape, entry: entry, depth: depth)
    }

    /// Looks at the fields of a JSON document or form inside `text`.
    private mutating func examineInside(_ text: String, shape: TextShape, entry: Int?, depth: Int) {
        guard depth < 4 else { return }
        if shape.opensContainer, let json = try? JSONParser.parse(text) {
            walkNested(json, entry: entry, depth: depth + 1)
        } else if shape.equals, !shape.space, !shape.newline {
            let query = Self.queryPart(text)
            for field in FormBody(query).fields where !field.value.isEmpty {
                // Shapes were checked on the whole text; here only what needs the field name.
                steps.append(.field(field.name))
                examine(field.value, entry: entry, fieldName: Self.lowercased(field.name), depth: depth + 1, runShapes: false)
                steps.removeLast()
            }
        }
    }

    private mutating func walkNested(_ value: JSONValue, entry: Int?, depth: Int) {
        switch value {
        case .object(let object):
            for member in object.members {
                steps.append(.field(member.key))
                if case .string(let text) = member.value {
                    examine(text, entry: entry, fieldName: Self.lowercased(member.key), depth: depth, runShapes: false)
                } else {
                    walkNested(member.value, entry: entry, depth: depth)
                }
                steps.removeLast()
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                steps.append(.index(index))
                walkNested(item, entry: entry, depth: depth)
                steps.removeLast()
            }
        default:
            break
        }
    }

    private mutating func checkCanaries(_ text: String, entry: Int?) {
        for (index, canary) in canaries.enumerated() where Self.contains(text, canary) {
            canariesFound.insert(index)
            report(entry, "canary", "canary #\(index + 1) appears here")
        }
    }

    private mutating func report(_ entry: Int?, _ detector: String, _ reason: String) {
        let finding = LeakFinding(file: file, entry: entry, location: location, detector: detector, reason: reason)
        if reported.insert(finding).inserted { findings.append(finding) }
    }

    /// `Bearer REDACTED-authorization-1` and cookie lists whose values are placeholders count
    /// as redacted: at least one placeholder, and no other word of 16 characters or more in a
    /// value; or no value at all (`name=; Path=/` deletes a cookie). A cookie's name (before its
    /// first `=`) is not a value: `stsservicecookie=…` is. Each line of a value of several lines
    /// is a header of its own, and in a `Set-Cookie` line only the cookie is a value: its
    /// attributes (`Domain`, `Path`, `Expires`, `SameSite`…) are not.
    static func isRedactedHeaderValue(_ value: String, fieldName: String? = nil) -> Bool {
        var copy = value
        if let verdict = copy.withUTF8({ HeaderValueWords.isRedacted($0, setCookie: fieldName == "set-cookie") }) {
            return verdict
        }
        return isRedactedHeaderValueByCharacters(value, fieldName: fieldName)
    }

    /// `isRedactedHeaderValue` on characters, for any text.
    static func isRedactedHeaderValueByCharacters(_ value: String, fieldName: String?) -> Bool {
        var placeholder = false
        var holdsValue = false
        let setCookie = fieldName == "set-cookie"
        for line in value.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let items: [Substring]
            if setCookie {
                items = [line.prefix { $0 != ";" }]
            } else {
                items = line.split(whereSeparator: { $0 == ";" || $0 == "," })
            }
            for item in items {
                let content = item.firstIndex(of: "=").map { item[item.index(after: $0)...] } ?? item
                for word in content.split(whereSeparator: { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\"" }) {
                    holdsValue = true
                    if PlaceholderTable.isPlaceholder(String(word)) {
                        placeholder = true
                    } else if word.count >= 16 {
                        return false
                    }
                }
            }
        }
        return placeholder || !holdsValue
    }

    /// The shortest text `methodID` can match in (`/mfa/a/b`).
    static let shortestMethodPath = 8

    /// Whether `text` holds one of the literals every method-id path holds.
    static func mayHoldMethodPath(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { mayHoldMethodPath($0) }
    }

    static func mayHoldMethodPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        LeakDetectors.methodPathLiterals.contains { ByteSearch.firstIndex(of: $0, in: bytes) != nil }
    }

    /// A long-token candidate without the two hex digits of a percent escape it starts with
    /// (`%22REDACTED-attribute-3` in a form-encoded JSON attribute matches from `22`).
    static func withoutEscapeDigits(_ candidate: Substring, in text: String, at offset: Int) -> Substring {
        guard offset > 0, text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: offset - 1)] == UInt8(ascii: "%"),
            candidate.utf8.prefix(2).allSatisfy({ JSONCursor.hexValue($0) != nil })
        else { return candidate }
        return candidate.dropFirst(2)
    }

    static func substring(_ text: String, _ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        return Substring(text[lower..<upper])
    }

    /// The forms a canary takes when it is form-encoded or JSON-escaped.
    static func encodedVariants(of canary: String) -> [String] {
        var variants = [canary, FormCodec.escape(canary)]
        if let escaped = canary.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { variants.append(escaped) }
        variants.append(Data(canary.utf8).base64EncodedString())
        return variants
    }

    /// `text` lower-cased; the string itself when it has no upper-case ASCII letter and no
    /// byte outside ASCII (header and field names almost never do). Other ASCII text is
    /// lowercased byte by byte, which is what `lowercased()` gives it.
    static func lowercased(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { bytes -> String in
            var upper = false
            for byte in bytes {
                if byte >= 0x80 { return text.lowercased() }
                if byte &- 65 < 26 { upper = true }
            }
            guard upper else { return text }
            return String(unsafeUninitializedCapacity: bytes.count) { output in
                for offset in 0..<bytes.count {
                    let byte = bytes[offset]
                    output[offset] = byte &- 65 < 26 ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
    }

    /// What `examineInside` reads as a form: the text after its first `?`, as
    /// `text.split(separator: "?", maxSplits: 1).last ?? Substring(text)` gives it. In ASCII
    /// text a character is a byte (`?` is never part of a CR LF pair), so the `?` is found
    /// by bytes; other text is split by characters.
    static func queryPart(_ text: String) -> Substring {
        var copy = text
        let mark = copy.withUTF8 { bytes -> Int?? in
            if bytes.contains(where: { $0 >= 0x80 }) { return nil }
            return .some(bytes.firstIndex(of: UInt8(ascii: "?")))
        }
        guard let mark else { return text.split(separator: "?", maxSplits: 1).last ?? Substring(text) }
        let utf8 = text.utf8
        guard let mark else { return Substring(text) }
        let at = utf8.index(utf8.startIndex, offsetBy: mark)
        // Empty pieces are omitted: `abc?` gives `abc`, `?` gives nothing (the text itself).
        if mark + 1 == utf8.count { return mark == 0 ? Substring(text) : text[..<at] }
        return text[utf8.index(after: at)...]
    }
}

/// What one pass over a string's bytes tells the walker.
struct TextShape {
    /// Bytes.
    var count = 0
    var dot = false, at = false, plus = false, equals = false, space = false, newline = false, slash = false
    /// Whether every byte is an ASCII digit.
    var allDigits = true
    /// The longest run of bytes the long-token detector's class holds (`A-Za-z0-9+/_-`).
    var longestRun = 0
    /// Whether the first byte after JSON white space is `{` or `[`.
    var opensContainer = false

    // What each byte is, as bits: one load per byte instead of a chain of comparisons.
    private static let tokenByte: UInt16 = 1, dotByte: UInt16 = 2, atByte: UInt16 = 4, plusByte: UInt16 = 8
    private static let equalsByte: UInt16 = 16, spaceByte: UInt16 = 32, newlineByte: UInt16 = 64, otherThanDigit: UInt16 = 128
    private static let slashByte: UInt16 = 256
    private static let classes: [UInt16] = (0...255).map { value -> UInt16 in
        let byte = UInt8(value)
        var bits: UInt16 = byte &- 48 < 10 ? 0 : otherThanDigit
        switch byte {
        case UInt8(ascii: "/"): bits |= tokenByte | slashByte
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            bits |= tokenByte
        case UInt8(ascii: "+"): bits |= tokenByte | plusByte
        case UInt8(ascii: "."): bits |= dotByte
        case UInt8(ascii: "@"): bits |= atByte
        case UInt8(ascii: "="): bits |= equalsByte
        case UInt8(ascii: " "): bits |= spaceByte
        case UInt8(ascii: "\n"): bits |= newlineByte
        default: break
        }
        return bits
    }

    init(_ text: String) {
        var copy = text
        self = copy.withUTF8 { TextShape(bytes: $0) }
    }

    /// Whether `examine` could report or look inside a string of this shape in a field of this
    /// name: a field that holds codes or secrets, a shape a detector needs, or JSON or a form
    /// inside. The empty string never matters.
    func mayMatter(fieldName: String?) -> Bool {
        if count == 0 { return false }
        if let fieldName, LeakDetectors.watchedKind(fieldName) != nil { return true }
        return (dot && count >= 26) || longestRun >= 32 || at || plus || opensContainer || (equals && !space && !newline)
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        var index = 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        if index < bytes.count { opensContainer = bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") }
        var seen: UInt16 = 0
        var run = 0
        var longest = 0
        Self.classes.withUnsafeBufferPointer { classes in
            for byte in bytes {
                let bits = classes[Int(byte)]
                seen |= bits
                if bits & Self.tokenByte != 0 {
                    run += 1
                } else {
                    if run > longest { longest = run }
                    run = 0
                }
            }
        }
        longestRun = max(longest, run)
        dot = seen & Self.dotByte != 0
        at = seen & Self.atByte != 0
        plus = seen & Self.plusByte != 0
        equals = seen & Self.equalsByte != 0
        space = seen & Self.spaceByte != 0
        newline = seen & Self.newlineByte != 0
        slash = seen & Self.slashByte != 0
        allDigits = seen & Self.otherThanDigit == 0
    }
}

extension LeakWalker {
    /// Whether `text` holds `part`'s bytes.
    static func contains(_ text: String, _ part: String) -> Bool {
        var copy = text
        return copy.withUTF8 { ByteSearch.firstIndex(of: Array(part.utf8), in: $0) != nil }
    }
}
