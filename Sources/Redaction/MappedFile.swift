#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file mapped read-only into memory, unmapped when released.
final class MappedFile {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Nil when the file cannot be opened or mapped (the caller reads it instead, which also
    /// reports the error) or is empty.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_POPULATE
        #else
            let flags = MAP_PRIVATE
        #endif
        guard let address = mmap(nil, size, PROT_READ, flags, fd, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), bytes.count)
    }
}
