import Foundation
import Fuzz
import Testing

/// The four report formats of a campaign with findings, compared byte for byte with
/// `Golden/report/report.*`. A planted fault on a fixed seed, one worker and a fixed case count
/// give the same cases and findings every run; the only field that changes between runs, the
/// elapsed time, is set to 2 s. `AUTHTAPE_UPDATE_GOLDEN=1` rewrites the files.
@Suite("Fuzz report goldens")
struct ReportGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/report")

    static let extensions: [ReportFormat: String] = [.text: "txt", .json: "json", .junit: "xml", .markdown: "md"]

    @Test("a planted fault's campaign renders as the golden text, Markdown, JSON and JUnit, byte for byte")
    func reportsMatchGolden() async throws {
        let fault = try #require(PlantedFault.named(["signIn.userNotFoundAsGeneral"])?.first)
        let configuration = FuzzConfiguration(
            seed: 1, cases: 600, jobs: 1, caseTimeout: 10, flows: [BaseFlows.signInPassword],
            operators: testOperators, minimise: false)
        var result = await FuzzRunner(configuration: configuration, source: FaultySource(fault: fault)).run()
        #expect(result.findings.total > 0)
        result.elapsed = 2
        let update = ProcessInfo.processInfo.environment["AUTHTAPE_UPDATE_GOLDEN"] == "1"
        for format in ReportFormat.allCases {
            let rendered = FuzzReport(result).render(format)
            let file = Self.folder.appendingPathComponent("report." + (Self.extensions[format] ?? format.rawValue))
            if update {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try Data(rendered.utf8).write(to: file)
            }
            let golden = try String(contentsOf: file, encoding: .utf8)
            #expect(rendered == golden, "the \(format) report differs from \(file.path); AUTHTAPE_UPDATE_GOLDEN=1 rewrites it")
        }
    }
}
