import NativeAuthWire
import Synchronization

/// The secrets a capture's placeholder table has issued placeholders for, searchable all at
/// once: every other occurrence of a redacted value, in any string of the file, gets the same
/// placeholder (`EverywherePass` on the bytes of a HAR, `replacingKnownSecrets` on an entry).
///
/// **Search.** One pass over the text, whatever the number of secrets: a match can only start
/// where a token starts (see *Whole tokens*), so only those positions are tried; each tries the
/// six bytes there against a bit filter of the secrets' first six bytes, and only on a hit looks
/// them up in a table of the secrets sharing them, then checks the candidate's length and
/// 128-bit digest. No regular expression, no per-secret loop.
///
/// **Whole tokens.** A match must be a whole token: the byte before it and the byte after it
/// cannot continue the value. *Word bytes* (ASCII letters, digits, `_`, `-`, and every byte of a
/// non-ASCII character) continue a value; every other byte (punctuation, white space, `%`, `\`)
/// ends one. A match starting with a word byte must follow a non-word byte, the start of the
/// string, a `%XX` percent escape or a JSON escape (`\n`, `\u0026`); one ending with a word byte
/// must be followed by a non-word byte or the end of the string. So the 8-digit code `12345678`
/// is replaced in `code=12345678&…`, `/challenge/12345678` or `code%3D12345678`, never inside
/// `912345678`, `12345678-ab` or a placeholder's number.
///
/// **Forms.** Each secret is indexed as written raw, JSON-escaped (with `/` as `/` and as
/// `\/`), and form-encoded (space as `+` and as `%20`, as `FormCodec` escapes), all mapping to
/// the same placeholder. Non-ASCII written as `\uXXXX` escapes is not searched for.
///
/// **Too short.** Secrets shorter than ``minimumLength`` bytes (booleans, short attribute values)
/// are not searched for: too many innocent tokens are that short.
///
/// **Memory.** No secret's text is kept beyond its first ``prefixLength`` bytes (the lookup key,
/// in memory only, never written anywhere): each form is its length, a 128-bit digest and the
/// number of its placeholder, about 80 bytes with the table's share. At most `capacity` forms
/// are held; beyond that the oldest half is forgotten (a forgotten secret is no longer replaced
/// elsewhere), so memory stays bounded; ``forgotten`` counts them.
public final class SecretIndex: Sendable {
    /// The shortest secret searched for, in bytes.
    public static let minimumLength = 6
    /// Bytes of a secret used as its lookup key.
    static let prefixLength = 6
    /// The default most forms held (about 80 MB at most).
    public static let defaultCapacity = 1 << 20

    /// One written form of one secret.
    struct Form {
        var length: Int32
        var placeholder: Int32
        var hash: Int
        var check: UInt64
        /// The next form with the same prefix, or -1.
        var next: Int32
    }

    /// What a search reads: a consistent copy of the index (arrays shared until changed).
    struct Snapshot: Sendable {
        var forms: [Form] = []
        var placeholders: [[UInt8]] = []
        var heads: [PrefixKey: Int32] = [:]
        /// One bit per hash of a prefix (`filterBits` of them).
        var filter: [UInt64] = [0]
        var filterShift: UInt64 = 58
        /// The first bytes of all forms.
        var firstBytes = FirstBytes()
        /// Anchors of the forms added since the last `takeAnchors()` (see `SeenRuns`), when
        /// `tracksAnchors`.
        var anchors: [UInt64] = []

        var isEmpty: Bool { forms.isEmpty }
    }

    struct FirstBytes: Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        mutating func insert(_ byte: UInt8) {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }

