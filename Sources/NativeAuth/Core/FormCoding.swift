import Foundation

/// `application/x-www-form-urlencoded` as MSAL iOS writes it: unreserved characters kept, space as `+`,
/// everything else percent-encoded. Decoding accepts `+` and `%20`.
enum FormCoding {
    /// Whether each byte value is unreserved (a table: this runs for every byte of every request).
    private static let unreserved: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8 { table[Int(byte)] = true }
        return table
    }()
    private static let hex = Array("0123456789ABCDEF".utf8)

    static func encode(_ fields: [FormField]) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(fields.reduce(fields.count * 2) { $0 + $1.name.utf8.count + $1.value.utf8.count * 3 })
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            append(field.name, to: &out)
            out.append(UInt8(ascii: "="))
            append(field.value, to: &out)
        }
        return Data(out)
    }

    private static func append(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            unreserved.withUnsafeBufferPointer { table in
                var index = 0
                while index < bytes.count {
                    // A run of unreserved bytes is copied at once.
                    let start = index
                    while index < bytes.count, table[Int(bytes[index])] { index += 1 }
                    if index > start { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                    guard index < bytes.count else { return }
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: " ") {
                        out.append(UInt8(ascii: "+"))
                    } else {
                        out.append(UInt8(ascii: "%"))
                        out.append(hex[Int(byte >> 4)])
                        out.append(hex[Int(byte & 0x0F)])
                    }
                }
            }
        }
    }

    static func decode(_ body: Data) -> [(name: String, value: String)] {
        guard let text = String(data: body, encoding: .utf8), !text.isEmpty else { return [] }
        return text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(parts[0])
            let value = parts.count > 1 ? unescape(parts[1]) : ""
            return (name, value)
        }
    }

    private static func unescape(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

/// One form field of a request body.
struct FormField: Sendable, Hashable {
    var name: String
    var value: String
    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
