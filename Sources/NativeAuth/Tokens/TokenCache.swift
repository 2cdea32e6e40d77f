import Foundation
import NativeAuthWire

/// The engine's token cache: in memory, optionally mirrored to a JSON file written with mode 0600.
/// Accounts keep their insertion order so that "the first cached account" is well defined.
public final class TokenCache: Sendable {
    private let entries = Locked<[TokenSet]>([])
    private let fileURL: URL?

    /// Creates a cache; with `fileURL`, it loads that file (if any) and rewrites it on every change.
    public init(fileURL: URL? = nil) {
        self.fileURL = fileURL
        if let fileURL, let data = try? Data(contentsOf: fileURL),
            let stored = try? JSONDecoder().decode([TokenSet].self, from: data)
        {
            entries.withLock { $0 = stored }
        }
    }

    /// Number of cached accounts.
    public var count: Int { entries.withLock { $0.count } }

    /// Removes everything.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
        persist()
    }

    func store(_ set: TokenSet) {
        entries.withLock { list in
            if let index = list.firstIndex(where: { $0.homeAccountId == set.homeAccountId }) {
                var merged = set
                if merged.refreshToken == nil { merged.refreshToken = list[index].refreshToken }
                if merged.idToken == nil { merged.idToken = list[index].idToken }
                list[index] = merged
            } else {
                list.append(set)
            }
        }
        persist()
    }

    /// What the cache holds at one moment, to be put back with ``restore(_:)``: a test harness that runs
    /// many variants of an action from the same point after a sign-in (the fuzzer) rewinds the cache too.
    public struct Snapshot: Sendable, Hashable {
        fileprivate let entries: [TokenSet]
        /// Whether the cache was empty.
        public var isEmpty: Bool { entries.isEmpty }
    }

    /// The cache's entries now.
    public func snapshot() -> Snapshot { Snapshot(entries: entries.withLock { $0 }) }

    /// Puts back what `snapshot` held, dropping everything stored since.
    public func restore(_ snapshot: Snapshot) {
        entries.withLock { $0 = snapshot.entries }
        persist()
    }

    func entry(homeAccountId: String) -> TokenSet? {
        entries.withLock { $0.first { $0.homeAccountId == homeAccountId } }
    }

    func firstWithIdToken() -> TokenSet? { entries.withLock { $0.first { $0.idToken != nil } } }

    func remove(homeAccountId: String) {
        entries.withLock { $0.removeAll { $0.homeAccountId == homeAccountId } }
        persist()
    }

    private func persist() {
        guard let fileURL else { return }
        let stored = entries.withLock { $0 }
        guard let data = try? JSONEncoder().encode(stored) else { return }
        // A failure to write is not an authentication failure; the in-memory cache stays authoritative.
        _ = FileManager.default.createFile(
            atPath: fileURL.path, contents: data, attributes: [.posixPermissions: 0o600])
    }
}
