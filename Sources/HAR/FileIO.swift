#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small POSIX file helpers, so files are created with mode 0600 from the start.
enum FileIO {
    /// Owner read/write only.
    static let privateMode: mode_t = 0o600

    static func errnoText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Reads a whole file.
    static func readAll(_ path: String) throws(HARError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HARError.cannotOpen(file: path, errno: errno) }
        defer { close(fd) }
        var result: [UInt8] = []
        var info = stat()
        if fstat(fd, &info) == 0, info.st_size > 0 { result.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw HARError.cannotRead(file: path, errno: errno)
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// Writes every byte of `bytes` to `fd`, retrying short writes and EINTR.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// Writes `bytes` to `path` atomically: a 0600 temporary file in the same directory,
    /// fsync, then rename over `path`.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(HARError) {
        try writeAtomically(to: path) { fd in bytes.withUnsafeBytes { writeAll(fd, $0) } }
    }

    /// The same protocol with the content written by `body`, which gets the temporary file's
    /// descriptor and returns the errno of a failed write, or nil.
    static func writeAtomically(to path: String, body: (Int32) -> Int32?) throws(HARError) {
        let temporary = temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, privateMode)
        guard fd >= 0 else {
            throw HARError(file: path, message: "cannot create a temporary file: \(errnoText(errno))")
        }
        let failure = body(fd)
        let syncFailed = failure == nil && fsync(fd) != 0
        let syncErrno = errno
        close(fd)
        if let failure {
            unlink(temporary)
            throw HARError(file: path, message: "cannot write: \(errnoText(failure))")
        }
        if syncFailed {
            unlink(temporary)
            throw HARError(file: path, message: "cannot sync: \(errnoText(syncErrno))")
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw HARError(file: path, message: "cannot replace: \(errnoText(code))")
        }
    }

    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(directory).\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }
}

extension FileIO {
    static func remove(_ path: String) {
        _ = unlink(path)
    }
}
