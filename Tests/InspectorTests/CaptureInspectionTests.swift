import Foundation
import Replay
import Testing

@testable import Inspector

@Suite("Captures read for the inspector")
struct CaptureInspectionTests {
    @Test("Every shipped capture's exchanges land in exactly one flow, and its steps carry replay's outcomes")
    func shippedCapturesMatchReplay() async throws {
        for path in try TestSupport.shippedCaptures() {
            let section = await CaptureInspection.section(path: path)
            let report = await ReplayRunner().replay(paths: [path])
            let name = (path as NSString).lastPathComponent
            #expect(section.leaks.isEmpty, "\(name): \(section.leaks)")
            #expect(section.problems.isEmpty, "\(name): \(section.problems)")
            let members = section.flows.flatMap(\.exchanges)
            #expect(members.sorted() == Array(section.exchanges.indices), "\(name): an exchange is missing or repeated")
            let replayed = report.captures.first?.flows ?? []
            let flows = section.flows.filter { $0.kind != "other" }
            #expect(flows.count == replayed.count, "\(name)")
            for (flow, result) in zip(flows, replayed) {
                #expect(flow.kind == result.kind)
                #expect(flow.steps.count == result.steps.count)
                for (step, expected) in zip(flow.steps, result.steps) {
                    #expect(step.action == expected.action)
                    #expect(step.passed == expected.passed)
                    #expect(step.engine?.callback == expected.actual?.callback)
                    #expect(step.engine?.token == expected.actual?.newStateToken)
                    #expect(step.oracle?.error == expected.expected?.error)
                    #expect(step.exchanges.map { section.exchanges[$0].endpoint } == expected.endpoints, "\(name) \(step.action)")
                }
            }
        }
    }

    @Test("An exchange shows method, endpoint, status, error, suberror and time from its entry")
    func exchangeFieldsComeFromTheEntry() async throws {
        let path = TestSupport.golden.appendingPathComponent("signup-resend-code.har").path
        let section = await CaptureInspection.section(path: path)
        let first = try #require(section.exchanges.first)
        #expect(first.method == "POST")
        #expect(first.endpoint == "/signup/v1.0/start")
        #expect(first.status == 200)
        #expect(first.requestBody?.presentation == "form fields, decoded")
        #expect(first.requestBody?.text.contains("username = REDACTED-username-1") == true)
        #expect(first.responseBody?.text == "{\n  \"continuation_token\": \"REDACTED-continuation_token-1\"\n}")
        #expect(abs(first.milliseconds - 4.659967000000001) < 1e-9)
        #expect(SequenceDiagram.answerLabel(first) == "200 · 4.7 ms")
        let failing = section.exchanges.filter { $0.error != nil }
        for exchange in failing { #expect(exchange.status >= 400) }
    }

    @Test("A file that is not HAR is a problem of its section, not a crash")
    func unreadableCaptureIsAProblem() async throws {
        let folder = try TestSupport.scratchFolder("bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bad.har").path
        try Data("{\"log\": [1, 2".utf8).write(to: URL(fileURLWithPath: path))
        let section = await CaptureInspection.section(path: path)
        #expect(!section.problems.isEmpty)
        #expect(section.flows.isEmpty)
        let html = PageRenderer().render(InspectorPage(title: "bad", captures: [section]))
        #expect(html.contains(#"<div class="problems">"#))
    }
}
