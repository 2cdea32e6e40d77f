/// Reads HAR files written by authtape and by other tools (mitmproxy, Chrome DevTools,
/// Firefox, Charles, Playwright): a UTF-8 byte order mark is skipped, missing optional fields
/// get HAR defaults, unknown and `_` fields are kept, base64 bodies are checked.
public enum HARReader {
    /// Reads and decodes a HAR file.
    public static func read(contentsOf path: String) throws(HARError) -> HARDocument {
        let bytes = try FileIO.readAll(path)
        return try read(bytes: bytes, source: path)
    }

    /// Decodes HAR bytes; `source` names the file in error messages. The verdict is the one every
    /// command shares: JSON with a `log.entries` array is a HAR (``isHAR(_:)``), anything else is
    /// refused with ``HARError/notAHARMessage``; an error inside it names the field as written in
    /// the file (`log.entries[3].request.postData.params[0].value`) and the byte it starts at.
    public static func read(bytes: [UInt8], source: String) throws(HARError) -> HARDocument {
        let value = try parseJSON(bytes, source: source)
        guard isHAR(value) else { throw HARError.notAHAR(file: source) }
        do throws(FieldError) {
            return try HARDocument(decoding: value)
        } catch {
            let start = hasByteOrderMark(bytes) ? 3 : 0
            let place = JSONLocator.offset(of: error.components, in: bytes, from: start).map { " at byte \($0)" } ?? ""
            throw HARError(file: source, path: error.path, message: error.message + place)
        }
    }

    /// Whether parsed JSON is a HAR: an object whose `log` is an object holding an `entries`
    /// array. Everything else in a HAR has a default or is checked where it is read.
    public static func isHAR(_ value: JSONValue) -> Bool {
        guard case .object(let document) = value, case .object(let log)? = document["log"],
            case .array? = log["entries"]
        else { return false }
        return true
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

    static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
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
