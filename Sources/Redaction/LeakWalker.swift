import Foundation
import HAR

/// Walks a HAR document's JSON tree and runs the detectors on every string in it.
struct LeakWalker {
    let file: String
    let detectors: LeakDetectors
    let canaries: [String]
    var findings: [LeakFinding] = []
    var canariesFound: Set<Int> = []
    /// The findings again, to drop repeats without searching the list.
    private var reported: Set<LeakFinding> = []

    init(file: String, detectors: LeakDetectors, canaries: [String]) {
        self.file = file
        self.detectors = detectors
        self.canaries = canaries
    }

    mutating func walk(_ value: JSONValue, path: String, entry: Int?, fieldName: String?) {
        switch value {
        case .string(let text):
            examine(text, path: path, entry: entry, fieldName: fieldName, depth: 0)
        case .array(let items):
            for (index, item) in items.enumerated() {
                let itemEntry = path == "log.entries" ? index : entry
                let itemPath = path == "log.entries" ? "entries[\(index)]" : "\(path)[\(index)]"
                walk(item, path: itemPath, entry: itemEntry, fieldName: fieldName)
            }
        case .object(let object):
            // name/value pairs (headers, params, cookies): the name is the value's field name.
            let pairName = object["name"]?.stringValue?.lowercased()
            let isBase64 = object["encoding"]?.stringValue?.lowercased() == "base64"
            for member in object {
                let childPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                if member.key == "text", isBase64, case .string(let text) = member.value {
                    if let data = Data(base64Encoded: ValueRedactor.mayHoldWhiteSpace(text) ? text.filter { !$0.isWhitespace } : text) {
                        examineBytes([UInt8](data), path: childPath + "(base64)", entry: entry)
                        continue
                    }
                }
                let name = member.key == "value" ? pairName : member.key.lowercased()
                walk(member.value, path: childPath, entry: entry, fieldName: name)
            }
        case .null, .bool, .number:
            break
        }
    }

