import Foundation
import HAR
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import Fuzz

/// The report files and the combined JUnit document of campaigns with V2 flows.
@Suite("V2 campaign reports")
struct V2CampaignReportTests {
    /// The counts of a JUnit document's `<testsuites>` and of the elements it holds.
    final class JUnitCounts: NSObject, XMLParserDelegate {
        var outer: [String: String] = [:]
        var testcases = 0
        var failures = 0
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if elementName == "testsuites" { outer = attributes }
            if elementName == "testcase" { testcases += 1 }
            if elementName == "failure" { failures += 1 }
        }
    }

    static func counts(_ xml: String) -> JUnitCounts {
        let counts = JUnitCounts()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = counts
        #expect(parser.parse())
        return counts
    }

    @Test("--flows all: the JUnit <testsuites> counts V1's and V2's test cases and failures")
    func combinedJUnitCountsBothFamilies() async throws {
        let options = FuzzCampaignOptions(seed: 5, cases: 60, reports: [.junit], caseTimeout: 10, flowFamilies: .all)
        let run = try await V2CampaignTests.run(options)
        let counts = Self.counts(run.output)
        #expect(run.output.components(separatedBy: "<testsuite ").count == 3)
        #expect(counts.testcases > V2BaseFlows.all.reduce(0) { $0 + $1.actions.count })
        #expect(counts.outer["tests"] == String(counts.testcases), "\(counts.outer)")
        #expect(counts.outer["failures"] == String(counts.failures), "\(counts.outer)")
    }

    @Test("recounting a combined JUnit document counts every suite's cases and failures, and nothing in text")
    func recountingCountsElementsOnly() {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="authtape fuzz" tests="1" failures="0">
              <testsuite name="a" tests="1" failures="0">
                <testcase classname="baseline" name="x &lt;testcase y"/>
              </testsuite>
              <testsuite name="b" tests="2" failures="1">
                <testcase classname="v2.baseline" name="z"/>
                <testcase classname="fuzz.v2" name="w"><failure type="mismatch" message="m">&lt;failure </failure></testcase>
              </testsuite>
            </testsuites>

            """
        let recounted = FuzzReport.recountingJUnit(document)
        #expect(recounted.contains(#"<testsuites name="authtape fuzz" tests="3" failures="1">"#))
        #expect(recounted.components(separatedBy: "\n").count == document.components(separatedBy: "\n").count)
    }

    @Test("--flows v2 --out writes the V2 report as the campaign's summary.txt, report.json, junit.xml and report.md")
    func v2OnlyCampaignWritesTheMainReports() async throws {
        let directory = NSTemporaryDirectory() + "fuzz-v2-out-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let options = FuzzCampaignOptions(seed: 6, cases: 30, outDirectory: directory, reports: [.json], caseTimeout: 10, flowFamilies: .v2)
        let run = try await V2CampaignTests.run(options)
        #expect(run.status == 0, "\(run.output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(Set(names).isSuperset(of: ["summary.txt", "report.json", "junit.xml", "report.md"]), "\(names)")
        #expect(!names.contains { $0.hasPrefix("v2-") }, "\(names)")
        let written = try String(contentsOfFile: directory + "/report.json", encoding: .utf8)
        #expect(written == run.output, "report.json is not the report --report json prints")
        let json = try JSONParser.parse(Array(written.utf8))
        #expect(json["tool"]?.stringValue == "authtape fuzz v2")
        #expect(json["seed"]?.stringValue == "6")
    }

    @Test("--flows all --out keeps V1's report.json and writes V2's as v2-report.json")
    func bothFamiliesWriteV2ReportsApart() async throws {
        let directory = NSTemporaryDirectory() + "fuzz-all-out-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let options = FuzzCampaignOptions(seed: 7, cases: 30, outDirectory: directory, reports: [], caseTimeout: 10, flowFamilies: .all)
        _ = try await V2CampaignTests.run(options)
        let main = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/report.json"))))
        let v2 = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/v2-report.json"))))
        #expect(main["tool"]?.stringValue == "authtape fuzz")
        #expect(v2["tool"]?.stringValue == "authtape fuzz v2")
        for name in ["v2-summary.txt", "v2-junit.xml", "v2-report.md"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + name), "\(name)")
        }
    }
}
