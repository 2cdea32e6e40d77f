import Foundation
import Fuzz
import HAR
import Testing

@testable import Inspector

/// The page in a real browser: headless Chromium loads it from file://, runs its script, and the
/// tests read the DOM it ends with, take screenshots (their paths are printed), and read Chromium's
/// net log to see that the page asks the network for nothing.
@Suite("The inspector page in headless Chromium", .enabled(if: Chromium.installed != nil, Comment(rawValue: Chromium.missing)))
struct BrowserTests {
    /// The page of every shipped capture, written to the output folder.
    static func shippedCapturesPage() async throws -> (page: InspectorPage, file: URL) {
        let page = try await InspectorEntry.page(paths: try TestSupport.shippedCaptures())
        let file = try TestSupport.outputFolder().appendingPathComponent("shipped-captures.html")
        try InspectorEntry.write(page, to: file.path)
        return (page, file)
    }

    /// A small real fuzz campaign written to a folder, and its page.
    static func fuzzReportPage() async throws -> (page: InspectorPage, file: URL, folder: URL) {
        let folder = try TestSupport.outputFolder().appendingPathComponent("fuzz-campaign")
        try? FileManager.default.removeItem(at: folder)
        let options = FuzzCampaignOptions(seed: 7, cases: 600, jobs: 1, outDirectory: folder.path, reports: [])
        _ = try await FuzzCampaign.run(options, sinks: FuzzCampaignSinks(output: { _ in }, note: { _ in }))
        let page = try await InspectorEntry.page(paths: [folder.path])
        let file = try TestSupport.outputFolder().appendingPathComponent("fuzz-report.html")
        try InspectorEntry.write(page, to: file.path)
        return (page, file, folder)
    }

    static func chromium() throws -> Chromium { try #require(Chromium.installed) }

    /// The part of `dom` from the element with `id` to the next element of the same class, roughly.
    static func slice(_ dom: String, from marker: String, to next: String) -> Substring {
        guard let start = dom.range(of: marker) else { return "" }
        let end = dom.range(of: next, range: start.upperBound..<dom.endIndex)?.lowerBound ?? dom.endIndex
        return dom[start.lowerBound..<end]
    }

    @Test("Shipped captures: one diagram per flow, one arrow per exchange, outcomes and highlighted placeholders")
    func shippedCapturesInTheBrowser() async throws {
        let (page, file) = try await Self.shippedCapturesPage()
        let browser = try Self.chromium()
        let run = try browser.dumpDOM(file)
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        let dom = run.output
        #expect(dom.contains(#"data-inspector="ready""#), "the page's script did not run")
        let flows = page.captures.flatMap(\.flows)
        #expect(TestSupport.count(#"<svg class="sequence""#, in: dom) == flows.count)
        #expect(TestSupport.count(#"<a class="exchange"#, in: dom) == page.captures.reduce(0) { $0 + $1.exchanges.count })
        for (capture, section) in page.captures.enumerated() {
            for (number, flow) in section.flows.enumerated() {
                let part = Self.slice(dom, from: #"id="c\#(capture + 1)-f\#(number + 1)""#, to: #"<div class="flow""#)
                #expect(TestSupport.count(#"<a class="exchange"#, in: String(part)) == flow.exchanges.count,
                        "\(section.name) flow \(number + 1)")
                #expect(TestSupport.count(#"<div class="step "#, in: String(part)) == flow.steps.count)
            }
        }
        let steps = flows.flatMap(\.steps)
        #expect(TestSupport.count(#"<div class="step pass""#, in: dom) == steps.filter(\.passed).count)
        #expect(TestSupport.count(#"<tr class="eq" data-field="callback">"#, in: dom) >= steps.filter(\.passed).count)
        #expect(dom.contains("onSignUpCodeRequired"))
        // Placeholders are marked, and the script gave each its count of exchanges.
        #expect(TestSupport.count(#"<mark class="ph phc"#, in: dom) > 100)
        #expect(dom.range(of: #"<mark class="ph phc\d" data-ph="REDACTED-continuation_token-1" title="in \d+ exchanges"#,
                          options: .regularExpression) != nil)
        #expect(!dom.contains("unredacted"))

