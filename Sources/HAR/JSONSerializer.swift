import NativeAuthWire

extension JSONValue {
    /// Compact UTF-8 JSON (no whitespace). Only control characters, `"` and `\` are escaped;
    /// other characters stay UTF-8, and numbers are written as their literal text.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out)
        return out
    }

    /// Compact JSON as a string.
    public func serializedString() -> String {
        String(decoding: serialized(), as: UTF8.self)
    }

    /// JSON indented with two spaces, members one per line, `"key": value`; empty arrays
    /// and objects are written `[]` and `{}`. No trailing newline.
    public func prettySerialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(into: &out, pretty: true)
        return out
    }

    /// Appends this value's JSON to `out`, compact or pretty; `indent` is the nesting level
    /// the value starts at (pretty form only).
    public func write(into out: inout [UInt8], pretty: Bool = false, indent: Int = 0) {
        if pretty {
            JSONSerializer.writePretty(self, into: &out, level: indent)
        } else {
            JSONSerializer.writeCompact(self, into: &out)
        }
    }
}

enum JSONSerializer {
    static func writeCompact(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: appendASCII("null", to: &out)
        case .bool(let b): appendASCII(b ? "true" : "false", to: &out)
        case .number(let text): appendRaw(text, to: &out)
        case .string(let s): JSONString.appendQuoted(s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeCompact(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            var first = true
            for member in object.members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                JSONString.appendQuoted(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                writeCompact(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writePretty(_ value: JSONValue, into out: inout [UInt8], level: Int) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            out.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                newline(&out, level: level + 1)
                writePretty(element, into: &out, level: level + 1)
            }
            newline(&out, level: level)
            out.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            out.append(UInt8(ascii: "{"))
            var first = true
            for member in object.members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                newline(&out, level: level + 1)
                JSONString.appendQuoted(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                writePretty(member.value, into: &out, level: level + 1)
            }
            newline(&out, level: level)
            out.append(UInt8(ascii: "}"))
        default:
            writeCompact(value, into: &out)
        }
    }

    /// A newline followed by enough spaces for the deepest common indentation.
    static let indentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 128)

    @inline(__always) static func newline(_ out: inout [UInt8], level: Int) {
        let width = 1 + 2 * level
        if width <= indentation.count {
            indentation.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<width])) }
        } else {
            out.append(contentsOf: indentation)
            out.append(contentsOf: repeatElement(0x20, count: width - indentation.count))
        }
    }

    @inline(__always) static func appendASCII(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func appendRaw(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }
}

extension JSONValue {
    /// Appends UTF-8 `bytes` escaped exactly as the serializer escapes a string's contents
    /// (without the quotes), for code that splices string values into JSON text.
    public static func appendEscapedString(utf8 bytes: [UInt8], to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { JSONString.appendEscaped($0, to: &out) }
    }

    /// `appendEscapedString(utf8:to:)` for bytes in a buffer.
    public static func appendEscapedString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        JSONString.appendEscaped(bytes, to: &out)
    }
}
