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
        case .string(let s): writeString(s, into: &out)
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
                writeString(member.key, into: &out)
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
                writeString(member.key, into: &out)
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

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes a quoted string, escaping only `"`, `\` and control characters.
    static func writeString(_ string: String, into out: inout [UInt8]) {
        var string = string
        out.append(UInt8(ascii: "\""))
        string.withUTF8 { appendEscaped($0, into: &out) }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 `bytes` escaped as inside a JSON string: only `"`, `\` and control
    /// characters are escaped, the rest is copied in runs.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var runStart = 0
        var i = 0
        let count = bytes.count
        let base = bytes.baseAddress
        while i < count {
            if let base, i + 8 <= count {
                // Skip eight bytes at a time while none is `"`, `\` or a control character.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let quote = word ^ 0x2222_2222_2222_2222
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let ones: UInt64 = 0x0101_0101_0101_0101
                let special =
                    ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote)
                    | ((backslash &- ones) & ~backslash)
                if special & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
            }
            let byte = bytes[i]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                i += 1
                continue
            }
            if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
            out.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            default:
                out.append(UInt8(ascii: "u"))
                out.append(UInt8(ascii: "0"))
                out.append(UInt8(ascii: "0"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
            i += 1
            runStart = i
        }
        if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
    }
}

extension JSONValue {
    /// Appends UTF-8 `bytes` escaped exactly as the serializer escapes a string's contents
    /// (without the quotes), for code that splices string values into JSON text.
    public static func appendEscapedString(utf8 bytes: [UInt8], to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { JSONSerializer.appendEscaped($0, into: &out) }
    }

    /// `appendEscapedString(utf8:to:)` for bytes in a buffer.
    public static func appendEscapedString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        JSONSerializer.appendEscaped(bytes, into: &out)
    }
}
