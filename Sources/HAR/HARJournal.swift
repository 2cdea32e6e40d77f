import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An append-only journal of HAR entries for crash-safe recording.
///
/// The file is NDJSON, created with mode 0600: the first line is a header
/// `{"_authtapeJournal":1,"log":{…log fields without entries…}}`, then one compact HAR
/// entry per line, each written with a single `write(2)` of the whole line. A process killed
/// at any moment leaves every completed line intact; `recover` keeps every complete line and
/// `finalize` turns the journal into a HAR file. Safe to use from several threads.
public final class HARJournal: @unchecked Sendable {
    /// The header member that marks a journal and gives its format version.
    public static let formatKey = "_authtapeJournal"
    public static let formatVersion = 1

    /// Where the journal is written.
    public let path: String
    /// Whether each append is followed by `fsync`.
    public let syncEachEntry: Bool

    private let lock = NSLock()
    private var descriptor: Int32
    private var appended = 0

    /// Creates the journal and writes its header. `log` gives the log-level fields of the
    /// eventual HAR (its `entries` are ignored). Fails if the file exists unless
    /// `replaceExisting` is set, so an unrecovered journal is never overwritten by accident.
    public init(
        path: String, log: HARLog, syncEachEntry: Bool = false, replaceExisting: Bool = false
    ) throws(HARError) {
        self.path = path
        self.syncEachEntry = syncEachEntry
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (replaceExisting ? O_TRUNC : O_EXCL)
        let fd = open(path, flags, FileIO.privateMode)
        guard fd >= 0 else {
            let code = errno
            let hint = code == EEXIST ? " (recover or finalize the existing journal first)" : ""
            throw HARError(file: path, message: "cannot create journal: \(FileIO.errnoText(code))\(hint)")
        }
        descriptor = fd
        var header = JSONObject()
        header.put(Self.formatKey, Self.formatVersion)
        var fields = log
        fields.entries = []
        var logObject = fields.encoded().objectValue ?? JSONObject()
        logObject["entries"] = nil
        header.append("log", .object(logObject))
        do throws(HARError) {
            try writeLine(JSONValue.object(header).serialized())
        } catch {
            closeDescriptor(fd)
            descriptor = -1
            throw error
        }
    }

    /// The journal path used for a capture at `harPath` (`<harPath>.journal.tmp`).
    public static func journalPath(forCapture harPath: String) -> String {
        harPath + ".journal.tmp"
    }

    /// Creates a journal for a capture by `creator` with authtape's log fields.
    public convenience init(
        path: String, creator: HARCreator, logFields: AuthTapeLogFields?, syncEachEntry: Bool = false,
        replaceExisting: Bool = false
    ) throws(HARError) {
        try self.init(
            path: path, log: HARLog(creator: creator, authtape: logFields), syncEachEntry: syncEachEntry,
            replaceExisting: replaceExisting)
    }

    deinit {
        if descriptor >= 0 { closeDescriptor(descriptor) }
    }

    /// Appends one entry as one line.
    public func append(_ entry: HAREntry) throws(HARError) {
        try append(contentsOf: [entry])
    }

    /// Appends an entry already in JSON form (for example one redacted as JSON) as one line.
    public func append(json: JSONValue) throws(HARError) {
        var line = json.serialized()
        line.append(0x0A)
        try locked { () throws(HARError) in
            guard descriptor >= 0 else { throw HARError(file: path, message: "journal is closed") }
            try writeRaw(line)
            appended += 1
        }
    }

    /// Appends several entries, one line each, with a single `write(2)` (and one `fsync` when
    /// ``syncEachEntry`` is set) for the lot. A crash during the write can cut the last line short;
    /// recovery keeps every complete line, as for single appends.
    public func append(contentsOf entries: [HAREntry]) throws(HARError) {
        guard !entries.isEmpty else { return }
        var lines: [UInt8] = []
        for entry in entries {
            entry.writeJSON(into: &lines)
            lines.append(0x0A)
        }
        try locked { () throws(HARError) in
            guard descriptor >= 0 else { throw HARError(file: path, message: "journal is closed") }
            try writeRaw(lines)
            appended += entries.count
        }
    }

    /// Appends `count` entries already written as compact JSON lines, each ending in a line
    /// feed (for example redacted on their bytes), with a single `write(2)`.
    public func append(lines: [UInt8], count: Int) throws(HARError) {
        guard !lines.isEmpty else { return }
        try locked { () throws(HARError) in
            guard descriptor >= 0 else { throw HARError(file: path, message: "journal is closed") }
            try writeRaw(lines)
            appended += count
        }
    }

    /// Number of entries appended through this object.
    public var entryCount: Int { lock.withLock { appended } }

    /// Flushes appended lines to stable storage.
    public func sync() throws(HARError) {
        try locked { () throws(HARError) in
            guard descriptor >= 0 else { return }
            guard fsync(descriptor) == 0 else {
                throw HARError(file: path, message: "cannot sync journal: \(FileIO.errnoText(errno))")
            }
        }
    }

    /// Syncs and closes the file; later appends fail. Closing twice is harmless.
    public func close() throws(HARError) {
        try locked { () throws(HARError) in
            guard descriptor >= 0 else { return }
            let synced = fsync(descriptor) == 0
            let code = errno
            closeDescriptor(descriptor)
            descriptor = -1
            guard synced else { throw HARError(file: path, message: "cannot sync journal: \(FileIO.errnoText(code))") }
        }
    }

    /// Closes the journal and finalizes it into a HAR file at `harPath`.
    public func finish(to harPath: String, removeJournal: Bool = true) throws(HARError) -> RecoveryReport {
        try close()
        return try Self.finalize(journalPath: path, to: harPath, removeJournal: removeJournal)
    }

    private func locked<T>(_ body: () throws(HARError) -> T) throws(HARError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func writeLine(_ bytes: [UInt8]) throws(HARError) {
        var line = bytes
        line.append(0x0A)
        try writeRaw(line)
    }

    /// One `write(2)` for the whole line in the normal case (retried only if the kernel
    /// accepts part of it), then an optional fsync.
    private func writeRaw(_ line: [UInt8]) throws(HARError) {
        if let code = line.withUnsafeBytes({ FileIO.writeAll(descriptor, $0) }) {
            throw HARError(file: path, message: "cannot append to journal: \(FileIO.errnoText(code))")
        }
        if syncEachEntry, fsync(descriptor) != 0 {
            throw HARError(file: path, message: "cannot sync journal: \(FileIO.errnoText(errno))")
        }
    }
}

/// `close(2)`, under a name that does not clash with `HARJournal.close()`.
@inline(__always) func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
