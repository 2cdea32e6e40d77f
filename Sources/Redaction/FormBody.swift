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

    /// Splits `text` as ``FormCodec/forEachPart(of:_:)`` does (on bytes, or on characters for
    /// non-ASCII text); decodes `+` and `%20` as a space. Malformed escapes are kept literally, as
    /// browsers do.
    init(_ text: Substring) {
        fields = FormCodec.parts(of: text).map { part in
            Field(
                raw: text[part.range], name: Self.decode(text[part.name]),
                value: part.equals == nil ? "" : Self.decode(text[part.value]), replacement: nil)
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