    mutating func examineBytes(_ bytes: [UInt8], path: String, entry: Int?) {
        var decoded = bytes
        for coding in [ContentCoding.gzip, .deflate] where coding.looksEncoded(bytes) {
            if let inflated = coding.decode(bytes) { decoded = inflated }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { return }
        examine(text, path: path, entry: entry, fieldName: nil, depth: 0)
    }

    /// Runs the detectors on `text`, then looks inside it when it is JSON or a form.
    /// Shape detectors run only on outer strings: a field inside a body was part of the body
    /// text they already ran over.
    mutating func examine(_ text: String, path: String, entry: Int?, fieldName: String?, depth: Int, runShapes: Bool = true) {
        if text.isEmpty { return }
        if runShapes { checkCanaries(text, path: path, entry: entry) }
        let isPlaceholder = PlaceholderTable.isPlaceholder(text)
        if let fieldName, !isPlaceholder {
            if LeakDetectors.codeFields.contains(fieldName), text.count >= 4, text.count <= 10,
                text.allSatisfy(\.isASCIIDigit)
            {
                report(path, entry, "code", "one-time code in field '\(fieldName)' (\(text.count) digits)")
            } else if LeakDetectors.secretFields.contains(fieldName), !Self.isRedactedHeaderValue(text),
                !["true", "false", "1", "0"].contains(text)
            {
                report(path, entry, "secret-field", "field '\(fieldName)' holds a value that is not a placeholder: \(LeakDetectors.mask(Substring(text)))")
            }
        }
        guard runShapes else {
            examineInside(text, path: path, entry: entry, depth: depth)
            return
        }
        // Each shape needs something most strings lack: a dot and 26 bytes (JWT), 32 bytes
        // (long token), `@` (e-mail), `+` (phone). One pass over the bytes says which to run.
        let count = text.utf8.count
        var (dot, at, plus) = (false, false, false)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."): dot = true
            case UInt8(ascii: "@"): at = true
            case UInt8(ascii: "+"): plus = true
            default: break
            }
        }
        for range in dot && count >= 26 ? detectors.jwt.matchRanges(in: text) : [] {
            let candidate = Self.substring(text, range)
            if LeakDetectors.isJWT(candidate) {
                report(path, entry, "jwt", "JSON Web Token \(LeakDetectors.mask(candidate))")
            }
        }
        for range in count >= 32 ? detectors.longToken.matchRanges(in: text) : [] {
            let candidate = Self.substring(text, range)
            if LeakDetectors.isHighEntropy(candidate), !LeakDetectors.isJWT(candidate),
                !PlaceholderTable.isPlaceholder(String(candidate))
            {
                report(path, entry, "token", "long token-like string \(LeakDetectors.mask(candidate))")
            }
        }
        for range in at ? detectors.email.matchRanges(in: text) : [] {
            report(path, entry, "email", "e-mail address \(LeakDetectors.mask(Self.substring(text, range)))")
        }
        for range in plus ? detectors.phone.matchRanges(in: text) : [] {
            report(path, entry, "phone", "phone number \(LeakDetectors.mask(Self.substring(text, range)))")
        }
        examineInside(text, path: path, entry: entry, depth: depth)
    }

    /// Looks at the fields of a JSON document or form inside `text`.
    mutating func examineInside(_ text: String, path: String, entry: Int?, depth: Int) {
        guard depth < 4 else { return }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "{" || trimmed.first == "[", let json = try? JSONParser.parse(text) {
            walkNested(json, path: path, entry: entry, depth: depth + 1)
        } else if Self.has(text, "="), !Self.has(text, " "), !Self.has(text, "\n") {
            let query = text.split(separator: "?", maxSplits: 1).last ?? Substring(text)
            for field in FormBody(query).fields where !field.value.isEmpty {
                // Shapes were checked on the whole text; here only what needs the field name.
                examine(field.value, path: "\(path)[\(field.name)]", entry: entry, fieldName: field.name.lowercased(), depth: depth + 1, runShapes: false)
            }
        }
    }

    mutating func walkNested(_ value: JSONValue, path: String, entry: Int?, depth: Int) {
        switch value {
        case .object(let object):
            for member in object {
                if case .string(let text) = member.value {
                    examine(text, path: "\(path)[\(member.key)]", entry: entry, fieldName: member.key.lowercased(), depth: depth, runShapes: false)
                } else {
                    walkNested(member.value, path: "\(path)[\(member.key)]", entry: entry, depth: depth)
                }
            }
        case .array(let items):
            for (index, item) in items.enumerated() { walkNested(item, path: "\(path)[\(index)]", entry: entry, depth: depth) }
        default:
            break
        }
    }

    mutating func checkCanaries(_ text: String, path: String, entry: Int?) {
        for (index, canary) in canaries.enumerated() where Self.contains(text, canary) {
            canariesFound.insert(index)
            report(path, entry, "canary", "canary #\(index + 1) appears here")
        }
    }

    mutating func report(_ path: String, _ entry: Int?, _ detector: String, _ reason: String) {
        let finding = LeakFinding(file: file, entry: entry, location: path, detector: detector, reason: reason)
        if reported.insert(finding).inserted { findings.append(finding) }
    }

    /// `Bearer REDACTED-authorization-1` and cookie lists of placeholders count as redacted.
    static func isRedactedHeaderValue(_ value: String) -> Bool {
        let words = value.split(whereSeparator: { " ;,=".contains($0) })
        return words.contains(where: { PlaceholderTable.isPlaceholder(String($0)) })
            && !words.contains(where: { $0.count >= 16 && !PlaceholderTable.isPlaceholder(String($0)) })
    }

    static func substring(_ text: String, _ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        return Substring(text[lower..<upper])
    }

    /// The forms a canary takes when it is form-encoded or JSON-escaped.
    static func encodedVariants(of canary: String) -> [String] {
        var variants = [canary, FormBody.encode(canary)]
        if let escaped = canary.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { variants.append(escaped) }
        variants.append(Data(canary.utf8).base64EncodedString())
        return variants
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension LeakWalker {
    /// Whether `text` holds the ASCII character `byte` (a byte search: Foundation's
    /// `contains` bridges the string for every call).
    static func has(_ text: String, _ byte: Unicode.Scalar) -> Bool {
        text.utf8.contains(UInt8(truncatingIfNeeded: byte.value))
    }

    /// Whether `text` holds `part`'s bytes.
    static func contains(_ text: String, _ part: String) -> Bool {
        var copy = text
        return copy.withUTF8 { ByteSearch.firstIndex(of: Array(part.utf8), in: $0) != nil }
    }
}
