import HAR
import NativeAuthWire

/// An `application/x-www-form-urlencoded` body (or URL query) split into fields, keeping each
/// field's raw text so that unchanged fields are written back byte for byte.
struct FormBody {
    struct Field {
        /// The raw `name=value` text as it appeared.
        var raw: Substring
        var name: String
        var value: String
        /// Set when the value was replaced; the field is re-encoded on output.
        var replacement: String?
    }

    var fields: [Field]

    /// Splits `text` on `&`; decodes `+` and `%20` as a space. Malformed escapes are kept
    /// literally, as browsers do.
    init(_ text: Substring) {
        // `&` and `=` are matched as characters: in non-ASCII text a combining mark after
        // one makes it a different character, so that text takes the character-wise split.
        if text.utf8.contains(where: { $0 >= 0x80 }) {
            fields = text.split(separator: "&", omittingEmptySubsequences: false).map { part in
                if let eq = part.firstIndex(of: "=") {
                    return Field(
                        raw: part, name: Self.decode(part[..<eq]),
                        value: Self.decode(part[part.index(after: eq)...]), replacement: nil)
                }
                return Field(raw: part, name: Self.decode(part), value: "", replacement: nil)
            }
            return
        }
        fields = []
        let utf8 = text.utf8
        var partStart = utf8.startIndex
        var equals: String.Index?
        var index = partStart
        while true {
            let atEnd = index == utf8.endIndex
            let byte = atEnd ? 0 : utf8[index]
            if atEnd || byte == UInt8(ascii: "&") {
                let part = text[partStart..<index]
                if let eq = equals {
                    fields.append(
                        Field(raw: part, name: Self.decode(text[partStart..<eq]), value: Self.decode(text[utf8.index(after: eq)..<index]), replacement: nil))
                } else {
                    fields.append(Field(raw: part, name: Self.decode(part), value: "", replacement: nil))
                }
                if atEnd { break }
                index = utf8.index(after: index)
                partStart = index
                equals = nil
            } else {
                if byte == UInt8(ascii: "="), equals == nil { equals = index }
                index = utf8.index(after: index)
            }
        }
    }

    /// The body text, with replaced fields re-encoded.
    var text: String {
        var output = ""
        for (index, field) in fields.enumerated() {
            if index > 0 { output += "&" }
            if let replacement = field.replacement {
                output += FormCodec.escape(field.name) + "=" + FormCodec.escape(replacement)
            } else {
                output += field.raw
            }
        }
        return output
    }

    var isChanged: Bool { fields.contains { $0.replacement != nil } }

    /// One name or value decoded (NativeAuthWire's lenient ``FormCodec`` decoding, shared with Replay).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String { FormCodec.decodeLeniently(component: bytes) }

    static func decode(_ text: Substring) -> String { FormCodec.decodeLeniently(component: text) }

    /// `decode` when whether the bytes need decoding is already known.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, isEncoded: Bool) -> String {
        isEncoded ? decode(bytes) : String(decoding: bytes, as: UTF8.self)
    }
}
