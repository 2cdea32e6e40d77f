/// A small base64 / base64url decoder for `client_info` (padding optional, both alphabets).
enum Base64URL {
    /// Sextet of each byte value; `padding` for `=`, `invalid` for bytes outside both alphabets.
    private static let padding: UInt8 = 64
    private static let invalid: UInt8 = 255
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "/"))] = 63
        table[Int(UInt8(ascii: "_"))] = 63
        table[Int(UInt8(ascii: "="))] = padding
        return table
    }()

    /// The decoded bytes, or nil when `text` is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(bytes: $0) }
    }

    /// The decoder over UTF-8 bytes, with a table lookup per byte (`client_info` can be a megabyte long).
    private static func decode(bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        var sawPadding = false
        let failed: Bool = table.withUnsafeBufferPointer { table in
            for byte in bytes {
                let value = table[Int(byte)]
                if value == padding {
                    sawPadding = true
                    continue
                }
                if value == invalid || sawPadding { return true }
                buffer = buffer << 6 | UInt32(value)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    output.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
                }
            }
            return false
        }
        // A single leftover character (6 bits) cannot encode a byte.
        return failed || bits >= 6 ? nil : output
    }
}
