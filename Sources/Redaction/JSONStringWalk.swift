/// Finds the strings of JSON text read from outside any string, and tells whether each is the
/// value of a `"text"` member (a HAR body).
///
/// It looks at eight bytes at a time: for the next quote outside strings, for the next quote
/// or backslash inside one. Whether a string follows a colon is only asked after a `"text"`
/// key, by looking back over the white space before its quote.
struct JSONStringWalk {
    /// Whether the last byte that is not white space, before where the last call stopped, was
    /// a colon (only meaningful while `lastStringWasText`).
    private var afterColon = false
    private var lastStringWasText = false

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// Calls `body(start, end, isText)` with the content range of each complete string in
    /// `buffer[from..<to]`, until `body` returns false. Returns where to go on from (after the
    /// last string handled, or at the quote of a string that does not end within `to`), and
    /// whether `body` stopped it.
    mutating func walk(
        _ buffer: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, _ body: (Int, Int, Bool) -> Bool
    ) -> (position: Int, stopped: Bool) {
        guard let base = buffer.baseAddress, from < end else { return (from, false) }
        var p = from
        // Where the bytes looked back over start: after the last string, or where the call began.
        var lower = from
        while true {
            guard let open = Self.next(base, from: p, to: end, quotesOnly: true) else {
                if lastStringWasText { afterColon = colon(base, before: end, from: lower) }
                return (end, false)
            }
            let isAfterColon = lastStringWasText && colon(base, before: open, from: lower)
            // The closing quote: skip escapes (a backslash and the byte after it).
            var q = open + 1
            while true {
                guard let found = Self.next(base, from: q, to: end, quotesOnly: false) else {
                    q = end
                    break
                }
                if base[found] == UInt8(ascii: "\"") {
                    q = found
                    break
                }
                q = found + 2
                if q >= end {
                    q = end
                    break
                }
            }
            guard q < end else {
                afterColon = isAfterColon
                return (open, false)
            }
            let isText = isAfterColon
            lastStringWasText = q - open == 5 && base[open + 1] == UInt8(ascii: "t") && base[open + 2] == UInt8(ascii: "e")
                && base[open + 3] == UInt8(ascii: "x") && base[open + 4] == UInt8(ascii: "t")
            afterColon = false
            let goOn = body(open + 1, q, isText)
            p = q + 1
            lower = p
            if !goOn { return (p, true) }
        }
    }

    /// Whether the last byte before `position` that is not white space, looking back no
    /// further than `lower`, is a colon (`afterColon` when there is none).
    private func colon(_ base: UnsafePointer<UInt8>, before position: Int, from lower: Int) -> Bool {
        var k = position - 1
        while k >= lower {
            switch base[k] {
            case UInt8(ascii: " "), 0x0A, 0x0D, 0x09: k -= 1
            case UInt8(ascii: ":"): return true
            default: return false
            }
        }
        return afterColon
    }

    /// The first quote (or, unless `quotesOnly`, quote or backslash) in `base[from..<end]`.
    @inline(__always)
    private static func next(_ base: UnsafePointer<UInt8>, from: Int, to end: Int, quotesOnly: Bool) -> Int? {
        var i = from
        while i + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            var found = (quote &- ones) & ~quote
            if !quotesOnly {
                let slash = word ^ (ones &* 0x5C)
                found |= (slash &- ones) & ~slash
            }
            found &= high
            // The lowest flagged byte is exact (a borrow only flags bytes above a real match).
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end {
            let byte = base[i]
            if byte == UInt8(ascii: "\"") || (!quotesOnly && byte == UInt8(ascii: "\\")) { return i }
            i += 1
        }
        return nil
    }
}
