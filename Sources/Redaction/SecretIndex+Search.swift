extension SecretIndex {
    /// Whether `byte` can continue a value (see *Whole tokens* on ``SecretIndex``): two
    /// constant masks, no table to load.
    @inline(__always) static func isWordByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let mask = byte < 64 ? lowWordBytes : highWordBytes
        return (mask >> UInt64(byte & 63)) & 1 != 0
    }

    /// `-` and `0`–`9` (bytes 0–63).
    private static let lowWordBytes: UInt64 = (1 << 45) | (0x3FF << 48)
    /// `A`–`Z`, `_` and `a`–`z` (bytes 64–127, less 64).
    private static let highWordBytes: UInt64 = (0x3FF_FFFF << 1) | (1 << 31) | (0x3FF_FFFF << 33)

    @inline(__always) static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}

extension SecretIndex.Snapshot {
    /// Appends to `edits` a replacement for each whole-token occurrence of a known secret in
    /// `bytes[start..<end]` (ascending, not overlapping). Returns whether it appended any.
    @discardableResult
    func edits(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into edits: inout [ByteEdit]) -> Bool {
        var none = SeenRuns.disabled
        return self.edits(in: bytes, from: start, to: end, into: &edits, seen: &none)
    }

    /// `edits(in:from:to:into:)`, also putting each run of word bytes it does not replace into
    /// `seen` (unless `seen` is disabled).
    @discardableResult
    func edits(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into edits: inout [ByteEdit], seen: inout SeenRuns
    ) -> Bool {
        guard end - start >= SecretIndex.minimumLength, let base = bytes.baseAddress else { return false }
        if forms.isEmpty, !seen.isEnabled { return false }
        let found = edits.count
        let keepsRuns = seen.isEnabled
        let searches = !forms.isEmpty
        let last = end - SecretIndex.minimumLength
        var p = start
        while p <= last {
            let byte = base[p]
            let isWord = SecretIndex.isWordByte(byte)
            if searches, firstBytes.contains(byte), let match = match(base, at: p, end: end) {
                edits.append((p..<(p + match.length), placeholders[match.placeholder]))
                p += match.length
                continue
            }
            if isWord {
                // `p` starts a run of word bytes.
                let runStart = p
                p += 1
                while p < end, SecretIndex.isWordByte(base[p]) { p += 1 }
                if keepsRuns {
                    seen.insert(SecretIndex.prefixKey(base + runStart), length: p - runStart, tail: SeenRuns.tail(base, from: runStart, to: p))
                }
                continue
            }
            // Escapes: what follows one starts a token.
            if byte == UInt8(ascii: "%"), p + 2 < end, SecretIndex.isHex(base[p + 1]), SecretIndex.isHex(base[p + 2]) {
                p += 3
            } else if byte == UInt8(ascii: "\\"), p + 1 < end {
                p += base[p + 1] == UInt8(ascii: "u") ? min(6, end - p) : 2
            } else {
                p += 1
            }
        }
        return edits.count > found
    }

    /// The longest known form starting at `p` that ends a token (`p` is at most `end` less
    /// the shortest secret's length).
    @inline(__always)
    private func match(_ base: UnsafePointer<UInt8>, at p: Int, end: Int) -> (length: Int, placeholder: Int)? {
        let key = SecretIndex.prefixKey(base + p)
        let slot = SecretIndex.filterSlot(key, shift: filterShift)
        let hit = filter.withUnsafeBufferPointer { $0[slot >> 6] } & (UInt64(1) << UInt64(slot & 63)) != 0
        guard hit else { return nil }
        return chainMatch(key, base, at: p, end: end)
    }

    /// `match`'s look-up in the table, once the filter let the key through.
    @inline(never)
    private func chainMatch(_ key: UInt64, _ base: UnsafePointer<UInt8>, at p: Int, end: Int) -> (length: Int, placeholder: Int)? {
        guard var next = heads[SecretIndex.PrefixKey(bits: key)] else { return nil }
        var best: (length: Int, placeholder: Int)?
        while next >= 0 {
            let form = forms[Int(next)]
            next = form.next
            let length = Int(form.length)
            guard p + length <= end, length > best?.length ?? 0 else { continue }
            let after = p + length
            if after < end, SecretIndex.isWordByte(base[after - 1]), SecretIndex.isWordByte(base[after]) { continue }
            let digest = PlaceholderTable.SecretKey.digest(of: UnsafeBufferPointer(start: base + p, count: length))
            if digest.hash == form.hash, digest.check == form.check {
                best = (length, Int(form.placeholder))
            }
        }
        return best
    }

    /// `text` with every known secret in it replaced, or nil when it holds none.
    func replacing(in text: String) -> String? {
        if forms.isEmpty || text.utf8.count < SecretIndex.minimumLength { return nil }
        var copy = text
        return copy.withUTF8 { bytes -> String? in
            var found: [ByteEdit] = []
            guard edits(in: bytes, from: 0, to: bytes.count, into: &found) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            ValueRedactor.append(bytes, from: 0, to: bytes.count, applying: found, to: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }
}
