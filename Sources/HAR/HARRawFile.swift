#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file access for tools that work on a capture's bytes directly (the fast redaction
/// path), with the same error messages and the same atomic 0600 writes as `HARReader` and
/// `HARWriter`.
public enum HARRawFile {
    /// The bytes of the file at `path`.
    public static func read(contentsOf path: String) throws(HARError) -> [UInt8] {
        try FileIO.readAll(path)
    }

    /// Writes `bytes` to `path` atomically (temporary file and rename) with mode 0600.
    public static func write(_ bytes: [UInt8], to path: String) throws(HARError) {
        try FileIO.writeAtomically(bytes, to: path)
    }

    /// Writes the concatenation of `parts` to `path` like `write(_:to:)`, without first
    /// joining them into one buffer.
    public static func write(parts: [ArraySlice<UInt8>], to path: String) throws(HARError) {
        let temporary = FileIO.temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, FileIO.privateMode)
        guard fd >= 0 else {
            throw HARError(file: path, message: "cannot create a temporary file: \(FileIO.errnoText(errno))")
        }
        var failure: Int32?
        for part in parts where failure == nil {
            failure = part.withUnsafeBytes { FileIO.writeAll(fd, $0) }
        }
        let syncFailed = failure == nil && fsync(fd) != 0
        let syncErrno = errno
        close(fd)
        if let failure {
            unlink(temporary)
            throw HARError(file: path, message: "cannot write: \(FileIO.errnoText(failure))")
        }
        if syncFailed {
            unlink(temporary)
            throw HARError(file: path, message: "cannot sync: \(FileIO.errnoText(syncErrno))")
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw HARError(file: path, message: "cannot replace: \(FileIO.errnoText(code))")
        }
    }

    /// Whether `text` is base64 that `HARReader` accepts in a body with `"encoding": "base64"`.
    public static func isValidBase64(_ text: String) -> Bool {
        Base64.decode(text) != nil
    }
}
