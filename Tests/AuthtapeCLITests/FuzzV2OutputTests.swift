import Foundation
import HAR
import Testing

/// What a V2 campaign leaves in its `--out` folder: reports `authtape view` reads (its repro captures are
/// scanned and replayed by FuzzTests' `ReproCaptureV2Tests`).
@Suite("V2 campaign output")
struct FuzzV2OutputTests {
    @Test("fuzz --flows v2 --out writes the campaign's report.json, and view shows the V2 campaign")
    func v2CampaignFolderIsViewed() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("campaign").path
        let fuzz = try CLIRunner.run(["fuzz", "--flows", "v2", "--seed", "3", "--cases", "40", "--no-transport-faults", "--out", out])
        #expect(fuzz.status == 0, "\(fuzz.stdout)\n\(fuzz.stderr)")
        for name in ["summary.txt", "report.json", "junit.xml", "report.md"] {
            #expect(FileManager.default.fileExists(atPath: (out as NSString).appendingPathComponent(name)), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: (out as NSString).appendingPathComponent("v2-report.json")))
        let json = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/report.json"))))
        #expect(json["tool"]?.stringValue == "authtape fuzz v2")
        #expect(json["cases"]?.intValue == 40)

        let page = folder.appendingPathComponent("page.html").path
        let view = try CLIRunner.run(["view", out, "--out", page])
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.contains(", 1 fuzz reports"), "\(view.stdout)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("Fuzz report: cases, seed 3"))
        #expect(html.contains("<div><b>40</b>cases</div>"))
    }
}
