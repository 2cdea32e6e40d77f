import Foundation
import HAR
import NativeAuthWire

extension ValueRedactor {
    // MARK: Headers and cookies

    /// A header value with its secrets replaced; nil when nothing changed. A value of several
    /// lines (`Set-Cookie: a=1; Path=/\nb=2`, as Chrome HAR Capturer, chrome-har, Firebug and
    /// Firefox 43 export repeated headers) is redacted line by line, each as its own header.
    mutating func redactHeaderValue(name: String, value: String) -> String? {
        if Self.holdsLineFeed(value) {
            return redactEachLine(value) { redactor, line in redactor.redactHeaderLine(name: name, value: line) }
        }
        return redactHeaderLine(name: name, value: value)
    }

    /// Whether `value` has a line feed (a header value that joins several header lines).
    static func holdsLineFeed(_ value: String) -> Bool {
        value.utf8.contains(0x0A)
    }

    /// `value` split at line feeds (a carriage return before one stays with its line's end),
    /// each line given to `redactLine`; nil when no line changed.
    mutating func redactEachLine(_ value: String, _ redactLine: (inout ValueRedactor, String) -> String?) -> String? {
        var changed = false
        var lines: [String] = []
        for part in value.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(part)
            let carriageReturn = line.utf8.last == 0x0D
            if carriageReturn { line = String(line.dropLast()) }
            if let redacted = redactLine(&self, line) {
                changed = true
                line = redacted
            }
            lines.append(carriageReturn ? line + "\r" : line)
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// One line of a header value.
    private mutating func redactHeaderLine(name: String, value: String) -> String? {
        let lowered = name.lowercased()
        if let rule = rules.headers[lowered] { return redactHeaderLine(rule: rule, value: value) }
        if lowered == "cookie" { return redactCookieHeader(value) }
        if lowered == "set-cookie" { return redactSetCookie(value) }
        if Self.urlHeaders.contains(lowered) { return lowered == "link" ? redactLinkHeader(value) : redactURL(value) }
        return applyPatterns(value)
    }

    /// Headers whose value is a URL or part of one (`:path` repeats the request URL's path and
    /// query in HTTP/2 exports): they get the URL rules, query parameters included.
    static let urlHeaders: Set<String> = [":path", "referer", "location", "origin", "content-location", "link"]

    /// `<url>; rel=next, <url>; rel=prev`: each URL between `<` and `>` redacted as a URL, the
    /// rest by the patterns.
    mutating func redactLinkHeader(_ value: String) -> String? {
        var result = ""
        var changed = false
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            let before = String(rest[..<open])
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: ">") else { break }
            let patterned = applyPatterns(before)
            let url = String(after[..<close])
            let redacted = redactURL(url)
            changed = changed || patterned != nil || redacted != nil
            result += (patterned ?? before) + "<" + (redacted ?? url) + ">"
            rest = after[after.index(after: close)...]
        }
        let tail = applyPatterns(String(rest))
        changed = changed || tail != nil
        return changed ? result + (tail ?? String(rest)) : nil
    }

    /// The value of a header whose name has `rule`, line by line.
    mutating func redactHeaderValue(rule: RedactionRule, value: String) -> String? {
        guard rule.action != .keep else { return nil }
        if Self.holdsLineFeed(value) {
            return redactEachLine(value) { redactor, line in redactor.redactHeaderLine(rule: rule, value: line) }
        }
        return redactHeaderLine(rule: rule, value: value)
    }

    /// One line of a header whose name has `rule`.
    private mutating func redactHeaderLine(rule: RedactionRule, value: String) -> String? {
        guard rule.action != .keep else { return nil }
        // Keep an authorization scheme readable: `Bearer REDACTED-authorization-1`.
        if let space = value.firstIndex(of: " "), Self.isAuthorizationScheme(value[..<space].utf8) {
            let credential = String(value[value.index(after: space)...])
            return String(value[...space]) + replace(credential, kind: rule.kind)
        }
        return apply(rule, to: value)
    }

    /// Whether `scheme` is `bearer`, `basic`, `negotiate` or `pop` in any case (the same as
    /// comparing `lowercased()`: no other text lowercases to these names).
    static func isAuthorizationScheme(_ scheme: Substring.UTF8View) -> Bool {
        let count = scheme.count
        guard count == 3 || count == 5 || count == 6 || count == 9 else { return false }
        var lowered: [UInt8] = []
        lowered.reserveCapacity(count)
        for byte in scheme { lowered.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) }
        return lowered.elementsEqual("bearer".utf8) || lowered.elementsEqual("basic".utf8)
            || lowered.elementsEqual("negotiate".utf8) || lowered.elementsEqual("pop".utf8)
    }

    func cookieRule(_ name: String) -> RedactionRule? {
        rules.cookies[name.lowercased()] ?? rules.cookieWildcard
    }

    /// `a=1; b=2` with each cookie's value handled by its rule.
    mutating func redactCookieHeader(_ value: String) -> String? {
        var copy = value
        if copy.withUTF8(Self.isASCII) { return redactASCIICookieHeader(value) }
        return redactCookieHeaderByCharacters(value)
    }

    /// `redactCookieHeader` on characters, for any text.
    mutating func redactCookieHeaderByCharacters(_ value: String) -> String? {
        var changed = false
        let parts = value.split(separator: ";", omittingEmptySubsequences: false).map { part -> String in
            guard let eq = part.firstIndex(of: "=") else { return String(part) }
            let name = part[..<eq].trimmingCharacters(in: .whitespaces)
            let cookieValue = String(part[part.index(after: eq)...])
            guard let replaced = apply(cookieRule(name), to: cookieValue) else { return String(part) }
            changed = true
            return String(part[...eq]) + replaced
        }
        return changed ? parts.joined(separator: ";") : nil
    }

    /// `redactCookieHeader` for an ASCII value, on its bytes: the same parts (split at `;`,
    /// the name before the first `=` trimmed of spaces and tabs, the value after it as it is),
    /// without Foundation's character-set trimming.
    private mutating func redactASCIICookieHeader(_ value: String) -> String? {
        var output: [UInt8] = []
        var changed = false
        let bytes = Array(value.utf8)
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            if start > 0 { output.append(UInt8(ascii: ";")) }
            let part = bytes[start..<end]
            if let eq = part.firstIndex(of: UInt8(ascii: "=")) {
                var nameStart = start
                var nameEnd = eq
                while nameStart < nameEnd, bytes[nameStart] == 0x20 || bytes[nameStart] == 0x09 { nameStart += 1 }
                while nameEnd > nameStart, bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == 0x09 { nameEnd -= 1 }
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                let cookieValue = String(decoding: bytes[(eq + 1)..<end], as: UTF8.self)
                if let replaced = apply(cookieRule(name), to: cookieValue) {
                    changed = true
                    output.append(contentsOf: bytes[start...eq])
                    output.append(contentsOf: replaced.utf8)
                } else {
                    output.append(contentsOf: part)
                }
            } else {
                output.append(contentsOf: part)
            }
            start = end + 1
        }
        return changed ? String(decoding: output, as: UTF8.self) : nil
    }

    /// `name=value; Path=/; HttpOnly` with only the value handled by the cookie's rule.
    mutating func redactSetCookie(_ value: String) -> String? {
        let end = value.firstIndex(of: ";") ?? value.endIndex
        let pair = value[..<end]
        guard let eq = pair.firstIndex(of: "=") else { return applyPatterns(value) }
        let name = ASCIIText.trimmingWhitespace(pair[..<eq])
        guard let replaced = apply(cookieRule(name), to: String(pair[pair.index(after: eq)...])) else { return nil }
        return String(pair[...eq]) + replaced + value[end...]
    }

    // MARK: Bodies

    /// A body's text after redaction, as stored in HAR (`text` and `encoding`), or nil when
    /// nothing changed. Base64 and gzip/deflate bodies are decoded, redacted and encoded
    /// again the same way, so the capture keeps the representation it had.
    mutating func redactBody(
        text: String, encoding: String?, mimeType: String, contentEncoding: String?
    ) -> String? {
        if let rule = rules.mimeRule(mimeType), rule.action != .keep {
            let replaced = replace(text, kind: rule.kind)
            return replaced == text ? nil : replaced
        }
        let isBase64 = encoding?.lowercased() == "base64"
        if !isBase64, contentEncoding.flatMap(ContentCoding.init(headerValue:)) == nil {
            // Plain text with no coding to undo: the text is the body.
            return redactBodyText(text, mimeType: mimeType)
        }
        var bytes: [UInt8]
        if isBase64 {
            // NativeAuthWire's one base64 rule, the one HAR's reader checked the body with.
            guard let decoded = Base64.decode(text, whiteSpace: .skipped) else { return nil }
            bytes = decoded
        } else {
            bytes = Array(text.utf8)
        }
        var coding: ContentCoding?
        if let header = contentEncoding, let named = ContentCoding(headerValue: header), named.looksEncoded(bytes),
            let inflated = named.decode(bytes)
        {
            coding = named
            bytes = inflated
        } else if isBase64, ContentCoding.gzip.looksEncoded(bytes), let inflated = ContentCoding.gzip.decode(bytes) {
            coding = .gzip
            bytes = inflated
        }
        guard let bodyText = String(validating: bytes, as: UTF8.self),
            let redacted = redactBodyText(bodyText, mimeType: mimeType)
        else { return nil }
        var output = Array(redacted.utf8)
        if let coding { output = coding.encode(output) }
        if isBase64 || coding != nil { return Data(output).base64EncodedString() }
        return redacted
    }

    /// Redacts decoded body text by its type: form fields, JSON, or patterns in plain text.
    mutating func redactBodyText(_ text: String, mimeType: String) -> String? {
        let type = mimeType.lowercased()
        // Byte search equals Foundation's `contains` on ASCII text, and is much cheaper.
        let ascii = type.utf8.allSatisfy { $0 < 0x80 }
        func typeContains(_ part: String) -> Bool {
            ascii ? CompiledRules.contains(type, Array(part.utf8)) : type.contains(part)
        }
        if typeContains("x-www-form-urlencoded") {
            return redactForm(Substring(text), table: rules.formFields, names: rules.formFieldNames)
        }
        let first = text.utf8.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if typeContains("json") || first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            switch redactJSONText(text) {
            case .changed(let redacted): return redacted
            case .unchanged: return nil
            case .notJSON: break
            }
        }
        return applyPatterns(text)
    }
}
