/// What recovering a journal kept and dropped.
public struct RecoveryReport: Sendable, Hashable, CustomStringConvertible {
    /// Entries recovered, in journal order.
    public var entriesRecovered = 0
    /// Whether the header line (log-level fields) was intact.
    public var headerRecovered = false
    /// Lines that were not complete, valid entries (a cut last line included).
    public var linesDropped = 0
    /// Bytes of the dropped lines.
    public var bytesDropped = 0
    /// One message per dropped line, naming the line and the problem (never its content).
    public var problems: [String] = []

    public init() {}

    /// True when nothing was dropped.
    public var isClean: Bool { linesDropped == 0 && headerRecovered }

    public var description: String {
        "recovered \(entriesRecovered) entries, dropped \(linesDropped) lines (\(bytesDropped) bytes)"
            + (headerRecovered ? "" : ", header lost")
    }
}

extension HARJournal {
    /// A recovered journal: the document and what was kept and dropped.
    public typealias RecoveredJournal = (document: HARDocument, report: RecoveryReport)

    /// The log used when a journal's header line is lost.
    static let fallbackLog = HARLog(
        creator: HARCreator(name: "authtape", version: "unknown", comment: "recovered journal without header"))

    /// Reads a journal (closed, or left behind by a crashed process) into a document: every
    /// complete line that holds an entry is kept, in order; a cut or corrupt line is dropped
    /// and reported.
    public static func recover(journalPath: String) throws(HARError) -> RecoveredJournal {
        try recover(bytes: FileIO.readAll(journalPath), source: journalPath)
    }

    /// Recovers journal bytes; `source` names the journal in problems.
    public static func recover(bytes: [UInt8], source: String) throws(HARError) -> RecoveredJournal {
        var report = RecoveryReport()
        var log: HARLog?
        var entries: [HAREntry] = []
        var lineStart = 0
        var lineNumber = 0
        while lineStart < bytes.count {
            lineNumber += 1
            let newline = bytes[lineStart...].firstIndex(of: 0x0A)
            let lineEnd = newline ?? bytes.count
            let nextStart = newline.map { $0 + 1 } ?? bytes.count
            defer { lineStart = nextStart }
            let line = bytes[lineStart..<lineEnd]
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            func drop(_ problem: String) {
                report.linesDropped += 1
                report.bytesDropped += nextStart - lineStart
                report.problems.append("\(source): line \(lineNumber): \(problem)")
            }
            let value: JSONValue
            do throws(JSONParseError) {
                value = try JSONParser.parse(line)
            } catch {
                drop(newline == nil ? "incomplete last line (\(error.reason))" : error.description)
                continue
            }
            if lineNumber == 1, let marker = value[formatKey] {
                guard marker.intValue == formatVersion else {
                    throw HARError(file: source, message: "unsupported journal format \(marker.serializedString())")
                }
                do throws(FieldError) {
                    log = try (value["log"] ?? JSONValue.object([:])).nested("log", as: HARLog.self)
                    report.headerRecovered = log != nil
                } catch {
                    drop("header: \(error.path): \(error.message)")
                }
                continue
            }
            do throws(FieldError) {
                entries.append(try HAREntry(decoding: value))
                report.entriesRecovered += 1
            } catch {
                drop("entry: \(error.path.isEmpty ? "" : error.path + ": ")\(error.message)")
            }
        }
        var document = HARDocument(log: log ?? fallbackLog)
        document.log.entries = entries
        return (document, report)
    }

    /// Recovers a journal and writes the HAR file (atomically, mode 0600). The journal is
    /// removed afterwards unless `removeJournal` is false.
    @discardableResult
    public static func finalize(journalPath: String, to harPath: String, removeJournal: Bool = true) throws(HARError)
        -> RecoveryReport
    {
        let (document, report) = try recover(journalPath: journalPath)
        try HARWriter.write(document, to: harPath)
        if removeJournal { FileIO.remove(journalPath) }
        return report
    }
}
