import Foundation
import HAR
import Replay
import Testing

@testable import Inspector

/// `authtape replay --report html` against `--report json` of the same command: the page is made
/// from the same replay, with every replay option.
@Suite("replay --report html")
struct ReplayReportHTMLTests {
    /// A step as a report shows it: the action, the engine's and the oracle's outcome field by field
    /// (callback, error, newState, token; nil when absent, an empty list when there is no outcome) and
    /// the verdict.
    struct ShownStep: Equatable, CustomStringConvertible {
        var action: String
        var engine: [String?]
        var oracle: [String?]
        var passed: Bool
        var description: String { "\(action) \(engine) \(oracle) \(passed ? "pass" : "fail")" }
    }

    @Test("The page of replay --report html shows the steps of --report json of the same command, with --action-gap")
    func htmlShowsTheStepsOfJSON() async throws {
        let folder = try TestSupport.scratchFolder("replay-html")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paused = try TimedCapture.pausedPasswordSignIn(pause: 3).write(to: folder, name: "paused.har")
        let earlier = try TimedCapture.challengeAgainOnTheEarlierState().write(to: folder, name: "mfa-again.har")
        let paths = [paused, earlier, TestSupport.repository.appendingPathComponent("captures").path]
        // A pause of 3 s is the user's with the default gap of 1 s, and the SDK's with a gap of 5 s.
        let runner = ReplayRunner(seed: 3, inference: InferenceOptions(actionGap: 5))

        let json = folder.appendingPathComponent("report.json").path
        let html = folder.appendingPathComponent("report.html").path
        let jsonStatus = await ReplayEntry.run(paths: paths, format: .json, out: json, runner: runner)
        let htmlStatus = await InspectorEntry.replayReport(paths: paths, out: html, runner: runner)
        #expect(jsonStatus == htmlStatus)

        let fromJSON = try Self.steps(ofJSON: json)
        let fromPage = try Self.steps(ofPage: html)
        #expect(fromJSON.count > 20, "the shipped captures and the two built ones give many steps")
        #expect(fromPage == fromJSON)
        #expect(fromJSON.first?.action == "signIn" && fromJSON.first?.engine.first == "onSignInCompleted",
                "with --action-gap 5 the paused password is the SDK's: one signIn")