        // Headless Chromium paints nothing when a screenshot needs the page scrolled, so the shots of an
        // opened exchange use one capture's page in a window taller than the page.
        let output = try TestSupport.outputFolder()
        let single = output.appendingPathComponent("signin-password.html")
        let capture = try TestSupport.shippedCaptures().first { $0.hasSuffix("/signin-password.har") }
        try InspectorEntry.write(try await InspectorEntry.page(paths: [try #require(capture)]), to: single.path)
        let shots: [(String, URL, String?, Int, Int)] = [
            ("shipped-captures-1080p.png", file, nil, 1920, 1080),
            ("signin-password-1080p-exchange.png", single, "c1-e2", 1920, 2600),
            ("signin-password-phone.png", single, nil, 390, 844),
            ("signin-password-phone-exchange.png", single, "c1-e2", 390, 7000),
        ]
        for (name, page, fragment, width, height) in shots {
            let shot = output.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: shot)
            let result = try browser.screenshot(page, fragment: fragment, to: shot, width: width, height: height)
            #expect(result.status == 0)
            let size = (try? FileManager.default.attributesOfItem(atPath: shot.path)[.size] as? Int) ?? 0
            #expect(size > 20_000, "screenshot \(shot.path) is missing or blank")
            print("inspector screenshot: \(shot.path)")
        }
    }

    @Test("Opening an exchange selects its arrow and shows its request and response")
    func selectingAnExchange() async throws {
        let (page, file) = try await Self.shippedCapturesPage()
        let section = page.captures[5]
        let run = try Self.chromium().dumpDOM(file, fragment: "c6-e2")
        let dom = run.output
        #expect(dom.contains(#"data-selected="c6-e2""#))
        #expect(TestSupport.count(##" selected" href="#c6-e2""##, in: dom) == 1)
        let detail = Self.slice(dom, from: #"<article class="detail" id="c6-e2">"#, to: "</article>")
        #expect(detail.contains("Request"))
        #expect(detail.contains(Placeholders.markup(section.exchanges[1].url)))
    }

    @Test("A fuzz report: findings grouped by kind and step, each with its exchange and reproduce commands")
    func fuzzReportInTheBrowser() async throws {
        let (page, file, folder) = try await Self.fuzzReportPage()
        let campaign = try #require(page.campaigns.first)
        let report = try JSONParser.parse([UInt8](Data(contentsOf: folder.appendingPathComponent("report.json"))))
        #expect(campaign.cases == report["cases"]?.intValue)
        #expect(campaign.findings.count == report["findings"]?.arrayValue?.count)
        let run = try Self.chromium().dumpDOM(file)
        let dom = run.output
        #expect(dom.contains(#"data-inspector="ready""#))
        #expect(dom.contains("<div><b>\(campaign.cases)</b>cases</div>"))
        #expect(dom.contains("cases/s</b>throughput"))
        let hit = try #require(report["rows"]?["hit"]?.intValue)
        let of = try #require(report["rows"]?["of"]?.intValue)
        #expect(hit > 0 && hit <= of)
        #expect(dom.contains("<div><b>\(hit) of \(of)</b>§5 rows covered</div>"))
        #expect(TestSupport.count(#"<article class="finding""#, in: dom) == campaign.findings.count)
        #expect(TestSupport.count(#"<div class="kind""#, in: dom) == Set(campaign.findings.map(\.kind)).count)
        for finding in campaign.findings {
            let parts = finding.caseID.split(separator: ":")
            #expect(dom.contains("authtape fuzz --seed \(parts.first ?? "") --case \(parts.last ?? "")"))
            if let repro = finding.reproPath { #expect(dom.contains("authtape replay " + HTMLText.escape(ShellWord.quote(repro)))) }
        }
        let withRepro = campaign.findings.filter { $0.repro != nil }
        #expect(TestSupport.count(#"<svg class="sequence""#, in: dom) >= withRepro.count)
        let shot = try TestSupport.outputFolder().appendingPathComponent("fuzz-report-1080p.png")
        try? FileManager.default.removeItem(at: shot)
        _ = try Self.chromium().screenshot(file, to: shot, width: 1920, height: 1080)
        #expect(FileManager.default.fileExists(atPath: shot.path))
        print("inspector screenshot: \(shot.path)")
    }

    @Test("Markup in a capture does not run in the browser, and the unredacted capture carries the banner")
    func hostileCaptureInTheBrowser() async throws {
        let folder = try TestSupport.scratchFolder("hostile-browser")
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = folder.appendingPathComponent("hostile.har")
        try Data(HostileCapture.har().utf8).write(to: capture)
        let file = folder.appendingPathComponent("hostile.html")
        try InspectorEntry.write(try await InspectorEntry.page(paths: [capture.path]), to: file.path)
        let run = try Self.chromium().dumpDOM(file, fragment: "c1-e1")
        let dom = run.output
        #expect(dom.contains(#"data-inspector="ready""#))
        #expect(!dom.contains(#" data-pwned=""#), "a payload from the capture ran")
        #expect(!dom.contains("<img"))
        #expect(dom.contains(#"<div class="banner unredacted" role="alert">"#))
        #expect(dom.contains("&lt;script&gt;document.documentElement.setAttribute("))
    }

    @Test("The pages ask the network for nothing, and the check sees a page that does")
    func pagesLoadNothingFromTheNetwork() async throws {
        let browser = try Self.chromium()
        let (_, captures) = try await Self.shippedCapturesPage()
        let (_, fuzz, _) = try await Self.fuzzReportPage()
        for file in [captures, fuzz] {
            let (urls, csp) = try browser.networkRequests(file)
            #expect(urls.isEmpty, "\(file.lastPathComponent) asked for \(urls)")
            #expect(csp.isEmpty, "\(file.lastPathComponent): \(csp)")
        }
        // The control: a page that does load an image, with no policy to stop it.
        let folder = try TestSupport.scratchFolder("network-control")
        defer { try? FileManager.default.removeItem(at: folder) }
        let control = folder.appendingPathComponent("control.html")
        try Data(#"<!DOCTYPE html><html><body><img src="http://127.0.0.1:9/probe.png"></body></html>"#.utf8).write(to: control)
        let (urls, _) = try browser.networkRequests(control)
        #expect(urls.contains("http://127.0.0.1:9/probe.png"), "the net log check missed a request: \(urls)")
    }
}
