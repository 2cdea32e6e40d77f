/// `LeakWalker.isRedactedHeaderValue` on bytes, for the values most headers hold: ASCII with
/// no CR LF pair. There a character is a byte (a CR LF pair is one character in Swift, so a
/// value holding one goes the way of characters), and the verdict is the same as on
/// characters, without a `String` per word.
enum HeaderValueWords {
    /// The verdict, or nil when `bytes` are not ASCII or hold a CR LF pair.
    static func isRedacted(_ bytes: UnsafeBufferPointer<UInt8>, setCookie: Bool) -> Bool? {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 || (previous == 0x0D && byte == 0x0A) { return nil }
            previous = byte
        }
        var placeholder = false
        var holdsValue = false
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            // Items: the cookie before the first `;` of a `Set-Cookie` line, else what `;` and `,` separate.
            var itemStart = lineStart
            while itemStart < lineEnd {
                var itemEnd = itemStart
                while itemEnd < lineEnd, bytes[itemEnd] != UInt8(ascii: ";"), setCookie || bytes[itemEnd] != UInt8(ascii: ",") {
                    itemEnd += 1
                }
                if !words(bytes, from: itemStart, to: itemEnd, placeholder: &placeholder, holdsValue: &holdsValue) { return false }
                if setCookie { break }
                itemStart = itemEnd + 1
            }
            lineStart = lineEnd + 1
        }
        return placeholder || !holdsValue
    }

    /// The words of an item's value (after its first `=`, or the whole item), split at
    /// space, tab, `=` and `"`: false on a word of 16 bytes or more that is not a placeholder.
    private static func words(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, placeholder: inout Bool, holdsValue: inout Bool
    ) -> Bool {
        var p = start
        while p < end, bytes[p] != UInt8(ascii: "=") { p += 1 }
        p = p < end ? p + 1 : start
        while p < end {
            while p < end, isSeparator(bytes[p]) { p += 1 }
            let wordStart = p
            while p < end, !isSeparator(bytes[p]) { p += 1 }
            guard p > wordStart else { continue }
            holdsValue = true
            let word = UnsafeBufferPointer(rebasing: bytes[wordStart..<p])
            if PlaceholderTable.isPlaceholder(bytes: word) {
                placeholder = true
            } else if word.count >= 16 {
                return false
            }
        }
        return true
    }

    @inline(__always) private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == UInt8(ascii: "=") || byte == 0x09 || byte == UInt8(ascii: "\"")
    }
}
