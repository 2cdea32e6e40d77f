/// The runs of word bytes a replace-everywhere pass has met without replacing them, as a
/// Bloom filter (8 MB: 2²⁰ words of 64 bits, six bits per run set in one word, behind a cache
/// of the last runs put in), so that
/// `authtape redact` knows whether a secret first met later may already have been written
/// earlier in the output, and only then makes a second pass (`InlineEverywhere`).
///
/// A run is keyed by its first ``SecretIndex/prefixLength`` bytes, its length and its last
/// eight bytes. A secret is
/// anchored on its first run of word bytes: an earlier occurrence of it would have put that
/// same run (same bytes, same length, whole tokens) into the filter. A secret with no such run
/// (no word byte, or fewer than six bytes from its first) cannot be anchored: it always asks
/// for the second pass once anything has been written. False positives (about one in a
/// million per secret for a million distinct runs) only cost a second pass.
struct SeenRuns {
    /// The filter's words, allocated on the first run put in and freed with `owner`; shared by
    /// copies (only `InlineEverywhere` keeps one). A raw pointer, so the search loop writes a
    /// word with no copy-on-write check and no reference counting.
    private var words: UnsafeMutablePointer<UInt64>?
    private var owner: Words?
    private(set) var isEnabled: Bool
    /// Whether any run was put in.
    private(set) var isEmpty = true

    /// Words in the filter (2²⁰).
    static let wordCount = 1 << 20
    /// An anchor that no filter can rule out.
    static let unanchored = UInt64.max

    static var disabled: SeenRuns { SeenRuns(enabled: false) }

    init(enabled: Bool = true) {
        words = nil
        owner = nil
        isEnabled = enabled
    }

    @inline(__always) private static func hash(_ prefix: UInt64, length: Int, tail: UInt64) -> UInt64 {
        var h = (prefix | UInt64(min(length, 255)) << 56) &* 0x9E37_79B9_7F4A_7C15
        h ^= tail &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }

    @inline(__always) private static func slot(_ h: UInt64) -> (word: Int, mask: UInt64) {
        var mask: UInt64 = 0
        var rest = h
        for _ in 0..<6 {
            mask |= 1 << (rest & 63)
            rest >>= 6
        }
        return (Int(truncatingIfNeeded: h >> 44), mask)
    }

    /// Entries of the cache of recent runs, after the filter's words.
    static let recentCount = 1 << 10

    /// Where run `h` sits in the cache of recent runs.
    @inline(__always) private static func recentSlot(_ h: UInt64) -> Int {
        Int(truncatingIfNeeded: (h >> 36) & UInt64(recentCount - 1))
    }

    /// The last eight bytes of the run `base[start..<end]`, or 0 for a run shorter than eight.
    /// With the first six and the length, they key a run: a key of the first six alone made
    /// every id of one shape (GUIDs: 36 bytes, hexadecimal) collide with one in 16⁶ others,
    /// and a 100 MB capture holds hundreds of thousands of request ids — every new method id
    /// then asked for a second pass.
    @inline(__always) static func tail(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        end - start >= 8 ? UInt64(littleEndian: UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self)) : 0
    }

    /// Puts a run in (the prefix key, the run's length and its `tail`). Most runs are words met again and
    /// again (header names, hosts, media types): a small cache of the last runs seen (8 KB,
    /// direct-mapped by hash) skips those without touching the 8 MB of the filter.
    @inline(__always) mutating func insert(_ prefix: UInt64, length: Int, tail: UInt64) {
        if prefix == Self.placeholderKey { return }
        let pointer = words ?? allocate()
        isEmpty = false
        let h = Self.hash(prefix, length: length, tail: tail)
        let recent = pointer + Self.wordCount + Self.recentSlot(h)
        if recent.pointee == h { return }
        recent.pointee = h
        let (word, mask) = Self.slot(h)
        pointer[word] |= mask
    }

    /// The words, allocated on the first run (kept out of line so `insert` stays small).
    @inline(never) private mutating func allocate() -> UnsafeMutablePointer<UInt64> {
        let storage = Words(count: Self.wordCount + Self.recentCount)
        // An empty cache entry holds a hash that another entry's slot would hold, so it never
        // equals a run's hash at its own slot.
        for entry in 0..<Self.recentCount {
            storage.pointer[Self.wordCount + entry] = UInt64(entry ^ 1) << 36
        }
        owner = storage
        words = storage.pointer
        return storage.pointer
    }

    /// Whether a run with this anchor may have been put in.
    func mayContain(anchor: UInt64) -> Bool {
        guard !isEmpty, let words else { return false }
        if anchor == Self.unanchored { return true }
        let (word, mask) = Self.slot(anchor)
        return words[word] & mask == mask
    }

    /// The anchor of a secret's written form: its first run of word bytes, found the way the
    /// search finds runs (a `%XX` or JSON escape is skipped, what follows starts a run).
    static func anchor(of form: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var p = 0
        while p < form.count, !SecretIndex.isWordByte(form[p]) {
            if form[p] == UInt8(ascii: "%"), p + 2 < form.count, SecretIndex.isHex(form[p + 1]), SecretIndex.isHex(form[p + 2]) {
                p += 3
            } else if form[p] == UInt8(ascii: "\\"), p + 1 < form.count {
                p += form[p + 1] == UInt8(ascii: "u") ? 6 : 2
            } else {
                p += 1
            }
        }
        guard p < form.count, form.count - p >= SecretIndex.prefixLength else { return unanchored }
        var end = p
        while end < form.count, SecretIndex.isWordByte(form[end]) { end += 1 }
        guard let base = form.baseAddress else { return unanchored }
        return hash(SecretIndex.prefixKey(base + p), length: end - p, tail: tail(base, from: p, to: end))
    }

    /// Placeholders are never secrets: their runs stay out of the filter.
    /// `REDACT` as a prefix key (little-endian), a constant so the search loop loads nothing.
    private static let placeholderKey: UInt64 = 0x5443_4144_4552

    /// Zeroed words of memory, freed with the last copy of the filter.
    private final class Words {
        let pointer: UnsafeMutablePointer<UInt64>

        init(count: Int) {
            pointer = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
            pointer.initialize(repeating: 0, count: count)
        }

        deinit { pointer.deallocate() }
    }
}
