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

    /// `writev` in batches; the errno of a failure, or nil.
    private func writePieces(_ fd: Int32, input: UnsafeBufferPointer<UInt8>, side: UnsafeBufferPointer<UInt8>) -> Int32? {
        let batch = 1024
        var vectors: [iovec] = []
        vectors.reserveCapacity(batch)
        var index = 0
        while index < pieces.count {
            vectors.removeAll(keepingCapacity: true)
            while index < pieces.count, vectors.count < batch {
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
}
