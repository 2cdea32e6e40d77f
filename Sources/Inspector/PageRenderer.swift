/// Renders an ``InspectorPage`` as one self-contained HTML document: inline style and script
/// allowed by hash in a Content-Security-Policy that forbids every load, no external resource, and
/// every text from a capture or report escaped. The output depends only on the page's values.
public struct PageRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The HTML document.
    public func render(_ page: InspectorPage) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(PageAssets.contentSecurityPolicy)">
            <meta name="referrer" content="no-referrer">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(page.title))</title>
            <style>\(PageAssets.style)</style>
            </head>
            <body>

            """
        out += header(page)
        out += "<main>\n"
        if page.hasUnredactedCapture {
            out += #"<div class="banner" role="alert"><strong>Unredacted data on this page.</strong> "#
                + "authtape check finds possible secrets in a capture below (marked the same way); its values are shown as "
                + "recorded. Run <code>authtape redact</code> before sharing the capture or this page.</div>\n"
        }
        for (number, capture) in page.captures.enumerated() {
            out += CaptureRenderer(capture: capture, idPrefix: "c\(number + 1)-").render(heading: 2)
        }
        for (number, campaign) in page.campaigns.enumerated() {
            out += FuzzRenderer(campaign: campaign, idPrefix: "z\(number + 1)-").render()
        }
        out += "</main>\n"
        out += "<footer>Written by authtape view. This file is self-contained: it loads nothing from the network "
            + "and shows only what the captures and reports hold.</footer>\n"
        out += "<script>\(PageAssets.script)</script>\n</body>\n</html>\n"
        return out
    }

    /// The page header: title, counts and a table of contents.
    private func header(_ page: InspectorPage) -> String {
        let flows = page.captures.reduce(0) { $0 + $1.flows.count }
        let exchanges = page.captures.reduce(0) { $0 + $1.exchanges.count }
        let steps = page.captures.flatMap { $0.flows.flatMap(\.steps) }
        var facts: [String] = []
        if !page.captures.isEmpty {
            facts += ["\(page.captures.count) capture\(page.captures.count == 1 ? "" : "s")", "\(flows) flow\(flows == 1 ? "" : "s")",
                      "\(exchanges) exchange\(exchanges == 1 ? "" : "s")"]
        }
        if !steps.isEmpty { facts.append("\(steps.filter(\.passed).count) of \(steps.count) steps: engine agrees with the oracle") }
        if let msal = page.msal { facts.append(HTMLText.escape("verdicts model msal: \(msal)")) }
        if !page.campaigns.isEmpty {
            facts.append("\(page.campaigns.count) fuzz report\(page.campaigns.count == 1 ? "" : "s")")
        }
        var out = #"<header class="page"><h1>\#(HTMLText.escape(page.title))</h1><p>\#(facts.joined(separator: " · "))</p>"#
        var links: [String] = []
        for (number, capture) in page.captures.enumerated() {
            let mark = capture.leaks.isEmpty ? "" : " ⚠"
            links.append(##"<a href="#c\##(number + 1)-top">\##(HTMLText.escape(CaptureRenderer.shortName(capture.name)))\##(mark)</a>"##)
        }
        for (number, campaign) in page.campaigns.enumerated() {
            links.append(##"<a href="#z\##(number + 1)-top">fuzz \##(HTMLText.escape(campaign.phase)), seed \##(HTMLText.escape(campaign.seed))</a>"##)
        }
        if links.count > 1 { out += #"<nav class="toc">\#(links.joined())</nav>"# }
        return out + "</header>\n"
    }
}
