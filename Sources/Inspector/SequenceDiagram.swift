/// A flow's sequence diagram as inline SVG: the app and the server as lifelines, each exchange one
/// arrow (a link to its details) labelled with method and endpoint, then status, `error`/`suberror`
/// and milliseconds; each replayed step starts with a band naming the action and whether it passed.
struct SequenceDiagram {
    static let width = 400
    static let appX = 58
    static let serverX = 340
    static let rowHeight = 54
    static let bandHeight = 26

    /// The flow to draw.
    var flow: FlowView
    /// The capture's exchanges (the flow holds indexes into them).
    var exchanges: [ExchangeView]
    /// Prefix of element ids in this capture's part of the page.
    var idPrefix: String

    /// The SVG element.
    func render() -> String {
        let server = exchanges.indices.contains(flow.exchanges.first ?? -1) ? exchanges[flow.exchanges[0]].host : "server"
        var firstOfStep: [Int: Int] = [:]
        for (number, step) in flow.steps.enumerated() {
            if let first = step.exchanges.first, firstOfStep[first] == nil { firstOfStep[first] = number }
        }
        let bandsAtEnd = flow.steps.indices.filter { flow.steps[$0].exchanges.isEmpty }
        var body = ""
        var y = 52
        for index in flow.exchanges where exchanges.indices.contains(index) {
            if let number = firstOfStep[index] {
                body += band(number, y: y)
                y += Self.bandHeight
            }
            body += arrow(exchanges[index], y: y)
            y += Self.rowHeight
        }
        for number in bandsAtEnd {
            body += band(number, y: y)
            y += Self.bandHeight
        }
        let height = y + 8
        var svg = #"<svg class="sequence" viewBox="0 0 \#(Self.width) \#(height)" width="\#(Self.width)" height="\#(height)" "#
            + #"role="group" aria-label="sequence diagram: \#(flow.exchanges.count) exchanges">"#
        for (x, name) in [(Self.appX, "App"), (Self.serverX, Self.clip(server.isEmpty ? "server" : server, 17))] {
            svg += #"<line class="lifeline" x1="\#(x)" y1="36" x2="\#(x)" y2="\#(height - 4)"/>"#
            svg += #"<rect class="actor" x="\#(x - 56)" y="6" width="112" height="28" rx="5"/>"#
            svg += #"<text class="actor-name" x="\#(x)" y="25">\#(HTMLText.escape(name))</text>"#
        }
        return svg + body + "</svg>"
    }

    /// The band that starts step `number`.
    private func band(_ number: Int, y: Int) -> String {
        let step = flow.steps[number]
        let state = step.passed ? "pass" : "fail"
        let mark = step.passed ? "✓" : "✗"
        let result = step.engine?.callback ?? "no outcome"
        let label = Self.clip("\(number + 1) · \(step.action) → \(result)", 58)
        return #"<g class="band \#(state)"><rect x="2" y="\#(y + 2)" width="\#(Self.width - 4)" height="\#(Self.bandHeight - 6)" rx="4"/>"#
            + #"<text class="band-text" x="10" y="\#(y + 16)">\#(mark) \#(HTMLText.escape(label))</text></g>"#
    }

    /// The arrow of one exchange: request above, the dashed answer below, both in one link.
    private func arrow(_ exchange: ExchangeView, y: Int) -> String {
        let id = "\(idPrefix)e\(exchange.entry + 1)"
        let names = Placeholders.names(in: ExchangeDetail.searchableText(exchange))
        let statusClass = exchange.status == 0 ? "s0" : "s\(exchange.status / 100)xx"
        var classes = "exchange \(statusClass)"
        if exchange.isMutated { classes += " mutated" }
        let request = Self.clip("\(exchange.method) \(Self.shortPath(exchange.endpoint))", 38)
        let answer = Self.clip(Self.answerLabel(exchange), 46)
        let left = Self.appX, right = Self.serverX
        let top = y + 20, bottom = y + 44
        var out = ##"<a class="\##(classes)" href="#\##(id)" data-entry="\##(exchange.entry + 1)""##
        if !names.isEmpty { out += #" data-ph="\#(HTMLText.escape(names.joined(separator: " ")))""# }
        out += ">"
        out += "<title>#\(exchange.entry + 1) \(HTMLText.escape(exchange.method + " " + exchange.url)) → \(HTMLText.escape(Self.answerLabel(exchange)))</title>"
        out += #"<rect class="hit" x="2" y="\#(y)" width="\#(Self.width - 4)" height="\#(Self.rowHeight - 2)" rx="4"/>"#
        out += #"<text class="num" x="\#(left - 8)" y="\#(top - 6)">#\#(exchange.entry + 1)</text>"#
        out += #"<text class="req-label" x="\#((left + right) / 2)" y="\#(top - 5)">\#(HTMLText.escape(request))</text>"#
        out += #"<line class="req" x1="\#(left)" y1="\#(top)" x2="\#(right - 7)" y2="\#(top)"/>"#
        out += #"<polygon class="head" points="\#(right),\#(top) \#(right - 9),\#(top - 4) \#(right - 9),\#(top + 4)"/>"#
        out += #"<text class="resp-label" x="\#((left + right) / 2)" y="\#(bottom - 5)">\#(HTMLText.escape(answer))</text>"#
        out += #"<line class="resp" x1="\#(right)" y1="\#(bottom)" x2="\#(left + 7)" y2="\#(bottom)"/>"#
        out += #"<polygon class="head resp-head" points="\#(left),\#(bottom) \#(left + 9),\#(bottom - 4) \#(left + 9),\#(bottom + 4)"/>"#
        return out + "</a>"
    }

    /// `200 · 4.7 ms`, `400 invalid_grant / invalid_oob_value · 3 ms`, `no response · 0 ms`; a V2 answer's
    /// `state/action` after the status: `200 interactionRequired/verify · 2 ms`, `200 continue · 1 ms`.
    static func answerLabel(_ exchange: ExchangeView) -> String {
        var parts = [exchange.status == 0 ? "no response" : String(exchange.status)]
        let answer = [exchange.state, exchange.action].compactMap { $0 }.filter { !$0.isEmpty }
        if !answer.isEmpty { parts[0] += " " + answer.joined(separator: "/") }
        let codes = [exchange.error, exchange.suberror].compactMap { $0 }.filter { !$0.isEmpty }
        if !codes.isEmpty { parts[0] += " " + codes.joined(separator: " / ") }
        parts.append(milliseconds(exchange.milliseconds))
        return parts.joined(separator: " · ")
    }

    /// `0.4 ms`, `12 ms`: one decimal below 10 ms.
    static func milliseconds(_ value: Double) -> String {
        guard value.isFinite, value >= 0 else { return "? ms" }
        if value < 10 { return "\((value * 10).rounded() / 10) ms" }
        return value < 1e12 ? "\(Int(value.rounded())) ms" : "? ms"
    }

    /// An endpoint without its version segment, for the arrow's label (`/resetpassword/poll_completion`):
    /// the label must fit between the lifelines beside the exchange's number; the full URL is in the
    /// arrow's title and the exchange's details.
    static func shortPath(_ endpoint: String) -> String {
        endpoint.split(separator: "/", omittingEmptySubsequences: false)
            .filter { part in !(part.count >= 4 && part.first == "v" && part.dropFirst().allSatisfy { $0.isNumber || $0 == "." }) }
            .joined(separator: "/")
    }

    /// `text` cut to `limit` characters with an ellipsis (the full text is in the details).
    static func clip(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
