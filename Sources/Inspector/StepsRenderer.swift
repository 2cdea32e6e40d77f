/// A flow's replayed steps: per step the engine's outcome beside the oracle's, field by field,
/// green where they agree and red where they differ, with the replay's diagnostics.
struct StepsRenderer {
    var steps: [StepView]
    var exchanges: [ExchangeView]
    var idPrefix: String
    func render() -> String {
        guard !steps.isEmpty else {
            return #"<div class="steps"><p class="muted">Not replayed: these exchanges belong to no native-auth flow.</p></div>"#
        }
        var out = #"<div class="steps"><h4>Engine and oracle, step by step</h4>"#
        for (number, step) in steps.enumerated() { out += render(step, number: number + 1) }
        return out + "</div>"
    }

    private func render(_ step: StepView, number: Int) -> String {
        let differing = Self.differences(step)
        var out = #"<div class="step \#(step.passed ? "pass" : "fail")" data-step="\#(number)">"#
        out += #"<div class="step-head"><span>\#(number). \#(HTMLText.escape(step.action))</span>"#
        let members = step.exchanges.filter { exchanges.indices.contains($0) }
        if !members.isEmpty {
            let links = members.map { member in
                ##"<a href="#\##(idPrefix)e\##(member + 1)">#\##(member + 1) \##(HTMLText.escape(exchanges[member].endpoint))</a>"##
            }
            out += #"<span class="eps">\#(links.joined(separator: ", "))</span>"#
        }
        let verdict: String
        if step.passed {
            verdict = "✓ engine = oracle"
        } else if !differing.isEmpty {
            verdict = "✗ differs in " + differing.joined(separator: ", ")
        } else {
            verdict = "✗ failed"
        }
        out += #"<span class="verdict">\#(HTMLText.escape(verdict))</span></div>"#
        if let earlier = step.earlierState { out += #"<p class="held muted">\#(Placeholders.markup(earlier))</p>"# }
        if let uncertainty = step.uncertainty {
            out += #"<p class="uncertain muted">uncertain: \#(Placeholders.markup(uncertainty))</p>"#
        }
        if step.engine != nil || step.oracle != nil {
            out += #"<table class="cmp"><thead><tr><th></th><th>engine</th><th>oracle</th></tr></thead><tbody>"#
            let engine = step.engine?.fields ?? []
            let oracle = step.oracle?.fields ?? []
            for (position, name) in ["callback", "error", "newState", "token"].enumerated() {
                let actual = position < engine.count ? engine[position].value : nil
                let expected = position < oracle.count ? oracle[position].value : nil
                let equal = step.engine != nil && step.oracle != nil && actual == expected
                out += #"<tr class="\#(equal ? "eq" : "ne")" data-field="\#(name)"><th scope="row">\#(name)</th>"#
                out += "<td>\(cell(actual, present: step.engine != nil, missing: "no outcome"))</td>"
                out += "<td>\(cell(expected, present: step.oracle != nil, missing: "none expected"))</td></tr>"
            }
            out += "</tbody></table>"
        }
        if !step.diagnostics.isEmpty {
            out += #"<ul class="diag">"#
            for line in step.diagnostics { out += "<li>\(Placeholders.markup(line))</li>" }
            out += "</ul>"
        }
        return out + "</div>"
    }

    private func cell(_ value: String?, present: Bool, missing: String) -> String {
        guard present else { return #"<span class="muted">\#(missing)</span>"# }
        guard let value else { return #"<span class="muted">—</span>"# }
        return Placeholders.markup(value)
    }

    /// The fields in which engine and oracle differ (all four when one of them has no outcome).
    static func differences(_ step: StepView) -> [String] {
        guard let engine = step.engine, let oracle = step.oracle else {
            return step.engine == nil && step.oracle == nil ? [] : ["outcome"]
        }
        return zip(engine.fields, oracle.fields).filter { $0.0.value != $0.1.value }.map { $0.0.name }
    }
}
