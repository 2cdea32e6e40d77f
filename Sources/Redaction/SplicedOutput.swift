#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import HAR

/// A redacted capture as a list of pieces: byte ranges of the input, which is never copied,
/// and of `side`, which holds everything that changed (edits, separators, entries written
/// again). Written with `writev`, so the output is never assembled in memory.
struct SplicedOutput {
    struct Piece {
        var fromInput: Bool
        var range: Range<Int>
    }

    private(set) var pieces: [Piece] = []
    /// The bytes of the pieces not taken from the input.
    var side: [UInt8] = []

    /// Room for the pieces and new bytes of a capture of `inputSize` bytes, so that
    /// neither array is copied again and again as it grows (memory never touched costs
    /// nothing: large allocations are mapped lazily).
    mutating func reserveCapacity(forInput inputSize: Int) {
        pieces.reserveCapacity(inputSize / 128)
        side.reserveCapacity(inputSize / 8)
    }

    /// Appends bytes of the input.
    mutating func appendInput(_ range: Range<Int>) {
        if range.isEmpty { return }
        if let last = pieces.last, last.fromInput, last.range.upperBound == range.lowerBound {
            pieces[pieces.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            pieces.append(Piece(fromInput: true, range: range))
        }
    }

    /// Appends new bytes.
    mutating func append<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        let start = side.count
        side.append(contentsOf: bytes)
        recordSide(from: start)
    }

    mutating func append(_ byte: UInt8) {
        side.append(byte)
        recordSide(from: side.count - 1)
    }

    /// Records as a piece what was appended to `side` since `start`.
    mutating func recordSide(from start: Int) {
        if start == side.count { return }
        if let last = pieces.last, !last.fromInput, last.range.upperBound == start {
            pieces[pieces.count - 1].range = last.range.lowerBound..<side.count
        } else {
            pieces.append(Piece(fromInput: false, range: start..<side.count))
        }
    }

