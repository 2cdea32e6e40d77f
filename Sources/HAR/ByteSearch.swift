#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Substring search on bytes, for the modules that scan captures, bodies and answers as UTF-8:
/// `memchr` finds each candidate first byte, `memcmp` checks the rest.
public enum ByteSearch {
    /// The start of the first occurrence of `needle` in `haystack` at or after `start`, or nil.
    /// An empty needle is found at `start`.
    public static func firstIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0)
        -> Int?
    {
        guard start >= 0, start <= haystack.count else { return nil }
        guard let first = needle.first else { return start }
        guard let base = haystack.baseAddress, haystack.count - start >= needle.count else { return nil }
        let last = haystack.count - needle.count
        return needle.withUnsafeBufferPointer { pin -> Int? in
            var index = start
            while index <= last {
                guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                if pin.count == 1 || memcmp(base + at + 1, pin.baseAddress! + 1, pin.count - 1) == 0 { return at }
                index = at + 1
            }
            return nil
        }
    }

    /// ``firstIndex(of:in:from:)`` over an array.
    public static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        haystack.withUnsafeBufferPointer { firstIndex(of: needle, in: $0, from: start) }
    }
}
