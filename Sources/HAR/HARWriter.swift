/// Writes HAR files deterministically: keys in HAR specification order, then `_authtape`,
/// then other extensions in their original order; entries in array order; two-space
/// indentation and a final newline. The same document always gives the same bytes.
public enum HARWriter {
    /// The file contents for `document`.
    public static func bytes(_ document: HARDocument) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * 1024)
        document.encoded().write(into: &out, pretty: true)
        out.append(0x0A)
        return out
    }

    /// Writes `document` to `path` atomically (temporary file and rename) with mode 0600.
    public static func write(_ document: HARDocument, to path: String) throws(HARError) {
        try FileIO.writeAtomically(bytes(document), to: path)
    }
}
