import HAR
import Synchronization

/// Gives each secret a placeholder such as `REDACTED-password-1`.
///
/// Within one table (one capture) the same secret always gets the same placeholder, so a
/// continuation-token chain stays visible and replay still matches requests; distinct secrets
/// get distinct placeholders. Placeholders are numbered in order of first appearance, so
/// nothing in them can be reversed into the secret (no hash of a short code is ever written).
/// They use only characters that need no escaping in JSON, URLs or form bodies.
public final class PlaceholderTable: Sendable {
    /// A secret, held as a 128-bit digest of its bytes rather than its text: a file of a
    /// million distinct tokens of 300-700 characters keeps 16 bytes for each instead of the
    /// token (the table is most of `authtape redact`'s memory on large files), and the table
    /// never holds a secret. Two distinct secrets share a digest with a probability of about
    /// n²/2¹²⁹ for n secrets (10⁻²⁷ for a million); the seeds are drawn once per process.
    struct SecretKey: Hashable {
        /// The first half of the digest, also the dictionary's hash.
        var hash: Int
        /// The second half, from independent seed and multiplier.
        var check: UInt64

        init(_ text: String) {
            (hash, check) = Self.digest(of: text)
        }

        /// Chosen once per process, like `Hasher`'s seed, so digests differ from run to run.
        static let seeds = (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))

        /// The first half of the digest (what the dictionary hashes by).
        static func hash(of text: String) -> Int { digest(of: text).hash }

        /// Two seeded multiply-and-fold hashes of the text's bytes, eight at a time, in one pass.
        /// Secrets are long (tokens, JWTs) and each is hashed once per occurrence: SipHash through
        /// `Hasher` cost about 3% of `authtape redact`, one of these about a quarter of that.
        static func digest(of text: String) -> (hash: Int, check: UInt64) {
            var copy = text
            return copy.withUTF8 { digest(of: $0) }
        }

        /// `digest(of:)` of bytes (the `SecretIndex` checks a candidate match with it).
        static func digest(of bytes: UnsafeBufferPointer<UInt8>) -> (hash: Int, check: UInt64) {
            do {
                let count = bytes.count
                var first = seeds.0 ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
                var second = seeds.1 ^ (UInt64(count) &* 0xC2B2_AE3D_27D4_EB4F)
                var i = 0
                if let base = bytes.baseAddress {
                    while i + 8 <= count {
                        let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                        first = fold(first ^ word, by: 0x9FB2_1C65_1E98_DF25)
                        second = fold(second ^ word, by: 0xD6E8_FEB8_6659_FD93)
                        i += 8
                    }
                    var tail: UInt64 = 0
                    var shift: UInt64 = 0
                    while i < count {
                        tail |= UInt64(base[i]) << shift
                        shift += 8
                        i += 1
                    }
                    first = fold(first ^ tail, by: 0x9FB2_1C65_1E98_DF25)
                    second = fold(second ^ tail, by: 0xD6E8_FEB8_6659_FD93)
                }
                return (Int(truncatingIfNeeded: finish(first)), finish(second))
            }
        }

        @inline(__always) private static func fold(_ value: UInt64, by multiplier: UInt64) -> UInt64 {
            let product = value.multipliedFullWidth(by: multiplier)
            return product.high ^ product.low
        }

        /// The final mix of SplitMix64, so that every input bit reaches every output bit.
        @inline(__always) private static func finish(_ value: UInt64) -> UInt64 {
            var state = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
            return state ^ (state >> 31)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        // The hash is already a seeded hash of the text: dictionaries use it directly instead
        // of running Hasher over it again on every lookup and resize.
        func _rawHashValue(seed: Int) -> Int { hash ^ seed }

        static func == (a: SecretKey, b: SecretKey) -> Bool { a.hash == b.hash && a.check == b.check }
    }

    fileprivate struct State {
        var bySecret: [SecretKey: String] = [:]
        /// Each kind's sanitised name (`sanitize` runs once per kind, not per secret).
        var safeKinds: [String: String] = [:]
        /// The last number of each sanitised kind (two kinds may sanitise to the same name).
        var counters: [String: Int] = [:]
        /// Placeholders reserved from an earlier capture (the ones issued here are told
        /// apart by their growing numbers).
        var issued: Set<String> = []
        /// With a capacity: the remembered secrets in order of first sight, oldest from `head` on.
        var order: [SecretKey] = []
        var head = 0
    }

    private let state = Mutex(State())
    /// Most secrets remembered at once, or nil for no limit.
    public let capacity: Int?
    /// Every secret given a placeholder here, for replacing its other occurrences
    /// (`SecretIndex`); nil when that is turned off.
    public let index: SecretIndex?

    /// The prefix every placeholder starts with.
    public static let prefix = Placeholder.prefix

    /// `prefix` as static text, for code that copies its bytes.
    static let prefixText = Placeholder.prefixText

    /// A table remembering every secret (what `authtape redact` uses: one capture, one numbering).
    public init(indexing: Bool = true) {
        capacity = nil
        index = indexing ? SecretIndex(tracksAnchors: true) : nil
    }

    /// A table remembering at most `capacity` secrets, forgetting the oldest first, so that a
    /// long-running recorder holds bounded memory. A secret seen again after `capacity` newer ones
    /// gets a new placeholder; numbers are never reused, so distinct secrets still never share one.
    public init(capacity: Int, indexing: Bool = true) {
        self.capacity = max(1, capacity)
        index = indexing ? SecretIndex(capacity: max(1, capacity)) : nil
    }

