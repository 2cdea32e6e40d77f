import Foundation
import HAR
import Oracle
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import Fuzz

@Suite("Reports and repro captures")
struct ReportTests {
    static func brokenRun() async -> FuzzRunResult {
        let configuration = FuzzConfiguration(seed: 11, cases: 3_000, caseTimeout: 10, operators: testOperators, minimise: false)
        return await FuzzRunner(configuration: configuration, source: BrokenSource(fault: .invalidCodeAsGeneral)).run()
    }

    @Test("the JSON report lists every finding with its key, count and case")
    func json() async throws {
        let result = await Self.brokenRun()
        let text = FuzzReport(result).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["seed"] as? String == "11")
        #expect(object["cases"] as? Int == 3_000)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == result.findings.findings.count)
        #expect(findings.map { $0["count"] as? Int ?? 0 }.reduce(0, +) == result.findings.findingCases)
        let first = try #require(findings.first)
        for key in ["kind", "step", "operator", "expected", "actual", "case"] { #expect(first[key] != nil, "missing \(key)") }
    }

    @Test("the JUnit report is well-formed XML with one failure per finding")
    func junit() async throws {
        let result = await Self.brokenRun()
        let xml = FuzzReport(result).junit()
        let counter = FailureCounter()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = counter
        #expect(parser.parse())
        let baselineFailures = result.baseline.filter { $0.verdict.kind != .pass }.count
        #expect(counter.failures == result.findings.findings.count + baselineFailures)
        #expect(counter.testcases == result.findings.findings.count + result.baseline.count)
    }

    @Test("the text summary starts with the seed and has a row per finding")
    func text() async {
        let result = await Self.brokenRun()
        let lines = FuzzReport(result).text().split(separator: "\n").map(String.init)
        #expect(lines.first == "authtape fuzz — seed 11")
        let rows = lines.filter { line in VerdictKind.allCases.contains { line.hasPrefix($0.rawValue + " ") } }
        #expect(rows.count == result.findings.findings.count)
        #expect(FuzzReport(result).markdown().contains("| kind | step |"))
    }

    @Test("the reports give how often the campaign's cases reached each outcome-table row, as the oracle walks them")
    func rowHits() async throws {
        let result = await Self.brokenRun()
        let configuration = FuzzConfiguration(seed: 11, cases: 3_000, operators: testOperators)
        let expected = RowCoverage.of(CaseGenerator(flows: configuration.flows, operators: testOperators, seed: 11), cases: 3_000)
        let rows = result.findings.rows
        #expect(rows.cases == expected.cases)
        #expect(rows.hits == expected.hits)
        #expect(rows.hitCount > 0 && rows.hitCount < OutcomeTable.rows.count)
        let report = FuzzReport(result)
        #expect(report.text().contains("\nrows hit: \(rows.hitCount) of \(OutcomeTable.rows.count) §5 rows\n"))
        #expect(report.markdown().contains("rows hit: \(rows.hitCount) of \(OutcomeTable.rows.count) §5 rows."))
        #expect(report.junit().contains(#"<property name="rowsHit" value="\#(rows.hitCount)"/>"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let json = try #require(object["rows"] as? [String: Any])
        #expect(json["hit"] as? Int == rows.hitCount)
        #expect(json["of"] as? Int == OutcomeTable.rows.count)
        let hits = try #require(json["hits"] as? [String: Int])
        #expect(hits == rows.hits)
    }

    @Test("a repro capture holds every exchange of the case and the oracle's expectation")
    func reproCapture() async throws {
        let result = await Self.brokenRun()
        let finding = try #require(result.findings.findings.first)
        let fuzzCase = finding.reproCase
        let flow = try #require(BaseFlows.named(fuzzCase.flow))
        let runner = FuzzRunner(configuration: FuzzConfiguration(seed: 11))
        let observation = try #require(await runner.observe(fuzzCase, flow: flow))
        let document = try ReproCapture.document(for: fuzzCase, verdict: finding.verdict, requests: observation.requests)
        let directory = NSTemporaryDirectory() + "fuzz-repro-\(UUID().uuidString)"
        let path = try ReproCapture.write(document, directory: directory, name: "finding.har")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let read = try HARReader.read(contentsOf: path)
        #expect(read.log.entries.count == observation.requests.count)
        #expect(read.log.entries.contains { $0.comment?.hasPrefix("mutated:") == true })
        #expect(read.log.entries.last?.authtape?.expectedOutcome != nil)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let text = String(decoding: bytes, as: UTF8.self)
        for secret in [BaseFlows.password, "AT-canary-access", "RT-canary-refresh", "alex@example.com", "alex%40example.com"] {
            #expect(!text.contains(secret))
        }
    }
}

final class FailureCounter: NSObject, XMLParserDelegate {
    var failures = 0
    var testcases = 0
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if elementName == "failure" { failures += 1 }
        if elementName == "testcase" { testcases += 1 }
    }
}
