import Foundation
import HAR

/// Finds secrets left in a capture, with detectors that do not depend on the redaction
/// rules: a rule that is missing or wrong cannot hide its own leak from the scanner.
///
/// Every string of the document is examined, including bodies (base64 and gzip/deflate
/// decoded, form fields and JSON inside them) and the fields of other tools.
public struct LeakScanner: Sendable {
    /// Strings that must never appear: secrets a test or a user planted on purpose.
    public var canaries: [String]
    private let detectors: LeakDetectors

    public init(canaries: [String] = []) {
        self.canaries = canaries.filter { !$0.isEmpty }
        self.detectors = LeakDetectors()
    }

    /// Scans the file at `path`.
    public func scan(path: String) throws(LeakScanError) -> [LeakFinding] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LeakScanError(file: path, message: "cannot read the file")
        }
        return try scan(bytes: [UInt8](data), file: path)
    }

    /// Scans HAR bytes; `file` names them in findings.
    public func scan(bytes: [UInt8], file: String) throws(LeakScanError) -> [LeakFinding] {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw LeakScanError(file: file, message: "not a HAR file: \(error)")
        }
        guard let log = document["log"], log.objectValue != nil else {
            throw LeakScanError(file: file, message: "not a HAR file: no 'log' object at the top level")
        }
        var walker = LeakWalker(file: file, detectors: detectors, canaries: canaries)
        walker.walk(document, path: "", entry: nil, fieldName: nil)
        // Canaries in the raw bytes too, in case a form of encoding hid them from the walk.
        let raw = String(decoding: body, as: UTF8.self)
        for (index, canary) in canaries.enumerated() where walker.canariesFound.contains(index) == false {
            for variant in LeakWalker.encodedVariants(of: canary) where raw.contains(variant) {
                walker.findings.append(LeakFinding(
                    file: file, entry: nil, location: "(raw file)", detector: "canary",
                    reason: "canary #\(index + 1) appears in the file text"))
                break
            }
        }
        return walker.findings
    }
}
