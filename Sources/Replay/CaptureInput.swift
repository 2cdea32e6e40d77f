import HAR

/// A capture the command line cannot use: missing or unreadable, not JSON, not a HAR, or (for
/// `authtape mock`) without a native-auth exchange. The description names the file and, where the
/// reader knows them, the entry and field (`capture.har: entries[3].response: missing required field`);
/// it never quotes a value from the file.
public struct CaptureInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as given.
    public let file: String
    /// What is wrong, with the place in the document when known.
    public let problem: String

    public var description: String { "\(file): \(problem)" }

    init(_ error: HARError, file: String) {
        self.file = file
        problem = [error.path, error.message].filter { !$0.isEmpty }.joined(separator: ": ")
    }

    init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }
}

/// Reads the captures named on the command line, turning every reading problem into a
/// ``CaptureInputError`` before anything is replayed or served.
public enum CaptureInput {
    /// The HAR document at `path`.
    public static func document(contentsOf path: String) throws(CaptureInputError) -> HARDocument {
        do {
            return try HARReader.read(contentsOf: path)
        } catch {
            throw CaptureInputError(error, file: path)
        }
    }

    /// The file at `path`: its bytes and the HAR document they hold, read once.
    public static func file(contentsOf path: String) throws(CaptureInputError) -> CaptureFile {
        do {
            let bytes = try HARRawFile.read(contentsOf: path)
            return CaptureFile(path: path, bytes: bytes, document: try HARReader.read(bytes: bytes, source: path))
        } catch {
            throw CaptureInputError(error, file: path)
        }
    }

    /// The native-auth exchanges `authtape mock` would serve from `path`; an error when there are none.
    public static func servableExchanges(contentsOf path: String) throws(CaptureInputError) -> [RecordedExchange] {
        let document = try document(contentsOf: path)
        let exchanges = RecordedExchange.exchanges(of: document)
        guard !exchanges.isEmpty else {
            throw CaptureInputError(
                file: path,
                problem: "no native-auth exchange to serve among \(document.log.entries.count) entries")
        }
        return exchanges
    }
}

/// A capture file read once: its bytes (the inspector scans them for leaks) and its HAR document.
public struct CaptureFile: Sendable {
    /// The path as given.
    public var path: String
    /// The file's bytes.
    public var bytes: [UInt8]
    /// The decoded HAR document.
    public var document: HARDocument

    /// Creates a value.
    public init(path: String, bytes: [UInt8], document: HARDocument) {
        self.path = path
        self.bytes = bytes
        self.document = document
    }
}
