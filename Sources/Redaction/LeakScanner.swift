import Foundation
import HAR

/// Scans HAR files for secrets that redaction missed, with detectors that do not depend on
/// the redaction rules. The file is read as a stream (`HARStream`): memory holds one entry at
/// a time, not the file.
public struct LeakScanner: Sendable {
    /// Exact strings that must not appear anywhere (also searched encoded).
    public var canaries: [String]
    private let detectors: LeakDetectors

    public init(canaries: [String] = []) {
        self.canaries = canaries.filter { !$0.isEmpty }
        self.detectors = LeakDetectors()
    }

    /// Scans the HAR file at `path`.
    /// - Throws: `LeakScanError` when the file cannot be read or is not a HAR file.
    public func scan(path: String) throws(LeakScanError) -> [LeakFinding] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LeakScanError(file: path, message: "cannot read the file") }
        defer { close(fd) }
        return try scan(InputWindow(fd: fd), file: path)
    }

    /// Scans HAR bytes; `file` names them in findings.
    public func scan(bytes: [UInt8], file: String) throws(LeakScanError) -> [LeakFinding] {
        try scan(InputWindow(bytes: bytes), file: file)
    }

    func scan(_ input: InputWindow, file: String) throws(LeakScanError) -> [LeakFinding] {
        var stream = HARStream(input: input, file: file)
        var handler = LeakScanHandler(walker: LeakWalker(file: file, detectors: detectors, canaries: canaries))
        do throws(HARError) {
            try stream.walk(&handler)
        } catch {
            throw LeakScanError(file: file, message: "not a HAR file: \([error.path, error.message].filter { !$0.isEmpty }.joined(separator: ": "))")
        }
        guard stream.sawLog else { throw LeakScanError(file: file, message: "not a HAR file: no 'log' object at the top level") }
        return handler.findings()
    }
}

/// The scanner's `HARPartHandler`: each part parsed on its own and walked.
struct LeakScanHandler: HARPartHandler {
    var walker: LeakWalker
    /// Canaries found in the raw text (in some encoding), by index.
    private var rawCanaries: Set<Int> = []
    private let variants: [[[UInt8]]]

    init(walker: LeakWalker) {
        self.walker = walker
        variants = walker.canaries.map { LeakWalker.encodedVariants(of: $0).map { Array($0.utf8) } }
    }

    mutating func pass(_ bytes: UnsafeBufferPointer<UInt8>) throws(HARError) {
        searchCanaries(bytes)
    }

    mutating func didFinishPart() throws(HARError) {}

    mutating func part(_ part: HARPart, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(ScanFailure) {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        searchCanaries(slice)
        guard let value = try? JSONParser.parse(slice) else { throw .invalid(offset: range.lowerBound, message: "invalid JSON", path: []) }
        switch part {
        case .entry(let index): walker.walk(value, path: "entries[\(index)]", entry: index, fieldName: nil)
        case .pages: walker.walk(value, path: "log.pages", entry: nil, fieldName: "pages")
        case .logComment: walker.walk(value, path: "log.comment", entry: nil, fieldName: "comment")
        case .logMember(let key): walker.walk(value, path: "log.\(key)", entry: nil, fieldName: key.lowercased())
        case .documentMember(let key): walker.walk(value, path: key, entry: nil, fieldName: key.lowercased())
        }
    }

    private mutating func searchCanaries(_ bytes: UnsafeBufferPointer<UInt8>) {
        for (index, forms) in variants.enumerated() where !rawCanaries.contains(index) {
            if forms.contains(where: { ByteSearch.firstIndex(of: $0, in: bytes) != nil }) { rawCanaries.insert(index) }
        }
    }

    /// The walk's findings, then canaries the walk missed but the raw text holds.
    func findings() -> [LeakFinding] {
        var findings = walker.findings
        for index in rawCanaries.sorted() where !walker.canariesFound.contains(index) {
            findings.append(LeakFinding(
                file: walker.file, entry: nil, location: "(raw file)", detector: "canary",
                reason: "canary #\(index + 1) appears in the file text"))
        }
        return findings
    }
}

/// A file the scanner could not read as HAR.
public struct LeakScanError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public var description: String { "\(file): \(message)" }
}
