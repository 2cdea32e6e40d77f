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
    static let marker: [UInt8] = Array(UnsafeBufferPointer(start: markerText.utf8Start, count: markerText.utf8CodeUnitCount))
    /// The marker as static text, which `write` copies (with `PlaceholderTable.prefixText`)
    /// without reaching for a lazily made global.
    static let markerText: StaticString = "7302958146"
    static let indexWidth = 6
    static let maximumCalls = 999_999

    /// Records a call and returns its provisional placeholder.
    mutating func placeholder(for secret: String, kind: String) -> String {
        Self.text(kind: kind, index: record(secret, kind: kind))
    }

    /// `placeholder(for:kind:)` appending the placeholder's bytes to `out` instead of making
    /// a string of them.
    mutating func appendPlaceholder(for secret: String, kind: String, to out: inout [UInt8]) {
        let index = record(secret, kind: kind)
        var kind = kind
        let written = kind.withUTF8 { kindBytes -> Bool in
            let count = Self.textCount(kindCount: kindBytes.count)
            // Written on the stack, then appended in one copy.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
                guard Self.write(kind: kindBytes, index: index, to: buffer.baseAddress!) == count else { return false }
                out.append(contentsOf: UnsafeBufferPointer(buffer))
                return true
            }
        }
        // A kind that needs sanitizing (never a built-in one) takes the string's way.
        if !written { out.append(contentsOf: Self.text(kind: kind, index: index).utf8) }
    }

    /// Records a call; the index its placeholder shows.
    private mutating func record(_ secret: String, kind: String) -> Int {
        let index = calls.count
        if index >= Self.maximumCalls { isUnsafe = true }
        if calls.isEmpty { calls.reserveCapacity(8) }
        calls.append(Call(secret: secret, kind: kind, hash: PlaceholderTable.SecretKey.hash(of: secret)))
        return index % Self.maximumCalls
    }

    private static func textCount(kindCount: Int) -> Int {
        PlaceholderTable.prefixText.utf8CodeUnitCount + kindCount + 1 + markerText.utf8CodeUnitCount + indexWidth
    }

    private static let prefixBytes: [UInt8] = Array(PlaceholderTable.prefix.utf8)

    /// Writes `REDACTED-<kind>-<marker><index>` at `target`, `kind` as it is (it must already
    /// be what `PlaceholderTable.sanitize` gives); the bytes written, or 0 when `kind` is not
    /// (the caller then sanitizes it). Checking while copying spares a pass over the kind.
    private static func write(kind: UnsafeBufferPointer<UInt8>, index: Int, to target: UnsafeMutablePointer<UInt8>) -> Int {
        guard !kind.isEmpty else { return 0 }
        let prefix = PlaceholderTable.prefixText
        target.update(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        var at = prefix.utf8CodeUnitCount
        for byte in kind {
            guard PlaceholderTable.isKindByte(byte) else { return 0 }
            target[at] = byte
            at += 1
        }
        target[at] = UInt8(ascii: "-")
        at += 1
        (target + at).update(from: markerText.utf8Start, count: markerText.utf8CodeUnitCount)
        at += markerText.utf8CodeUnitCount
        var divisor = 100_000
        for _ in 0..<indexWidth {
            target[at] = UInt8(ascii: "0") + UInt8(index / divisor % 10)
            at += 1
            divisor /= 10
        }
        return at
    }

    /// `REDACTED-<kind>-<marker><index>` with `kind` as `PlaceholderTable.sanitize` gives it,
    /// written straight into the string's storage: one allocation per placeholder.
    static func text(kind: String, index: Int) -> String {
        var kind = kind
        let count = textCount(kindCount: kind.utf8.count)
        let text = kind.withUTF8 { kindBytes in
            String(unsafeUninitializedCapacity: count) { write(kind: kindBytes, index: index, to: $0.baseAddress!) }
        }
        if text.utf8.count == count { return text }
        // A kind that needs sanitizing (never a built-in one); what `sanitize` gives needs none.
        return Self.text(kind: PlaceholderTable.sanitize(kind), index: index)
    }

    /// Where each provisional placeholder sits in `text` (start of `REDACTED-`, end, call
    /// index), or nil when `text` is not exactly the calls' placeholders in some order plus
    /// text that holds no marker.
    static func locate(in text: [UInt8], calls: [Call], seen: inout [Bool], into found: inout [(range: Range<Int>, call: Int)]) -> Bool {
        guard text.count >= marker.count else { return true }
        if found.capacity == 0 { found.reserveCapacity(8) }
        let prefix = prefixBytes
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
            var kind = calls[index].kind
            // A kind of kind bytes only is its own sanitized form (the usual case: no copy).
            var start = kind.withUTF8 { kindBytes -> Int?? in
                guard !kindBytes.isEmpty, kindBytes.allSatisfy(PlaceholderTable.isKindByte) else { return .none }
                return .some(Self.placeholderStart(before: i, kind: kindBytes, prefix: prefix, in: text))
            }
            if start == nil {
                var safe = PlaceholderTable.sanitize(kind)
                start = .some(safe.withUTF8 { Self.placeholderStart(before: i, kind: $0, prefix: prefix, in: text) })
            }
            guard let start = start ?? nil else { return false }
            seen[index] = true
            found.append((start..<(digitsStart + indexWidth), index))
            i = digitsStart + indexWidth
        }
        return true
    }

    /// Where `REDACTED-<kind>-` starts when it ends just before `markerStart` in `text`.
    private static func placeholderStart(
        before markerStart: Int, kind: UnsafeBufferPointer<UInt8>, prefix: [UInt8], in text: [UInt8]
    ) -> Int? {
        let start = markerStart - 1 - kind.count - prefix.count
        guard start >= 0, text[markerStart - 1] == UInt8(ascii: "-") else { return nil }
        let matches = text.withUnsafeBufferPointer { text in
            prefix.withUnsafeBufferPointer { prefix in
                memcmp(text.baseAddress! + start, prefix.baseAddress!, prefix.count) == 0
            } && (kind.isEmpty || memcmp(text.baseAddress! + start + prefix.count, kind.baseAddress!, kind.count) == 0)
        }
        return matches ? start : nil
    }
}
