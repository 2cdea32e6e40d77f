import Foundation
import CZlib

/// Decodes gzip and deflate response bodies for the capture (the client gets them unchanged).
enum BodyDecoder {
    /// The decoded body, or nil when the coding is not gzip/deflate or the bytes do not decode.
    static func decode(_ bytes: [UInt8], contentEncoding: String, limit: Int = 64 << 20) -> [UInt8]? {
        let windowBits: Int32
        switch contentEncoding.trimmingCharacters(in: .whitespaces).lowercased() {
        case "gzip", "x-gzip": windowBits = 15 + 16
        case "deflate": windowBits = 15 + 32  // zlib or gzip header, detected
        default: return nil
        }
        guard !bytes.isEmpty else { return [] }
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var input = bytes
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return input.withUnsafeMutableBufferPointer { inputBuffer -> [UInt8]? in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { chunkBuffer -> Int32 in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                if output.count > limit { return nil }
                if status == Z_STREAM_END { return output }
                if status != Z_OK || (produced == 0 && stream.avail_in == 0) { return nil }
            }
        }
    }
}
