#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import HAR

/// Scans HAR files for secrets that redaction missed, with detectors that do not depend on
/// the redaction rules. The file is read as a stream (`HARStream`): memory holds a window of
/// the file and the batches of parts being walked, not the file.
///
/// One thread reads the stream and cuts it into batches of parts (entries, pages, the log's
/// other members); `workers` threads walk the batches, and their findings are put back in
/// file order, so the result does not depend on the number of workers.
public struct LeakScanner: Sendable {
    /// Exact strings that must not appear anywhere (also searched encoded).
    public var canaries: [String]
    /// Threads that walk batches at once (1: the reading thread walks them itself).
    public var workers: Int
    /// How much lower than the process's the workers' priority is (0: the same). `authtape
    /// redact` lowers it so that the redaction thread, which feeds the scan and sets the pace,
    /// keeps a core to itself (`OutputScan`).
    var workerNiceness: Int32 = 0
    private let detectors: LeakDetectors

    public init(canaries: [String] = [], workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.canaries = canaries.filter { !$0.isEmpty }
        self.workers = max(1, workers)
        self.detectors = LeakDetectors()
    }

    /// Scans the HAR file at `path`.
    /// - Throws: `LeakScanError` when the file cannot be read (with the system's reason) or is
    ///   not a HAR file (the verdict and messages of `HARReader`).
    public func scan(path: String) throws(LeakScanError) -> [LeakFinding] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LeakScanError(HARError.cannotOpen(file: path, errno: errno)) }
        defer { close(fd) }
        return try scan(InputWindow(fd: fd), file: path)
    }

    /// Scans HAR bytes; `file` names them in findings.
    public func scan(bytes: [UInt8], file: String) throws(LeakScanError) -> [LeakFinding] {
        try scan(InputWindow(bytes: bytes), file: file)
    }

    func scan(_ input: InputWindow, file: String) throws(LeakScanError) -> [LeakFinding] {
        var stream = HARStream(input: input, file: file)
        let walk = BatchWalk(file: file, detectors: detectors, canaries: canaries)
        var handler = LeakScanHandler(walk: walk, pool: workers > 1 ? BatchPool(workers: workers, walk: walk, niceness: workerNiceness) : nil)
        do throws(HARError) {
            try stream.walk(&handler)
        } catch {
            // A part that did not parse lies before where the stream stopped: it comes first.
            if case .failure(let earlier) = handler.finish() { throw earlier }
            throw LeakScanError(error)
        }
        return try handler.finish().get()
    }
}

/// Parts of the stream, copied out of its window, to be walked together.
struct PartBatch: Sendable {
    var bytes: [UInt8] = []
    /// Each part, its range in `bytes`, and the input offset where it starts.
    var parts: [(part: HARPart, range: Range<Int>, offset: Int)] = []

    /// Bytes gathered before a batch is handed to a worker.
    static let size = 256 << 10
}

/// What walking one batch found.
struct BatchResult: Sendable {
    var findings: [LeakFinding] = []
    var canariesFound: Set<Int> = []
    /// The first part that is not JSON: where it is, and the input offset it starts at.
    var failure: (field: String, offset: Int)?
}

/// How a batch is walked: the same for every worker.
struct BatchWalk: Sendable {
    let file: String
    let detectors: LeakDetectors
    let canaries: [String]

    func walk(_ batch: PartBatch) -> BatchResult {
        var walker = LeakWalker(file: file, detectors: detectors, canaries: canaries)
        var result = BatchResult()
        batch.bytes.withUnsafeBufferPointer { buffer in
            for (part, range, offset) in batch.parts {
                var cursor = JSONCursor(UnsafeBufferPointer(rebasing: buffer[range]))
                do throws(ScanFailure) {
                    switch part {
                    case .entry(let index): try walker.walk(&cursor, path: "entries[\(index)]", entry: index, fieldName: nil)
                    case .pages: try walker.walk(&cursor, path: "log.pages", entry: nil, fieldName: "pages")
                    case .logComment: try walker.walk(&cursor, path: "log.comment", entry: nil, fieldName: "comment")
                    case .logMember(let key): try walker.walk(&cursor, path: "log.\(key)", entry: nil, fieldName: key.lowercased())
                    case .documentMember(let key): try walker.walk(&cursor, path: key, entry: nil, fieldName: key.lowercased())
                    }
                } catch {
                    // The stream checked the part already; a failure here is reported, not hidden.
                    let at = if case .invalid(let position, _, _) = error { position } else { range.count }
                    result.failure = (part.field, offset + at)
                    break
                }
            }
        }
        result.findings = walker.findings
        result.canariesFound = walker.canariesFound
        return result
    }
}

