import Foundation
import Testing

@testable import Inspector

/// Paths and helpers shared by the inspector's tests.
enum TestSupport {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let golden = testsFolder.appendingPathComponent("Golden")
    static var updatingGolden: Bool { ProcessInfo.processInfo.environment["AUTHTAPE_UPDATE_GOLDEN"] == "1" }

    /// The shipped captures (captures/*.har), in name order.
    static func shippedCaptures() throws -> [String] {
        let folder = repository.appendingPathComponent("captures")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".har") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// The folder where the tests leave their pages and screenshots for a person to look at:
    /// `AUTHTAPE_TEST_OUTPUT` when set, else `inspector-tests` in the system's temporary folder.
    static func outputFolder() throws -> URL {
        let base = ProcessInfo.processInfo.environment["AUTHTAPE_TEST_OUTPUT"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("inspector-tests")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        return base
    }

    /// A new empty scratch folder.
    static func scratchFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Compares `actual` with the golden file `name`, rewriting it first under AUTHTAPE_UPDATE_GOLDEN=1.
    static func compareWithGolden(_ actual: String, name: String) throws {
        let url = golden.appendingPathComponent(name)
        if updatingGolden { try Data(actual.utf8).write(to: url) }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard actual != expected else { return }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        Issue.record("""
            \(name) differs from the golden file at line \(line + 1) (AUTHTAPE_UPDATE_GOLDEN=1 rewrites it)
            expected: \(line < expectedLines.count ? String(expectedLines[line].prefix(300)) : "<end of file>")
            actual:   \(line < actualLines.count ? String(actualLines[line].prefix(300)) : "<end of file>")
            """)
    }

    /// Occurrences of `needle` in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
