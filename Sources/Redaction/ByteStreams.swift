#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import HAR

/// Chunks of bytes handed from one thread to another (the output to its leak scan).
typealias ChunkQueue = HandOffQueue<[UInt8]>

/// Items handed from one thread to another, at most `capacity` waiting (the producer waits
/// when it is full). `close` ends the stream.
final class HandOffQueue<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var closed = false
    private let capacity: Int

    init(capacity: Int = 16) {
        self.capacity = capacity
    }

    func push(_ item: Item) {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity, !closed { condition.wait() }
        if closed { return }
        items.append(item)
        condition.broadcast()
    }

    /// The next item, waiting for one; nil once closed and empty.
    func pop() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !closed { condition.wait() }
        if items.isEmpty { return nil }
        condition.broadcast()
        return items.removeFirst()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}

/// A window on a file read with `read(2)` (never mapped: a file that changes while it is read,
/// such as a journal still being appended to, cannot stop the process with SIGBUS), or on
/// bytes in memory. Positions are absolute offsets in the input.
struct InputWindow {
    /// The bytes from `base` on that are held.
    private(set) var bytes: [UInt8]
    /// The input offset of `bytes[0]`.
    private(set) var base = 0
    /// Whether the input has no more bytes.
    private(set) var isAtEnd: Bool
    private let fd: Int32
    private var queue: ChunkQueue?
    private var scratch: [UInt8] = []

    /// Bytes read at once.
    static let readSize = 1 << 20

    init(fd: Int32) {
        self.fd = fd
        bytes = []
        isAtEnd = false
    }

    init(bytes: [UInt8]) {
        fd = -1
        self.bytes = bytes
        isAtEnd = true
    }

    /// Bytes that another thread hands over (`ChunkQueue`).
    init(queue: ChunkQueue) {
        fd = -1
        self.queue = queue
        bytes = []
        isAtEnd = false
    }

    var end: Int { base + bytes.count }

    /// Drops the bytes before `keep` and reads more: at least `readSize`, or as many as are
    /// held (a value longer than the window doubles it). Returns errno on a failed read.
    mutating func readMore(keepingFrom keep: Int) -> Int32? {
        guard !isAtEnd else { return nil }
        let drop = min(max(keep - base, 0), bytes.count)
        if drop > 0 {
            bytes.removeFirst(drop)
            base += drop
        }
        if let queue {
            if let chunk = queue.pop() { bytes.append(contentsOf: chunk) } else { isAtEnd = true }
            return nil
        }
        let size = max(Self.readSize, bytes.count)
        if scratch.count < size { scratch = [UInt8](repeating: 0, count: size) }
        while true {
            let count = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress, size) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if count == 0 {
                isAtEnd = true
            } else {
                bytes.append(contentsOf: scratch[0..<count])
            }
            return nil
        }
    }
}

/// Output written to a file descriptor in pieces of about a megabyte, or kept in memory.
struct OutputSink {
    var buffer: [UInt8] = []
    private let fd: Int32
    /// Bytes written to `fd` so far.
    private(set) var written = 0
    /// Where a copy of each written piece goes (the leak scan of the output).
    var copies: ChunkQueue?

    static let flushSize = 1 << 20

    /// Whether it writes to a file (rather than keeping the bytes in memory).
    var writesToFile: Bool { fd >= 0 }

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(Self.flushSize + (64 << 10))
    }

    /// Writes the buffer when it is large enough (always with `force`); errno on failure.
    mutating func flush(force: Bool = false) -> Int32? {
        guard fd >= 0, force || buffer.count >= Self.flushSize else { return nil }
        var offset = 0
        while offset < buffer.count {
            let count = buffer.withUnsafeBytes { raw -> Int in
                guard let start = raw.baseAddress else { return 0 }
                return write(fd, start + offset, raw.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        written += offset
        copies?.push(buffer)
        buffer.removeAll(keepingCapacity: true)
        return nil
    }
}
