import Foundation
import Testing

@testable import Oracle

/// docs/outcome-table-v2.md is `V2OutcomeTable.markdown()`; AUTHTAPE_UPDATE_GOLDEN=1 rewrites it.
@Suite("The V2 table's docs page")
struct V2MarkdownTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/outcome-table-v2.md")

    @Test("docs/outcome-table-v2.md is exactly the generated table")
    func pageMatchesGolden() throws {
        let text = V2OutcomeTable.markdown()
        if ProcessInfo.processInfo.environment["AUTHTAPE_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: Self.page)
        }
        let stored = try String(contentsOf: Self.page, encoding: .utf8)
        let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(text == stored, "differs at line \((first ?? min(actual.count, expected.count)) + 1)")
    }

    @Test("the page has one line per row with its source and uncertain flag")
    func oneLinePerRow() {
        let text = V2OutcomeTable.markdown()
        let lines = text.split(separator: "\n")
        for row in V2OutcomeTable.rows() {
            let line = lines.first { $0.hasPrefix("| \(row.id) |") }
            #expect(line != nil, "missing \(row.id)")
            #expect(line?.contains(row.uncertain ? "| **U** |" : "|  |") == true, "\(row.id) flag")
        }
        let rowsSection = text.components(separatedBy: "## Profile settings").first ?? ""
        let rowLines = rowsSection.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| id ") }
        #expect(rowLines.count == V2OutcomeTable.rows().count)
        #expect(text.contains("| B7c | onFlowError(MSALNativeAuthFlowError.invalidPassword) | onFlowError(MSALNativeAuthFlowError.invalidCredentials) |"))
        #expect(text.contains("## K. Generic"))
    }
}
