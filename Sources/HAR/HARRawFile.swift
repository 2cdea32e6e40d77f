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
}