        @inline(__always) func contains(_ byte: UInt8) -> Bool {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: return words.0 & bit != 0
            case 1: return words.1 & bit != 0
            case 2: return words.2 & bit != 0
            default: return words.3 & bit != 0
            }
        }
    }

    private let state = Mutex(Snapshot())
    private let deferral = Mutex((isOn: false, pending: [Deferred]()))
    private let counters = Mutex((secrets: 0, forgotten: 0))
    /// Most forms held at once.
    public let capacity: Int
    /// Whether the anchors of new forms are kept for `takeAnchors()` (`authtape redact`).
    let tracksAnchors: Bool

    /// An index holding at most `capacity` written forms (three or so per secret at most).
    public init(capacity: Int = SecretIndex.defaultCapacity) {
        self.capacity = max(16, capacity)
        tracksAnchors = false
    }

    init(capacity: Int = SecretIndex.defaultCapacity, tracksAnchors: Bool) {
        self.capacity = max(16, capacity)
        self.tracksAnchors = tracksAnchors
    }

    /// The anchors of the forms added since the last call, and forgets them.
    func takeAnchors() -> [UInt64] {
        state.withLock { index in
            defer { index.anchors.removeAll(keepingCapacity: true) }
            return index.anchors
        }
    }

    /// Secrets indexed so far (including forgotten ones).
    public var secretCount: Int { counters.withLock { $0.secrets } }
    /// Forms forgotten to stay within `capacity`.
    public var forgotten: Int { counters.withLock { $0.forgotten } }

    /// Records that `secret` is written `placeholder` from now on.
    public func add(_ secret: String, placeholder: String) {
        add(secret, placeholder: placeholder, digest: nil)
    }

    /// `add`, given the digest of `secret`'s bytes when the caller has it (`PlaceholderTable`).
    /// While adds are deferred, the secret is only queued (`takeDeferred`).
    func add(_ secret: String, placeholder: String, digest: (hash: Int, check: UInt64)?) {
        let queued = deferral.withLock { deferral -> Bool in
            guard deferral.isOn else { return false }
            deferral.pending.append(Deferred(secret: secret, placeholder: placeholder, digest: digest))
            return true
        }
        if !queued { insert(secret, placeholder: placeholder, digest: digest) }
    }

    /// A secret whose indexing was deferred: the thread that searches indexes it (`apply`) just
    /// before it searches the output written after the secret was met, so the redaction thread
    /// never waits for the index and the index is changed and read by one thread only.
    struct Deferred: Sendable {
        let secret: String
        let placeholder: String
        let digest: (hash: Int, check: UInt64)?
    }

    /// Turns deferred adds on or off (`OutputStage`).
    func deferAdds(_ isOn: Bool) {
        deferral.withLock { $0.isOn = isOn }
    }

    /// The secrets queued since the last call, in order, and forgets them.
    func takeDeferred() -> [Deferred] {
        deferral.withLock { deferral in
            if deferral.pending.isEmpty { return [] }
            defer { deferral.pending = [] }
            return deferral.pending
        }
    }

    /// Indexes secrets whose adds were deferred, in the order they were met.
    func apply(_ deferred: [Deferred]) {
        for item in deferred { insert(item.secret, placeholder: item.placeholder, digest: item.digest) }
    }

    private func insert(_ secret: String, placeholder: String, digest: (hash: Int, check: UInt64)?) {
        // A form's length is stored in 32 bits: a longer value (a whole body of gigabytes) is not
        // searched for elsewhere.
        guard secret.utf8.count >= Self.minimumLength, secret.utf8.count <= Int(Int32.max) / 8 else { return }
        // Most secrets (codes, JWTs, ids) are all unreserved bytes: their one form is the
        // string's own bytes, read in place.
        var text = secret
        let single = text.withUTF8 { raw -> Entry? in
            guard let base = raw.baseAddress, raw.allSatisfy(Self.isUnreserved) else { return nil }
            return Entry(
                length: raw.count, digest: digest ?? PlaceholderTable.SecretKey.digest(of: raw), key: Self.prefixKey(base),
                first: raw[0], anchor: tracksAnchors ? SeenRuns.anchor(of: raw) : 0)
        }
        let entries = single.map { [$0] } ?? Self.forms(of: secret).map { bytes in
            bytes.withUnsafeBufferPointer { raw in
                Entry(
                    length: raw.count, digest: PlaceholderTable.SecretKey.digest(of: raw), key: Self.prefixKey(bytes),
                    first: raw[0], anchor: tracksAnchors ? SeenRuns.anchor(of: raw) : 0)
            }
        }
        let placeholderBytes = Array(placeholder.utf8)
        let dropped = state.withLock { index -> Int in
            let number = Int32(index.placeholders.count)
            index.placeholders.append(placeholderBytes)
            for entry in entries {
                let key = PrefixKey(bits: entry.key)
                let form = Form(
                    length: Int32(entry.length), placeholder: number, hash: entry.digest.hash,
                    check: entry.digest.check, next: index.heads[key] ?? -1)
                index.heads[key] = Int32(index.forms.count)
                index.forms.append(form)
                index.firstBytes.insert(entry.first)
                Self.setFilterBit(entry.key, in: &index)
                if tracksAnchors { index.anchors.append(entry.anchor) }
            }
            if index.forms.count > capacity { return Self.forgetOldestHalf(&index) }
            if index.forms.count * 8 > index.filter.count * 64 { Self.rebuildFilter(&index) }
            return 0
        }
        counters.withLock { counts in
            counts.secrets += 1
            counts.forgotten += dropped
        }
    }

    /// One form to index: what is kept of it, computed before the lock is taken.
    private struct Entry {
        var length: Int
        var digest: (hash: Int, check: UInt64)
        var key: UInt64
        var first: UInt8
        var anchor: UInt64
    }

    /// A form's first `prefixLength` bytes as a dictionary key, hashed with one multiply
    /// (the bytes of secrets are already spread; `Hasher` cost more than the rest of a look-up).
    struct PrefixKey: Hashable {
        var bits: UInt64

        func hash(into hasher: inout Hasher) { hasher.combine(bits) }

        func _rawHashValue(seed: Int) -> Int {
            let mixed = (bits ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
        }
    }

    /// A copy to search with, without holding the lock.
    func snapshot() -> Snapshot {
        state.withLock { $0 }
    }

    /// The distinct written forms of `secret` that are long enough. One look at the bytes
    /// decides which forms can differ from the raw one, so a secret made only of unreserved
    /// characters (most are) costs no escaping at all.
    static func forms(of secret: String) -> [[UInt8]] {
        let raw = Array(secret.utf8)
        // Most secrets (codes, JWTs, ids) are all unreserved bytes: one form, nothing else to look at.
        if raw.allSatisfy(isUnreserved) { return [raw] }
        var needsJSON = false
        var hasSlash = false
        var needsForm = false
        for byte in raw {
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { needsJSON = true }
            if byte == UInt8(ascii: "/") { hasSlash = true }
            if !isUnreserved(byte) { needsForm = true }
        }
        var forms = [raw]
        if !needsJSON, !hasSlash, !needsForm { return forms }
        func add(_ form: [UInt8]) {
            if form.count >= minimumLength, !forms.contains(form) { forms.append(form) }
        }
        if needsJSON { add(jsonEscaped(raw, slash: false)) }
        if needsJSON || hasSlash { add(jsonEscaped(raw, slash: true)) }
        guard needsForm else { return forms }
        let formEncoded = Array(FormCodec.escape(secret).utf8)
        add(formEncoded)
        if formEncoded.contains(UInt8(ascii: "+")), raw.contains(UInt8(ascii: " ")) {
            add(Array(String(decoding: formEncoded, as: UTF8.self).replacingPlus().utf8))
        }
        return forms
    }

    /// Whether `FormCodec` keeps `byte` as it is (its one definition of the unreserved set).
    @inline(__always) static func isUnreserved(_ byte: UInt8) -> Bool { FormCodec.isUnreserved(byte) }

    /// `bytes` as written inside a JSON string (`"`, `\` and control characters escaped).
    static func jsonEscaped(_ bytes: [UInt8], slash: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case UInt8(ascii: "/") where slash:
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0x0A:
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "n"))
            case 0x0D:
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "r"))
            case 0x09:
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "t"))
            case 0..<0x20:
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "u"))
                out.append(UInt8(ascii: "0"))
                out.append(UInt8(ascii: "0"))
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 15))
            default:
                out.append(byte)
            }
        }
        return out
    }

    @inline(__always) private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The first `prefixLength` bytes of `bytes`, little-endian (the caller checks the length).
    @inline(__always) static func prefixKey(_ base: UnsafePointer<UInt8>) -> UInt64 {
        // Two unaligned loads (four bytes, then two) instead of six.
        let raw = UnsafeRawPointer(base)
        let low = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
        let high = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt16.self))
        return UInt64(low) | UInt64(high) << 32
    }

    static func prefixKey(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { prefixKey($0) } ?? 0
        }
    }

    @inline(__always) static func filterSlot(_ key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private static func setFilterBit(_ key: UInt64, in index: inout Snapshot) {
        let slot = filterSlot(key, shift: index.filterShift)
        index.filter[slot >> 6] |= UInt64(1) << UInt64(slot & 63)
    }

    /// Sizes the filter to 16 bits per form or more (at most 2²⁶ bits) and fills it again.
    private static func rebuildFilter(_ index: inout Snapshot) {
        var bits = 64
        while bits < index.forms.count * 16, bits < 1 << 26 { bits <<= 1 }
        index.filter = [UInt64](repeating: 0, count: bits / 64)
        index.filterShift = UInt64(64 - bits.trailingZeroBitCount)
        for key in index.heads.keys { setFilterBit(key.bits, in: &index) }
    }

    /// Keeps the newest half of the forms; returns how many were dropped.
    private static func forgetOldestHalf(_ index: inout Snapshot) -> Int {
        let keep = index.forms.count / 2
        let dropped = index.forms.count - keep
        // Heads point at the newest form of each prefix; chains run to older ones, so cutting
        // a chain at the first dropped form keeps the rest intact.
        var heads: [PrefixKey: Int32] = [:]
        heads.reserveCapacity(index.heads.count)
        var forms = Array(index.forms[dropped...])
        for (key, head) in index.heads where Int(head) >= dropped {
            heads[key] = head - Int32(dropped)
        }
        for i in forms.indices where forms[i].next >= 0 {
            forms[i].next = Int(forms[i].next) >= dropped ? forms[i].next - Int32(dropped) : -1
        }
        // Placeholders of forgotten secrets go too, the rest renumbered.
        var renumbered: [Int32: Int32] = [:]
        var placeholders: [[UInt8]] = []
        for i in forms.indices {
            let old = forms[i].placeholder
            if let number = renumbered[old] {
                forms[i].placeholder = number
            } else {
                let number = Int32(placeholders.count)
                renumbered[old] = number
                placeholders.append(index.placeholders[Int(old)])
                forms[i].placeholder = number
            }
        }
        index.placeholders = placeholders
        if index.anchors.count > forms.count { index.anchors.removeFirst(index.anchors.count - forms.count) }
        index.forms = forms
        index.heads = heads
        // First bytes cannot be recovered from digests: the old set stays (a superset is safe).
        rebuildFilter(&index)
        return dropped
    }
}

extension String {
    fileprivate func replacingPlus() -> String {
        String(decoding: utf8.flatMap { $0 == UInt8(ascii: "+") ? Array("%20".utf8) : [$0] }, as: UTF8.self)
    }
}