        let defaultGap = folder.appendingPathComponent("default.json").path
        _ = await ReplayEntry.run(paths: [paused], format: .json, out: defaultGap, runner: ReplayRunner(seed: 3))
        #expect(try Self.steps(ofJSON: defaultGap).map(\.action) == ["signIn", "submitPassword"],
                "the gap decides the actions, so a page that dropped it would differ")
    }

    @Test("The page says when an action was performed on an earlier state object than the latest")
    func pageNamesTheEarlierState() async throws {
        let folder = try TestSupport.scratchFolder("replay-html-earlier")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try TimedCapture.challengeAgainOnTheEarlierState().write(to: folder, name: "mfa-again.har")
        let replayed = try #require(await ReplayRunner().replayFiles([path]))
        let page = InspectorEntry.replayPage(replayed)
        let steps = page.captures.flatMap(\.flows).flatMap(\.steps)
        #expect(steps.map(\.action) == ["signIn", "requestChallenge", "submitChallenge", "requestChallenge", "submitChallenge"])
        #expect(steps.allSatisfy { $0.passed }, "\(steps.map(\.diagnostics))")
        let sentence = "performed on the earlier AwaitingMFAState(REDACTED-continuation_token-4), whose token the "
            + "recorded request carries, not on the latest MFARequiredState(REDACTED-continuation_token-5)"
        #expect(steps.map(\.earlierState) == [nil, nil, nil, sentence, nil])
        let html = PageRenderer().render(page)
        #expect(TestSupport.count(#"<p class="held muted">"#, in: html) == 1)
        #expect(Self.text(of: html).contains(sentence))
    }

    @Test("The page of replay --report html names the MSAL its verdicts model, as the text report's first line does", arguments: ModelledMSAL.allCases)
    func pageNamesTheModelledMSAL(msal: ModelledMSAL) async throws {
        let folder = try TestSupport.scratchFolder("replay-html-msal")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try TimedCapture.pausedPasswordSignIn(pause: 3).write(to: folder, name: "paused.har")
        let runner = ReplayRunner(seed: 3, inference: InferenceOptions(msal: msal))
        let html = folder.appendingPathComponent("report.html").path
        _ = await InspectorEntry.replayReport(paths: [path], out: html, runner: runner)
        let page = Self.text(of: String(decoding: try HARRawFile.read(contentsOf: html), as: UTF8.self))
        let replayed = try #require(await runner.replayFiles([path]))
        let firstLine = ReplayReportRenderer.text(runner.report(replayed)).split(separator: "\n").first.map(String.init)
        #expect(firstLine == "msal: \(msal)")
        #expect(page.contains("verdicts model msal: \(msal)"), "\(msal)")
        for other in ModelledMSAL.allCases where other != msal { #expect(!page.contains("msal: \(other)")) }
        #expect(InspectorEntry.replayPage(replayed, msal: msal).msal == msal)
    }

    // MARK: reading the two reports

    static func steps(ofJSON path: String) throws -> [ShownStep] {
        let value = try JSONParser.parse(try HARRawFile.read(contentsOf: path))
        var steps: [ShownStep] = []
        for capture in value.objectValue?["captures"]?.arrayValue ?? [] {
            for flow in capture.objectValue?["flows"]?.arrayValue ?? [] {
                for step in flow.objectValue?["steps"]?.arrayValue ?? [] {
                    guard let object = step.objectValue else { continue }
                    func fields(_ key: String) -> [String?] {
                        guard let outcome = object[key]?.objectValue else { return [] }
                        return ["callback", "error", "newState", "newStateToken"].map { outcome[$0]?.stringValue }
                    }
                    let engine = fields("actual")
                    let oracle = fields("expected")
                    let passed = object["requestsMatched"]?.boolValue == true && !engine.isEmpty && engine == oracle
                        && object["diagnostics"]?.arrayValue?.isEmpty == true
                    steps.append(ShownStep(
                        action: object["action"]?.stringValue ?? "", engine: engine, oracle: oracle, passed: passed))
                }
            }
        }
        return steps
    }

    static func steps(ofPage path: String) throws -> [ShownStep] {
        let html = String(decoding: try HARRawFile.read(contentsOf: path), as: UTF8.self)
        var steps: [ShownStep] = []
        for chunk in html.components(separatedBy: #"<div class="step "#).dropFirst() {
            let action = text(of: between(chunk, #"<span>"#, "</span>")).split(separator: " ", maxSplits: 1).last.map(String.init)
            var engine: [String?] = []
            var oracle: [String?] = []
            let engineMissing = chunk.contains("no outcome")
            let oracleMissing = chunk.contains("none expected")
            for row in chunk.components(separatedBy: #"data-field=""#).dropFirst() {
                let cells = between(row, "", "</tr>").components(separatedBy: "<td>").dropFirst()
                    .map { text(of: between($0, "", "</td>")) }
                guard cells.count == 2 else { continue }
                engine.append(cells[0] == "—" ? nil : cells[0])
                oracle.append(cells[1] == "—" ? nil : cells[1])
            }
            steps.append(ShownStep(
                action: action ?? "", engine: engineMissing || engine.isEmpty ? [] : engine,
                oracle: oracleMissing || oracle.isEmpty ? [] : oracle, passed: chunk.hasPrefix("pass")))
        }
        return steps
    }

    /// The text between the first `start` and the next `end` after it.
    static func between(_ text: String, _ start: String, _ end: String) -> String {
        let from = start.isEmpty ? text.startIndex : (text.range(of: start)?.upperBound ?? text.endIndex)
        let to = text.range(of: end, range: from..<text.endIndex)?.lowerBound ?? text.endIndex
        return String(text[from..<to])
    }

    /// Markup without its tags, with the page's entities decoded.
    static func text(of markup: String) -> String {
        var out = ""
        var inTag = false
        for character in markup {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { out.append(character) }
        }
        return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
