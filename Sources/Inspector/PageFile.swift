import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a page the way captures are written: created with mode 0600 (the page shows what a
/// capture holds), under a temporary name in the same folder, then renamed over the target.
enum PageFile {
    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    static func store(_ bytes: [UInt8], at path: String) throws(WriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        // Unique per write, not only per process: two writes of the same page at once (two tests, two
        // tasks) must not rename each other's temporary file away.
        let temporary = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteError(description: String(cString: strerror(errno))) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw WriteError(description: reason)
            }
            written += n
        }
        guard fsync(fd) == 0, close(fd) == 0 else {
            unlink(temporary)
            throw WriteError(description: String(cString: strerror(errno)))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(description: reason)
        }
    }
}
