import Foundation
import CZlib

/// gzip and deflate bodies, through zlib. The redactor and the recorder's capture writer
/// both decode with it.
public enum ContentCoding: String, Sendable {
    case gzip
    case deflate

    /// The coding named by a `Content-Encoding` header value, if it is one zlib handles.
    public init?(headerValue: String) {
        switch headerValue.trimmingCharacters(in: .whitespaces).lowercased() {
        case "gzip", "x-gzip": self = .gzip
        case "deflate": self = .deflate
        default: return nil
        }
    }

    /// Whether `bytes` start the way this coding's output does.
    func looksEncoded(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .gzip: return bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
        case .deflate: return bytes.count >= 2 && (bytes[0] & 0x0F) == 8 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
        }
    }

    /// Window bits for writing: gzip framing, or a zlib header for deflate.
    private var windowBits: Int32 { self == .gzip ? 15 + 16 : 15 }
    /// Window bits for reading: a `deflate` body is accepted with a zlib or a gzip header.
    private var decodeWindowBits: Int32 { self == .gzip ? 15 + 16 : 15 + 32 }

    /// Decodes `bytes`; nil when they are not valid for this coding or inflate past `limit`.
    /// An empty body decodes to an empty body.
    public func decode(_ bytes: [UInt8], limit: Int = 64 << 20) -> [UInt8]? {
        guard !bytes.isEmpty else { return [] }
        var stream = z_stream()
        guard inflateInit2_(&stream, decodeWindowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
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

    /// Encodes `bytes` at the default compression level.
    func encode(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return bytes }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let written = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer -> Int in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
                return outputBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<written])
    }
}
