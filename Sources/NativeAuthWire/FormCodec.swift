/// One `name=value` pair of an `application/x-www-form-urlencoded` body, decoded.
public struct FormField: Hashable, Sendable, Codable {
    /// The decoded key.
    public var name: String
    /// The decoded value.
    public var value: String

    /// Creates the value from its parts.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An ordered list of form fields with first-value lookup. Duplicates are kept in order.
public struct FormFields: Hashable, Sendable, Codable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The fields in body order.
    public var fields: [FormField]

    /// Creates the value from its parts.
    public init(_ fields: [FormField] = []) { self.fields = fields }
    /// Creates the list from `(name, value)` pairs, order kept.
    public init(pairs: [(String, String)]) { self.fields = pairs.map { FormField($0.0, $0.1) } }
    /// Keeps the literal's order: `["client_id": "x", "username": "y"]`.
    public init(dictionaryLiteral elements: (String, String)...) { self.init(pairs: elements) }

    public var startIndex: Int { fields.startIndex }
    public var endIndex: Int { fields.endIndex }
    public subscript(position: Int) -> FormField { fields[position] }

    /// The value of the first field named `name`, or nil.
    public subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    /// All values of fields named `name`, in order.
    public func values(named name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// Whether a field named `name` is present (even with an empty value).
    public func contains(_ name: String) -> Bool { fields.contains { $0.name == name } }

    /// Appends a field.
    public mutating func append(_ name: String, _ value: String) { fields.append(FormField(name, value)) }

    /// Appends a field only when `value` is non-nil (absent values are omitted, spec §2.1).
    public mutating func append(_ name: String, ifPresent value: String?) {
        if let value { append(name, value) }
    }

    /// The fields as `(name, value)` pairs.
    public var pairs: [(String, String)] { fields.map { ($0.name, $0.value) } }

    /// The encoded body (see ``FormCodec/encode(_:)``).
    public var encoded: String { FormCodec.encode(self) }
}

/// `application/x-www-form-urlencoded` encoding and decoding (spec §2.1).
///
/// Encoding: bytes of the UTF-8 form of names and values are kept when they are RFC 3986 unreserved
/// characters (`A–Z a–z 0–9 - . _ ~`); a space becomes `+` (as MSAL iOS and URLSearchParams do); every other
/// byte becomes `%XX` with upper-case hex. So `@` → `%40`, `+` → `%2B`, `*` → `%2A`, `é` → `%C3%A9`.
///
/// Decoding: pairs are separated by `&` (empty segments skipped); the first `=` splits name and value
/// (no `=` means an empty value); `+` and `%20` both mean space; `%XX` accepts either hex case. A `%` not
/// followed by two hex digits, or escapes that do not form valid UTF-8, throw ``FormDecodingError`` with the
/// byte offset. Messages never contain the body text.
public enum FormCodec {
    /// Encodes fields in order as `name=value&name=value`.
    public static func encode(_ fields: FormFields) -> String {
        String(decoding: encodedBytes(fields.fields), as: UTF8.self)
    }

    /// Encodes `(name, value)` pairs in order.
    public static func encode(pairs: [(String, String)]) -> String { encode(FormFields(pairs: pairs)) }

    /// Percent-encodes one name or value with the rules above.
    public static func escape(_ string: String) -> String {
        // Names and placeholders are usually all unreserved: nothing to escape, nothing to copy.
        if string.utf8.allSatisfy({ unreserved[Int($0)] }) { return string }
        var out = [UInt8]()
        out.reserveCapacity(string.utf8.count)
        appendEscaped(string, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes a body string.
    public static func decode(_ body: String) throws(FormDecodingError) -> FormFields {
        try decode(bytes: Array(body.utf8))
    }

    /// Decodes body bytes.
    public static func decode(bytes: some Collection<UInt8>) throws(FormDecodingError) -> FormFields {
        let bytes = Array(bytes)
        var fields = [FormField]()
        try bytes.withUnsafeBufferPointer { buffer throws(FormDecodingError) in
            try forEachPart(in: buffer) { part throws(FormDecodingError) in
                guard !part.range.isEmpty else { return }
                let name = try unescape(bytes, from: part.name.lowerBound, to: part.name.upperBound)
                let value = part.equals == nil ? "" : try unescape(bytes, from: part.valueStart, to: part.range.upperBound)
                fields.append(FormField(name, value))
            }
        }
        return FormFields(fields)
    }

    /// Decodes one name or value (`+` and `%20` are spaces).
    private static func unescape(_ bytes: [UInt8], from start: Int, to end: Int) throws(FormDecodingError) -> String {
        var out = [UInt8]()
        out.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(0x20)
                index += 1
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < end, let high = hexNibble(bytes[index + 1]), let low = hexNibble(bytes[index + 2])
                else { throw FormDecodingError(kind: .malformedEscape, offset: index) }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        guard let string = String(validating: out, as: UTF8.self) else {
            throw FormDecodingError(kind: .invalidUTF8, offset: start)
        }
        return string
    }
}

/// A form body that cannot be decoded.
public struct FormDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// A `%` not followed by two hex digits.
        case malformedEscape
        /// The decoded bytes of a name or value are not valid UTF-8.
        case invalidUTF8
    }

    /// What is wrong.
    public let kind: Kind
    /// Byte offset in the body: of the `%` for a malformed escape, of the name or value for invalid UTF-8.
    public let offset: Int

    public var description: String {
        switch kind {
        case .malformedEscape: "form body has a malformed percent-escape at byte offset \(offset)"
        case .invalidUTF8: "form body has a name or value starting at byte offset \(offset) that is not valid UTF-8"
        }
    }
}