    /// The placeholder for `secret`, made from `kind` on first sight.
    public func placeholder(for secret: String, kind: String) -> String {
        let key = SecretKey(secret)
        let (placeholder, isNew) = state.withLock { state in
            let known = state.bySecret[key]
            return (known ?? self.placeholder(for: key, secret: secret, kind: kind, in: &state), known == nil)
        }
        // A secret met for the first time (or again after being forgotten) is indexed, so that
        // its other occurrences anywhere in the capture get the same placeholder.
        if isNew, let index, placeholder != secret {
            index.add(secret, placeholder: placeholder, digest: (key.hash, key.check))
        }
        return placeholder
    }

    private func placeholder(for key: SecretKey, secret: String, kind: String, in state: inout State) -> String {
        if let existing = state.bySecret[key] { return existing }
        // A value that already is a placeholder stays as it is (re-redacting a capture).
        if Self.isPlaceholder(secret) {
            state.bySecret[key] = secret
            if let capacity { remember(key, capacity: capacity, in: &state) }
            return secret
        }
        let safeKind: String
        if let known = state.safeKinds[kind] {
            safeKind = known
        } else {
            safeKind = Self.sanitize(kind)
            state.safeKinds[kind] = safeKind
        }
        var next = (state.counters[safeKind] ?? 0) + 1
        var candidate = Self.text(safeKind: safeKind, number: next)
        // Numbers only grow, so only a reserved placeholder can be taken already.
        while !state.issued.isEmpty, state.issued.contains(candidate) {
            next += 1
            candidate = Self.text(safeKind: safeKind, number: next)
        }
        state.counters[safeKind] = next
        state.bySecret[key] = candidate
        if let capacity { remember(key, capacity: capacity, in: &state) }
        return candidate
    }

    /// `REDACTED-<safeKind>-<number>`, written straight into the string's storage (string
    /// interpolation was a third of the cost of issuing a placeholder).
    static func text(safeKind: String, number: Int) -> String {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var kind = safeKind
        return kind.withUTF8 { kindBytes in
            // `prefix` copied as bytes: iterating a string's UTF-8 view costs a call per byte.
            let prefixCount = prefixText.utf8CodeUnitCount
            let count = prefixCount + kindBytes.count + 1 + digits
            return String(unsafeUninitializedCapacity: count) { buffer in
                let base = buffer.baseAddress!
                base.update(from: prefixText.utf8Start, count: prefixCount)
                if let kindBase = kindBytes.baseAddress {
                    (base + prefixCount).update(from: kindBase, count: kindBytes.count)
                }
                var at = prefixCount + kindBytes.count
                base[at] = UInt8(ascii: "-")
                at += 1
                var value = number
                for position in stride(from: count - 1, through: at, by: -1) {
                    base[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                return count
            }
        }
    }

    private func remember(_ key: SecretKey, capacity: Int, in state: inout State) {
        state.order.append(key)
        // Only secrets met here count; placeholders reserved from an earlier capture stay.
        while state.order.count - state.head > capacity {
            state.bySecret[state.order[state.head]] = nil
            state.head += 1
        }
        // Drop the forgotten prefix of `order` once it is as long as what is left.
        if state.head > 0, state.head * 2 >= state.order.count {
            state.order.removeFirst(state.head)
            state.head = 0
        }
    }

    /// Marks placeholders already present in a capture as taken, so that a recording that
    /// continues an earlier journal never reuses one for a different secret.
    public func reserve(_ placeholder: String) {
        guard Self.isPlaceholder(placeholder) else { return }
        state.withLock { state in
            state.issued.insert(placeholder)
            state.bySecret[SecretKey(placeholder)] = placeholder
        }
    }

    /// How many distinct secrets have been replaced.
    public var count: Int {
        state.withLock { $0.bySecret.count }
    }

    /// Whether `value` has the shape of a placeholder this type makes.
    public static func isPlaceholder(_ value: String) -> Bool {
        guard value.hasPrefix(prefix) else { return false }
        let rest = value.utf8.dropFirst(prefix.utf8.count)
        guard let dash = rest.lastIndex(of: UInt8(ascii: "-")) else { return false }
        let digits = rest[rest.index(after: dash)...]
        let kind = rest[..<dash]
        return !digits.isEmpty && digits.allSatisfy { $0 >= 48 && $0 <= 57 }
            && !kind.isEmpty && kind.allSatisfy(isKindByte)
    }

    /// `isPlaceholder` on bytes (the prefix is ASCII, so comparing bytes is the same test).
    static func isPlaceholder(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefix = Placeholder.prefixBytes
        guard bytes.count > prefix.count, bytes.prefix(prefix.count).elementsEqual(prefix) else { return false }
        let rest = bytes[prefix.count...]
        guard let dash = rest.lastIndex(of: UInt8(ascii: "-")) else { return false }
        let digits = rest[(dash + 1)...]
        let kind = rest[..<dash]
        return !digits.isEmpty && digits.allSatisfy { $0 &- UInt8(ascii: "0") < 10 } && !kind.isEmpty && kind.allSatisfy(isKindByte)
    }

    /// The bytes `sanitize` keeps: a kind made only of them is its own sanitized form.
    static func isKindByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
    }

    static func sanitize(_ kind: String) -> String {
        if !kind.isEmpty, kind.utf8.allSatisfy(isKindByte) { return kind }
        let lowered = kind.lowercased().utf8.map { isKindByte($0) ? $0 : UInt8(ascii: "_") }
        let result = String(decoding: lowered, as: UTF8.self)
        return result.isEmpty ? "secret" : result
    }
}
