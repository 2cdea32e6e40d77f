import NativeAuthWire

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
        try FileIO.writeAtomically(to: path) { fd in
            for part in parts {
                if let failure = part.withUnsafeBytes({ FileIO.writeAll(fd, $0) }) { return failure }
            }
            return nil
        }
    }

    /// Writes `path` like `write(_:to:)`, with the content written by `body`: it gets the
    /// temporary file's descriptor and returns the errno of a failed write, or nil.
    public static func write(to path: String, body: (Int32) -> Int32?) throws(HARError) {
        try FileIO.writeAtomically(to: path, body: body)
    }

    /// Whether `text` is base64 that `HARReader` accepts in a body with `"encoding": "base64"`.
    public static func isValidBase64(_ text: String) -> Bool {
        Base64.isValid(text, whiteSpace: .skipped)
    }
}
