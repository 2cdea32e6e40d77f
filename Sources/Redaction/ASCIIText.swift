import Foundation

/// Foundation's trimming and lowercasing, done on bytes when the text lets the result be
/// known from them (ASCII where it matters), else by Foundation: the same result either way,
/// without a trip through `NSString` for the short ASCII names and media types of headers.
enum ASCIIText {
    /// `text.trimmingCharacters(in: .whitespaces)`. Its ASCII members are space and tab: once
    /// they are gone from both ends, an ASCII byte at each end ends the trimming there.
    static func trimmingWhitespace(_ text: Substring) -> String {
        let fast = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var start = 0
            var end = bytes.count
            while start < end, isSpaceOrTab(bytes[start]) { start += 1 }
            while end > start, isSpaceOrTab(bytes[end - 1]) { end -= 1 }
            if start == end { return "" }
            guard bytes[start] < 0x80, bytes[end - 1] < 0x80 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return (fast ?? nil) ?? text.trimmingCharacters(in: .whitespaces)
    }

    /// The essence of a media type as `CompiledRules.mimeRule` compares it: the first piece
    /// `split(separator: ";")` gives, trimmed of white space and lowercased.
    static func mediaTypeEssence(_ mimeType: String) -> String {
        var copy = mimeType
        let fast = copy.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var start = 0
            while start < bytes.count, bytes[start] == UInt8(ascii: ";") { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            while start < end, isSpaceOrTab(bytes[start]) { start += 1 }
            while end > start, isSpaceOrTab(bytes[end - 1]) { end -= 1 }
            return String(unsafeUninitializedCapacity: end - start) { output in
                for offset in 0..<(end - start) {
                    let byte = bytes[start + offset]
                    output[offset] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
                return end - start
            }
        }
        return fast ?? mimeType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }

    @inline(__always) private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }
}
