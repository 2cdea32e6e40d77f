import Synchronization

/// Gives each secret a placeholder such as `REDACTED-password-1`.
///
/// Within one table (one capture) the same secret always gets the same placeholder, so a
/// continuation-token chain stays visible and replay still matches requests; distinct secrets
/// get distinct placeholders. Placeholders are numbered in order of first appearance, so
/// nothing in them can be reversed into the secret (no hash of a short code is ever written).
/// They use only characters that need no escaping in JSON, URLs or form bodies.
public final class PlaceholderTable: Sendable {
    fileprivate struct State {
        var bySecret: [String: String] = [:]
        var counters: [String: Int] = [:]
        var issued: Set<String> = []
    }

    private let state = Mutex(State())

    /// The prefix every placeholder starts with.
    public static let prefix = "REDACTED-"

    public init() {}

    /// The placeholder for `secret`, made from `kind` on first sight.
    public func placeholder(for secret: String, kind: String) -> String {
        state.withLock { state in
            if let existing = state.bySecret[secret] { return existing }
            // A value that already is a placeholder stays as it is (re-redacting a capture).
            if Self.isPlaceholder(secret) {
                state.bySecret[secret] = secret
                return secret
            }
            let safeKind = Self.sanitize(kind)
            var next = (state.counters[safeKind] ?? 0) + 1
            var candidate = "\(Self.prefix)\(safeKind)-\(next)"
            while state.issued.contains(candidate) {
                next += 1
                candidate = "\(Self.prefix)\(safeKind)-\(next)"
            }
            state.counters[safeKind] = next
            state.bySecret[secret] = candidate
            state.issued.insert(candidate)
            return candidate
        }
    }

    /// Marks placeholders already present in a capture as taken, so that a recording that
    /// continues an earlier journal never reuses one for a different secret.
    public func reserve(_ placeholder: String) {
        guard Self.isPlaceholder(placeholder) else { return }
        state.withLock { state in
            state.issued.insert(placeholder)
            state.bySecret[placeholder] = placeholder
        }
    }

    /// The table's contents at one moment, to undo work that is then thrown away.
    struct Snapshot: Sendable {
        fileprivate let state: State
    }

    func snapshot() -> Snapshot {
        state.withLock { Snapshot(state: $0) }
    }

    func restore(_ snapshot: Snapshot) {
        state.withLock { $0 = snapshot.state }
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

    private static func isKindByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95
    }

    private static func sanitize(_ kind: String) -> String {
        let lowered = kind.lowercased().utf8.map { isKindByte($0) ? $0 : UInt8(ascii: "_") }
        let result = String(decoding: lowered, as: UTF8.self)
        return result.isEmpty ? "secret" : result
    }
}