/// Worker threads for batches, at most `workers` batches walked and one more waiting. The
/// threads are the pool's own (not a dispatch queue's), so their priority can be lowered
/// without touching threads that other work shares: `niceness` above the process's makes
/// them yield to a thread that feeds them (`authtape redact`'s redaction thread, see
/// `OutputScan`).
final class BatchPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [(batch: PartBatch, index: Int)] = []
    private var results: [Int: BatchResult] = [:]
    /// Batches submitted and not yet walked to the end.
    private var inFlight = 0
    private var closed = false
    private var running: Int
    private let limit: Int

    init(workers: Int, walk: BatchWalk, niceness: Int32 = 0) {
        limit = workers + 1
        running = workers
        for _ in 0..<workers {
            let thread = Thread { [self] in
                if niceness > 0 { Self.lowerPriority(by: niceness) }
                work(walk)
            }
            thread.name = "leak-scan-worker"
            thread.start()
        }
    }

    /// Lowers the calling thread's priority (Linux: `setpriority` with 0 names the calling
    /// thread). A failure only leaves the priority as it was.
    private static func lowerPriority(by niceness: Int32) {
        #if canImport(Glibc)
            errno = 0
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            if errno == 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + niceness)) }
        #endif
    }

    private func work(_ walk: BatchWalk) {
        condition.lock()
        while true {
            while waiting.isEmpty, !closed { condition.wait() }
            if waiting.isEmpty { break }
            let (batch, index) = waiting.removeFirst()
            condition.unlock()
            let result = walk.walk(batch)
            condition.lock()
            results[index] = result
            inFlight -= 1
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Hands `batch` to the workers (waiting while they are all busy and one waits) as number `index`.
    func submit(_ batch: PartBatch, index: Int) {
        condition.lock()
        defer { condition.unlock() }
        while inFlight >= limit { condition.wait() }
        inFlight += 1
        waiting.append((batch, index))
        condition.broadcast()
    }

    /// Every result, in the order the batches were submitted, once all are walked; the
    /// threads end.
    func drain() -> [BatchResult] {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        return results.sorted { $0.key < $1.key }.map(\.value)
    }
}

/// The scanner's `HARPartHandler`: parts gathered into batches and walked, by a pool of
/// workers or in place.
struct LeakScanHandler: HARPartHandler {
    private let walk: BatchWalk
    private let pool: BatchPool?
    private var batch = PartBatch()
    private var submitted = 0
    private var results: [BatchResult] = []
    /// Input bytes handed over so far: every byte comes once, in order.
    private var consumed = 0
    /// Canaries found in the raw text (in some encoding), by index.
    private var rawCanaries: Set<Int> = []
    private let variants: [[[UInt8]]]

    init(walk: BatchWalk, pool: BatchPool?) {
        self.walk = walk
        self.pool = pool
        variants = walk.canaries.map { LeakWalker.encodedVariants(of: $0).map { Array($0.utf8) } }
    }

    mutating func pass(_ bytes: UnsafeBufferPointer<UInt8>) throws(HARError) {
        searchCanaries(bytes)
        consumed += bytes.count
    }

    mutating func didFinishPart() throws(HARError) {}

    mutating func part(_ part: HARPart, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(ScanFailure) {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        searchCanaries(slice)
        let start = batch.bytes.count
        batch.bytes.append(contentsOf: slice)
        batch.parts.append((part, start..<batch.bytes.count, consumed))
        consumed += slice.count
        if batch.bytes.count >= PartBatch.size { submit() }
    }

    private mutating func submit() {
        guard !batch.parts.isEmpty else { return }
        if let pool {
            pool.submit(batch, index: submitted)
        } else {
            results.append(walk.walk(batch))
        }
        submitted += 1
        batch = PartBatch()
    }

    private mutating func searchCanaries(_ bytes: UnsafeBufferPointer<UInt8>) {
        for (index, forms) in variants.enumerated() where !rawCanaries.contains(index) {
            if forms.contains(where: { ByteSearch.firstIndex(of: $0, in: bytes) != nil }) { rawCanaries.insert(index) }
        }
    }

    /// Walks what is left and puts the batches' findings together in file order (a finding
    /// once), then canaries the walk missed but the raw text holds; or the first part that is
    /// not JSON.
    mutating func finish() -> Result<[LeakFinding], LeakScanError> {
        submit()
        if let pool { results += pool.drain() }
        var findings: [LeakFinding] = []
        var seen: Set<LeakFinding> = []
        var canariesFound: Set<Int> = []
        for result in results {
            if let (field, offset) = result.failure {
                return .failure(LeakScanError(file: walk.file, message: "\(field): invalid JSON at byte \(offset)"))
            }
            for finding in result.findings where seen.insert(finding).inserted { findings.append(finding) }
            canariesFound.formUnion(result.canariesFound)
        }
        results = []
        for index in rawCanaries.sorted() where !canariesFound.contains(index) {
            findings.append(LeakFinding(
                file: walk.file, entry: nil, location: "(raw file)", detector: "canary",
                reason: "canary #\(index + 1) appears in the file text"))
        }
        return .success(findings)
    }
}

/// A file the scanner could not read as HAR.
public struct LeakScanError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public var description: String { "\(file): \(message)" }

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// The reader's error, worded as `HARReader` words it (`log.entries[3].request: … at byte 812`).
    public init(_ error: HARError) {
        self.init(file: error.file, message: [error.path, error.message].filter { !$0.isEmpty }.joined(separator: ": "))
    }
}
