import Foundation
import HAR
import Redaction
import Testing
import Replay

@Suite("Reports and the captures corpus")
struct ReportAndCorpusTests {
    @Test("The JSON report has exactly the documented keys, in order, with nulls spelled out")
    func jsonShape() async throws {
        let result = await ReplayRunner().replay(signUpCapture().script)
        let json = ReplayReportRenderer.json(ReplayReport(captures: [result]))
        let capture = try #require(json["captures"]?.arrayValue?.first?.objectValue)
        #expect(capture.keys == ["path", "passed", "flows"])
        let flow = try #require(capture["flows"]?.arrayValue?.first?.objectValue)
        #expect(flow.keys == ["kind", "steps"])
        #expect(flow["kind"]?.stringValue == "signUp")
        let step = try #require(flow["steps"]?.arrayValue?.first?.objectValue)
        #expect(step.keys == ["action", "endpoints", "earlierState", "actual", "expected", "requestsMatched", "diagnostics"])
        #expect(step["earlierState"] == .null)
        let actual = try #require(step["actual"]?.objectValue)
        #expect(actual.keys == ["callback", "error", "newState", "newStateToken"])
        #expect(actual["error"] == .null)
        #expect(step["expected"] == step["actual"])
        #expect(step["requestsMatched"] == .bool(true))
        // The rendered text parses back to the same document.
        let text = ReplayReportRenderer.render(ReplayReport(captures: [result]), as: .json)
        #expect(try JSONParser.parse(text) == json)
    }

    @Test("Text and JUnit reports name the failing step and its diagnostic")
    func textAndJUnit() async throws {
        var capture = signUpCapture()
        capture.add("/resetpassword/v1.0/poll_completion", [("continuation_token", "REDACTED-continuation_token-77")],
                    json: "{\"status\":\"succeeded\"}")
        let report = ReplayReport(captures: [await ReplayRunner().replay(capture.script)])
        #expect(!report.passed)
        let text = ReplayReportRenderer.render(report, as: .text)
        #expect(text.contains("FAIL built.har"))
        #expect(text.contains("does not start a user action"))
        #expect(text.hasSuffix("0 passed, 1 failed\n"))
        let junit = ReplayReportRenderer.render(report, as: .junit)
        #expect(junit.contains("<testsuite name=\"built.har\" tests=\"5\" failures=\"1\">"))
        #expect(junit.contains("<failure message=\"entries[5] POST /resetpassword/v1.0/poll_completion does not start"))
    }

    @Test("A file with no native-auth exchange fails with a message saying so")
    func emptyCaptureFails() async {
        let document = HARDocument(log: HARLog(creator: HARCreator(name: "t", version: "1"), entries: []))
        let result = await ReplayRunner().replay(ScriptInference.script(of: document, path: "empty.har"))
        #expect(!result.passed)
        #expect(result.flows.first?.steps.first?.diagnostics == ["no native-auth exchange found among 0 entries"])
    }

    @Test("The placeholder shape replay recognises is the one the Redaction module makes")
    func placeholderShapeAgrees() {
        let table = PlaceholderTable()
        for kind in ["password", "continuation_token", "oob", "id_token"] {
            let placeholder = table.placeholder(for: "secret-\(kind)", kind: kind)
            #expect(Placeholder.isPlaceholder(placeholder))
        }
        for value in ["REDACTED-", "REDACTED-password-", "REDACTED-Pass-1", "hunter2", "REDACTED--1"] {
            #expect(Placeholder.isPlaceholder(value) == PlaceholderTable.isPlaceholder(value), "\(value)")
        }
    }

    /// The shipped corpus: every `captures/*.har` must replay and pass (none yet is fine).
    static let corpus: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("captures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { $0.hasSuffix(".har") }.sorted().map { root.appendingPathComponent($0).path }
    }()

    @Test("Every capture of the captures/ corpus replays and passes", arguments: corpus)
    func corpusCapturePasses(path: String) async {
        let report = await ReplayRunner().replay(paths: [path])
        #expect(report.passed, "\(ReplayReportRenderer.text(report))")
    }

    @Test("XML text escapes markup and replaces the control characters XML 1.0 cannot hold")
    func xmlTextEscapes() {
        #expect(XMLText.escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;")
        #expect(XMLText.escape("line\nnext\ttab\u{0}nul\u{1B}esc") == "line\nnext\ttab?nul?esc")
        #expect(XMLText.escape("José ⇒ 🙂") == "José ⇒ 🙂")
    }
}