    /// Puts `bytes` before everything appended so far.
    mutating func prepend<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        let start = side.count
        side.append(contentsOf: bytes)
        if start < side.count { pieces.insert(Piece(fromInput: false, range: start..<side.count), at: 0) }
    }

    /// The whole output in one buffer (for tests and small captures).
    func joined(input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(pieces.reduce(0) { $0 + $1.range.count })
        for piece in pieces {
            if piece.fromInput {
                result.append(contentsOf: UnsafeBufferPointer(rebasing: input[piece.range]))
            } else {
                result.append(contentsOf: side[piece.range])
            }
        }
        return result
    }

    /// Writes the output to `path` through `HARRawFile.write(to:body:)`: a temporary file with
    /// mode 0600, synced, then renamed over `path`.
    func write(input: UnsafeBufferPointer<UInt8>, to path: String) throws(HARError) {
        try HARRawFile.write(to: path) { fd in
            side.withUnsafeBufferPointer { writePieces(fd, input: input, side: $0) }
        }
    }

    /// Writes `pieces[from..<to]` (all of them by default) at the descriptor's offset.
    func write(_ fd: Int32, input: UnsafeBufferPointer<UInt8>, from: Int = 0, to: Int? = nil) -> Int32? {
        side.withUnsafeBufferPointer { writePieces(fd, input: input, side: $0, from: from, to: to ?? pieces.count) }
    }

    /// `writev` in batches; the errno of a failure, or nil.
    private func writePieces(
        _ fd: Int32, input: UnsafeBufferPointer<UInt8>, side: UnsafeBufferPointer<UInt8>, from: Int = 0, to: Int? = nil
    ) -> Int32? {
        let batch = 1024
        var vectors: [iovec] = []
        vectors.reserveCapacity(batch)
        var index = from
        let end = to ?? pieces.count
        while index < end {
            vectors.removeAll(keepingCapacity: true)
            while index < end, vectors.count < batch {
                let piece = pieces[index]
                let base = piece.fromInput ? input.baseAddress! : side.baseAddress!
                vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + piece.range.lowerBound), iov_len: piece.range.count))
                index += 1
            }
            if let failure = Self.writeAll(fd, &vectors) { return failure }
        }
        return nil
    }

    /// Writes every vector, resuming after short writes.
    private static func writeAll(_ fd: Int32, _ vectors: inout [iovec]) -> Int32? {
        var first = 0
        while first < vectors.count {
            let written = vectors.withUnsafeBufferPointer { writev(fd, $0.baseAddress! + first, Int32($0.count - first)) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            var remaining = written
            while first < vectors.count, remaining >= vectors[first].iov_len {
                remaining -= vectors[first].iov_len
                first += 1
            }
            if remaining > 0 {
                vectors[first].iov_base += remaining
                vectors[first].iov_len -= remaining
            }
        }
        return nil
    }

    /// Writes a capture's output while it is being made: the entries as each chunk is done
    /// (`ParallelSplice`), at the offset where they start in the input, on the guess that the
    /// part before them comes out the same length (it does for captures `HARWriter` wrote
    /// with nothing to redact outside the entries); then the rest. When the guess was wrong,
    /// everything is written again from the start.
    struct Stream {
        let fd: Int32
        let input: UnsafeBufferPointer<UInt8>
        /// Where the entries were written from, once the first pieces were.
        private var start: Int?
        /// Pieces written so far. Never the last one: only the last piece can still grow.
        private var flushed = 0
        private(set) var failure: Int32?

        init(fd: Int32, input: UnsafeBufferPointer<UInt8>) {
            self.fd = fd
            self.input = input
        }

        /// Writes the finished pieces of `entries`, the entries' output so far, which starts
        /// with the `[` at input offset `open`; an `open` of -1 forgets what was written
        /// (the parallel path gave up, and `finish` then writes everything).
        mutating func flush(_ entries: SplicedOutput, open: Int) {
            if open < 0 {
                start = nil
                flushed = 0
                return
            }
            guard failure == nil, entries.pieces.count - 1 > flushed else { return }
            if start == nil {
                guard lseek(fd, off_t(open), SEEK_SET) == off_t(open) else {
                    failure = errno
                    return
                }
                start = open
            }
            failure = entries.write(fd, input: input, from: flushed, to: entries.pieces.count - 1)
            flushed = entries.pieces.count - 1
            #if os(Linux)
                // Start writing back what is written so far, so the final `fsync` waits for
                // little more than the last chunk instead of the whole capture.
                if failure == nil { Self.startWriteback(fd) }
            #endif
        }

        #if os(Linux)
            /// `sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE)`: starts writeback of the
            /// file's dirty pages without waiting. Glibc declares it only under `_GNU_SOURCE`,
            /// which Swift's Glibc module does not set, so it is looked up at run time.
            private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
                guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
                return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
            }()

            private static func startWriteback(_ fd: Int32) {
                // SYNC_FILE_RANGE_WRITE is 2 in <linux/fs.h>.
                _ = syncFileRange?(fd, 0, 0, 2)
            }
        #endif

        /// Writes what is left of `output`, the whole capture: the part before the entries
        /// (one piece, put first by `prepend`) and the pieces not yet written; the errno of
        /// a failure, or nil.
        func finish(_ output: SplicedOutput) -> Int32? {
            if let failure { return failure }
            guard let start, flushed > 0, output.pieces[0].range.count == start, !output.pieces[0].fromInput else {
                // Nothing written yet, or the guess was wrong: everything from the start.
                guard lseek(fd, 0, SEEK_SET) == 0, ftruncate(fd, 0) == 0 else { return errno }
                return output.write(fd, input: input)
            }
            // The file offset is just after the entries written so far.
            if let failure = output.write(fd, input: input, from: flushed + 1) { return failure }
            guard lseek(fd, 0, SEEK_SET) == 0 else { return errno }
            return output.write(fd, input: input, from: 0, to: 1)
        }
    }
}
