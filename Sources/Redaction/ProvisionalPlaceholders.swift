#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Placeholders handed out while entries are redacted in parallel, before their numbers are
/// known (`ParallelSplice`).
///
/// Each call to `ValueRedactor.replace` is recorded, in order, and answered with a
/// provisional placeholder of the same shape as the final one (`REDACTED-<kind>-<digits>`,
/// the digits a fixed marker and the call's index). Afterwards the calls go through the real
/// `PlaceholderTable` in the same order the serial path makes them, so numbering is the same,
/// and each provisional text is replaced by the real one.
///
/// That substitution is exact only when the entry's output holds each provisional text once,
/// verbatim, and nothing else depended on it. `isUnsafe` marks the cases where that is not
/// known (a pattern match touching an earlier placeholder, a placeholder inside a gzip or
/// base64 body); `ParallelSplice` then redacts the entry again on the serial path.
struct ProvisionalPlaceholders {
    struct Call {
        var secret: String
        var kind: String
        var hash: Int
    }

    /// The calls, in order; call `i` was answered with `text(i)`.
    var calls: [Call] = []
    /// Set when the entry's output may depend on the placeholders' text.
    var isUnsafe = false

    /// Digits no capture written by authtape contains; an entry whose output holds them
    /// anywhere else fails the check in `substitutions` and is redone serially.
    static let marker: [UInt8] = Array("7302958146".utf8)
    static let indexWidth = 6
    static let maximumCalls = 999_999

    /// Records a call and returns its provisional placeholder.
    mutating func placeholder(for secret: String, kind: String) -> String {
        let index = calls.count
        if index >= Self.maximumCalls { isUnsafe = true }
        calls.append(Call(secret: secret, kind: kind, hash: PlaceholderTable.SecretKey.hash(of: secret)))
        return Self.text(kind: PlaceholderTable.sanitize(kind), index: index % Self.maximumCalls)
    }

    static func text(kind: String, index: Int) -> String {
        let count = PlaceholderTable.prefix.utf8.count + kind.utf8.count + 1 + marker.count + indexWidth
        // Written straight into the string's storage: one allocation per placeholder.
        return String(unsafeUninitializedCapacity: count) { buffer in
            var at = 0
            func put(_ byte: UInt8) {
                buffer[at] = byte
                at += 1
            }
            for byte in PlaceholderTable.prefix.utf8 { put(byte) }
            for byte in kind.utf8 { put(byte) }
            put(UInt8(ascii: "-"))
            for byte in marker { put(byte) }
            var divisor = 100_000
            for _ in 0..<indexWidth {
                put(UInt8(ascii: "0") + UInt8(index / divisor % 10))
                divisor /= 10
            }
            return at
        }
    }

    /// Where each provisional placeholder sits in `text` (start of `REDACTED-`, end, call
    /// index), or nil when `text` is not exactly the calls' placeholders in some order plus
    /// text that holds no marker.
    static func locate(in text: [UInt8], calls: [Call], seen: inout [Bool], into found: inout [(range: Range<Int>, call: Int)]) -> Bool {
        guard text.count >= marker.count else { return true }
        let prefix = Array(PlaceholderTable.prefix.utf8)
        var i = 0
        let last = text.count - marker.count
        let first = marker[0]
        while i <= last {
            if text[i] != first {
                // On to the next candidate with memchr, which is much faster than a loop.
                let next = text.withUnsafeBufferPointer { buffer -> Int in
                    guard let found = memchr(buffer.baseAddress! + i, Int32(first), last + 1 - i) else { return last + 1 }
                    return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                i = next
                continue
            }
            var j = 1
            while j < marker.count, text[i + j] == marker[j] { j += 1 }
            if j < marker.count {
                i += 1
                continue
            }
            // The marker: an index must follow, and `REDACTED-<kind>-` precede it.
            let digitsStart = i + marker.count
            guard digitsStart + indexWidth <= text.count else { return false }
            var index = 0
            for k in digitsStart..<(digitsStart + indexWidth) {
                let digit = text[k] &- UInt8(ascii: "0")
                guard digit < 10 else { return false }
                index = index * 10 + Int(digit)
            }
            guard index < calls.count, !seen[index] else { return false }
            let kind = PlaceholderTable.sanitize(calls[index].kind).utf8
            let start = i - 1 - kind.count - prefix.count
            guard start >= 0, text[i - 1] == UInt8(ascii: "-"),
                text[start..<(start + prefix.count)].elementsEqual(prefix),
                text[(start + prefix.count)..<(i - 1)].elementsEqual(kind)
            else { return false }
            seen[index] = true
            found.append((start..<(digitsStart + indexWidth), index))
            i = digitsStart + indexWidth
        }
        return true
    }
}
