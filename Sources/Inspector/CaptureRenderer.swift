/// One capture's part of the page: its name, the unredacted banner when `authtape check` finds
/// secrets, and per flow the sequence diagram, the steps' outcomes and the exchanges' details.
struct CaptureRenderer {
    var capture: CaptureSection
    /// Prefix of every element id in this part (unique on the page).
    var idPrefix: String
    /// The exchange whose details are shown without being selected (a fuzz finding's mutation).
    var openExchange: Int? = nil

    /// The last path component of a capture's name.
    static func shortName(_ name: String) -> String {
        name.split(separator: "/").last.map(String.init) ?? name
    }

    /// The `<section>`; `heading` is the level of its title.
    func render(heading: Int) -> String {
        var out = #"<section class="capture" id="\#(idPrefix)top" data-scope>"#
        out += "<h\(heading)>\(HTMLText.escape(capture.name))</h\(heading)>"
        if !capture.leaks.isEmpty {
            out += #"<div class="banner unredacted" role="alert"><strong>This capture is unredacted.</strong> "#
                + "authtape check finds \(capture.leaks.count) possible secret\(capture.leaks.count == 1 ? "" : "s") in it; "
                + "the values below are shown as recorded.<ul>"
            for leak in capture.leaks.prefix(20) { out += "<li>\(HTMLText.escape(leak))</li>" }
            if capture.leaks.count > 20 { out += "<li>and \(capture.leaks.count - 20) more</li>" }
            out += "</ul></div>"
        }
        if !capture.problems.isEmpty {
            out += #"<div class="problems"><ul>"#
            for problem in capture.problems { out += "<li>\(HTMLText.escape(problem))</li>" }
            out += "</ul></div>"
        }
        let index = PlaceholderIndex(capture.exchanges)
        for (number, flow) in capture.flows.enumerated() {
            out += render(flow, number: number + 1, index: index)
        }
        return out + "</section>\n"
    }

    private func render(_ flow: FlowView, number: Int, index: PlaceholderIndex) -> String {
        let flowID = "\(idPrefix)f\(number)"
        var out = #"<div class="flow" id="\#(flowID)" data-flow="\#(HTMLText.escape(flow.kind))">"#
        out += "<h3>Flow \(number) · \(HTMLText.escape(flow.kind))"
        out += #" <span class="muted">\#(flow.exchanges.count) exchange\#(flow.exchanges.count == 1 ? "" : "s")</span>"#
        switch flow.passed {
        case true?: out += #" <span class="badge pass">replay agrees with the oracle</span>"#
        case false?: out += #" <span class="badge fail">replay disagrees</span>"#
        case nil: break
        }
        out += "</h3>"
        out += #"<div class="flow-body"><div class="diagram"><p class="hint">Click an arrow to see its request and response.</p>"#
        out += SequenceDiagram(flow: flow, exchanges: capture.exchanges, idPrefix: idPrefix).render()
        out += "</div>"
        out += StepsRenderer(steps: flow.steps, exchanges: capture.exchanges, idPrefix: idPrefix).render()
        out += "</div>"
        for member in flow.exchanges where capture.exchanges.indices.contains(member) {
            out += ExchangeDetail(exchange: capture.exchanges[member], index: index, idPrefix: idPrefix, flowID: flowID,
                                  open: member == openExchange).render()
        }
        return out + "</div>\n"
    }
}
