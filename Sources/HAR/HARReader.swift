/// Reads HAR files written by authtape and by other tools (mitmproxy, Chrome DevTools,
/// Firefox, Charles, Playwright): a UTF-8 byte order mark is skipped, missing optional fields
/// get HAR defaults, unknown and `_` fields are kept, base64 bodies are checked.
public enum HARReader {
    /// Reads and decodes a HAR file.
    public static func read(contentsOf path: String) throws(HARError) -> HARDocument {
        let bytes = try FileIO.readAll(path)
        return try read(bytes: bytes, source: path)
    }

    /// Decodes HAR bytes; `source` names the file in error messages.
    public static func read(bytes: [UInt8], source: String) throws(HARError) -> HARDocument {
        let value = try parseJSON(bytes, source: source)
        do throws(FieldError) {
            try requireEntries(value)
            return try HARDocument(decoding: value)
        } catch {
            throw HARError(file: source, path: documentPath(error), message: error.message)
        }
    }

    /// Parses JSON after skipping a UTF-8 byte order mark; errors give line and column.
    public static func parseJSON(_ bytes: [UInt8], source: String) throws(HARError) -> JSONValue {
        let start = hasByteOrderMark(bytes) ? 3 : 0
        do throws(JSONParseError) {
            return try JSONParser.parse(bytes[start...])
        } catch {
            let offset = error.offset + start
            let (line, column) = lineAndColumn(of: offset, in: bytes)
            let place = "line \(line), column \(column) (byte \(offset))"
            return try failure(HARError(file: source, message: "invalid JSON at \(place): \(error.reason)"))
        }
    }

    private static func failure(_ error: HARError) throws(HARError) -> JSONValue { throw error }

    /// HAR 1.2 requires `log.entries`: an absent or null list is an error naming it, never an empty
    /// capture (a wrong type is reported by the decoder).
    static func requireEntries(_ value: JSONValue) throws(FieldError) {
        guard case .object(let document) = value, case .object(let log)? = document["log"] else { return }
        switch log["entries"] {
        case nil: throw FieldError("missing required field (a HAR log needs an array of entries)").at("entries")
        case .null?: throw FieldError("expected an array of entries, found null").at("entries")
        default: return
        }
    }

    static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// `log.entries[3].response` is reported as `entries[3].response`: every HAR path is in `log`.
    static func documentPath(_ error: FieldError) -> String {
        let path = error.path
        if path.hasPrefix("log.") { return String(path.dropFirst(4)) }
        return path
    }

    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }
}
