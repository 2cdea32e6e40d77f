import Foundation
import Testing

@testable import Inspector

@Suite("The inspector page")
struct PageRendererTests {
    @Test("A fixed page renders exactly as its golden file")
    func samplePageMatchesGolden() throws {
        try TestSupport.compareWithGolden(PageRenderer().render(SamplePage.page()), name: "sample-page.html")
    }

    @Test("A shipped capture read, scanned and replayed renders exactly as its golden file")
    func shippedCaptureMatchesGolden() async throws {
        let path = TestSupport.golden.appendingPathComponent("signup-resend-code.har").path
        let section = await CaptureInspection.section(path: path, name: "signup-resend-code.har")
        let page = InspectorPage(title: "authtape view — signup-resend-code.har", captures: [section])
        try TestSupport.compareWithGolden(PageRenderer().render(page), name: "signup-resend-code.html")
    }

    @Test("The page refers to nothing outside itself and allows only its own style and script")
    func pageIsSelfContained() {
        let html = PageRenderer().render(SamplePage.page())
        for pattern in [#"\bsrc\s*="#, #"href\s*=\s*"(?!#)"#, #"url\("#, "@import", #"<link\b"#, #"<iframe\b"#, #"<object\b"#] {
            #expect(html.range(of: pattern, options: .regularExpression) == nil, "found \(pattern)")
        }
        #expect(html.contains(#"content="default-src 'none'; style-src 'sha256-"#))
        #expect(TestSupport.count("<script>", in: html) == 1)
        #expect(TestSupport.count("<style>", in: html) == 1)
    }

    @Test("One diagram per flow, one arrow per exchange, one comparison per step, one detail per exchange")
    func structureFollowsTheModel() {
        let html = PageRenderer().render(SamplePage.page())
        #expect(TestSupport.count(#"<svg class="sequence""#, in: html) == 2)
        #expect(TestSupport.count(#"<a class="exchange"#, in: html) == 4)
        #expect(TestSupport.count(#"<article class="detail"#, in: html) == 4)
        #expect(TestSupport.count(#"<div class="step pass""#, in: html) == 1)
        #expect(TestSupport.count(#"<div class="step fail""#, in: html) == 2)
        // The failing step names the fields that differ and shows both sides in red rows.
        #expect(html.contains("✗ differs in error, newState, token"))
        #expect(TestSupport.count(#"<tr class="ne" data-field="#, in: html) == 4)
        #expect(html.contains(#"<div class="banner unredacted" role="alert"><strong>This capture is unredacted.</strong>"#))
        #expect(html.contains("authtape fuzz --seed 1 --case 42"))
        #expect(html.contains(#"<article class="detail open" id="z1-k1-e1">"#))
    }

    @Test("The same placeholder is linked from every exchange that holds it")
    func placeholdersAreLinkedAcrossExchanges() {
        let html = PageRenderer().render(SamplePage.page())
        // continuation_token-1 is in #1's response and #2's request: each detail links to the other.
        #expect(html.contains(##"also in <a href="#c1-e2">#2 request</a>"##))
        #expect(html.contains(##"also in <a href="#c1-e1">#1 response</a>"##))
        #expect(html.contains(##"<a class="exchange s2xx" href="#c1-e1" data-entry="1" data-ph="REDACTED-request_id-1 REDACTED-username-1 REDACTED-continuation_token-1">"##))
    }

    @Test("Markup in every field of a capture is shown as text, never as markup")
    func captureTextIsEscaped() async throws {
        let folder = try TestSupport.scratchFolder("hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("<b>hostile&.har")
        try Data(HostileCapture.har().utf8).write(to: path)
        let page = try await InspectorEntry.page(paths: [path.path])
        let html = PageRenderer().render(page)
        #expect(TestSupport.count("<script", in: html) == 1)
        for forbidden in ["<img", "onerror=\"", "<b>", "</pre><!--", "data-pwned','script')</script>"] {
            #expect(!html.contains(forbidden), "\(forbidden) reached the page unescaped")
        }
        #expect(html.contains("&lt;script&gt;document.documentElement.setAttribute(&#39;data-pwned&#39;,&#39;script&#39;)&lt;/script&gt;"))
        #expect(html.contains("&lt;b&gt;hostile&amp;.har"))
    }

    @Test("An unredacted capture gets the banner and a redacted one does not")
    func unredactedCapturesGetTheBanner() async throws {
        let folder = try TestSupport.scratchFolder("leaky")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("leaky.har")
        try Data(HostileCapture.har().utf8).write(to: path)
        let leaky = try await InspectorEntry.page(paths: [path.path])
        #expect(leaky.captures.first.map { !$0.leaks.isEmpty } == true)
        let leakyHTML = PageRenderer().render(leaky)
        #expect(leakyHTML.contains("This capture is unredacted."))
        #expect(leakyHTML.contains("Unredacted data on this page."))
        let clean = try await InspectorEntry.page(paths: [TestSupport.golden.appendingPathComponent("signup-resend-code.har").path])
        #expect(clean.captures.first?.leaks == [])
        #expect(!PageRenderer().render(clean).contains("unredacted"))
    }

    @Test("The page file is written with mode 0600, as captures are")
    func pageFileIsPrivate() async throws {
        let folder = try TestSupport.scratchFolder("mode")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("view.html").path
        try InspectorEntry.write(SamplePage.page(), to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == PageRenderer().render(SamplePage.page()))
    }
}
