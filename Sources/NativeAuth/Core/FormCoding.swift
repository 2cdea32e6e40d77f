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
        // One memcpy (the generic sequence initialiser showed up in profiles).
        return out.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    private static func append(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            unreserved.withUnsafeBufferPointer { table in
                var index = 0
                while index < bytes.count {
                    // A run of unreserved bytes is copied at once.
                    let start = index
                    index = unreservedRunEnd(bytes, from: index)
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

    /// Skips unreserved bytes eight at a time (a megabyte-long token is one run); returns the start of
    /// the first word of eight that holds another byte (the table loop goes on from there).
    static func unreservedRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // For ASCII bytes, adding 0x80 - lo sets a byte's high bit exactly when it is >= lo (no carry
        // leaves a byte, since both terms are below 0x80).
        func atLeast(_ word: UInt64, _ lo: UInt8) -> UInt64 { (word &+ ones &* UInt64(0x80 - lo)) & highs }
        func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 { ~atLeast(word ^ (ones &* UInt64(byte)), 1) & highs }
        var index = start
        while bytes.count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            guard word & highs == 0 else { return index }
            // Setting bit 5 folds `A`–`Z` onto `a`–`z` and sends no other byte into that range.
            let folded = word | (ones &* 0x20)
            let letter = atLeast(folded, UInt8(ascii: "a")) & ~atLeast(folded, UInt8(ascii: "z") + 1)
            let digit = atLeast(word, UInt8(ascii: "0")) & ~atLeast(word, UInt8(ascii: "9") + 1)
            let mark = equal(word, UInt8(ascii: "-")) | equal(word, UInt8(ascii: ".")) | equal(word, UInt8(ascii: "_"))
                | equal(word, UInt8(ascii: "~"))
            guard (letter | digit | mark) & highs == highs else { return index }
            index += 8
        }
        return index
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
