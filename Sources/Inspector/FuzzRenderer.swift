/// A fuzz campaign's part of the page: a summary with counts and throughput, then the findings
/// grouped by kind and step, each with its minimised exchange (from its repro capture) and the
/// commands that reproduce it.
struct FuzzRenderer {
    var campaign: FuzzSection
    var idPrefix: String

    func render() -> String {
        var out = #"<section class="fuzz" id="\#(idPrefix)top">"#
        out += "<h2>Fuzz report: \(HTMLText.escape(campaign.phase)), seed \(HTMLText.escape(campaign.seed))</h2>"
        out += #"<p class="muted">\#(HTMLText.escape(campaign.name))</p>"#
        out += #"<div class="summary">"#
        let facts: [(String, String)] = [
            ("cases", String(campaign.cases)),
            ("unique findings", String(campaign.findings.count)),
            ("finding cases", String(campaign.findingCases)),
            ("time", "\((campaign.elapsedSeconds * 100).rounded() / 100) s"),
            ("throughput", "\(Int(campaign.casesPerSecond.rounded())) cases/s"),
        ] + (campaign.rows.map { [("§5 rows covered", "\($0.hit) of \($0.of)")] } ?? []) + campaign.verdicts.map { ($0.kind, String($0.count)) }
        for (name, value) in facts {
            out += "<div><b>\(HTMLText.escape(value))</b>\(HTMLText.escape(name))</div>"
        }
        out += "</div>"
        if !campaign.baselineProblems.isEmpty {
            out += #"<div class="problems"><strong>Unmutated actions that did not pass</strong><ul>"#
            for problem in campaign.baselineProblems { out += "<li>\(HTMLText.escape(problem))</li>" }
            out += "</ul></div>"
        }
        if campaign.findings.isEmpty { out += "<p>No findings.</p>" }
        var number = 0
        for kind in Self.ordered(campaign.findings.map(\.kind)) {
            let ofKind = campaign.findings.filter { $0.kind == kind }
            out += #"<div class="kind" data-kind="\#(HTMLText.escape(kind))"><h3>\#(HTMLText.escape(kind))"#
                + #" <span class="badge fail">\#(ofKind.count) unique, \#(ofKind.reduce(0) { $0 + $1.count }) cases</span></h3>"#
            for step in Self.ordered(ofKind.map(\.step)) {
                out += "<h4>step \(HTMLText.escape(step))</h4>"
                for finding in ofKind where finding.step == step {
                    number += 1
                    out += render(finding, number: number)
                }
            }
            out += "</div>"
        }
        return out + "</section>\n"
    }

    private func render(_ finding: FindingView, number: Int) -> String {
        var out = #"<article class="finding" data-finding="\#(number)">"#
        out += "<p><strong>\(HTMLText.escape(finding.operatorName))</strong> · \(finding.count) case\(finding.count == 1 ? "" : "s")"
            + " · example case \(HTMLText.escape(finding.caseID)) (flow \(HTMLText.escape(finding.flow)), action \(finding.action)"
            + (finding.minimised ? ", minimised" : "") + ")</p>"
        out += #"<table class="cmp"><tbody><tr class="ne"><th scope="row">oracle expects</th><td>\#(Placeholders.markup(finding.expected))</td></tr>"#
            + #"<tr class="ne"><th scope="row">engine did</th><td>\#(Placeholders.markup(finding.actual))</td></tr></tbody></table>"#
        if !finding.note.isEmpty { out += #"<p class="muted">\#(HTMLText.escape(finding.note))</p>"# }
        if !finding.details.isEmpty {
            out += "<p>Mutation: " + zip(finding.operators, finding.details).map { name, detail in
                "<code>\(HTMLText.escape(name))</code> \(Placeholders.markup(detail))"
            }.joined(separator: "; ") + "</p>"
        }
        let commands = finding.commands
        if !commands.isEmpty {
            out += #"<h5>Reproduce</h5><pre class="cmd">\#(HTMLText.escape(commands.joined(separator: "\n")))</pre>"#
            if commands.count > 1 {
                out += #"<p class="muted">The second command regenerates the case when given the campaign's captures and --flow options.</p>"#
            }
        }
        if let repro = finding.repro {
            let mutated = repro.exchanges.first(where: \.isMutated)?.entry
            out += "<h5>Minimised exchange</h5>"
            out += CaptureRenderer(capture: repro, idPrefix: "\(idPrefix)k\(number)-", openExchange: mutated).render(heading: 4)
        }
        return out + "</article>"
    }

    /// The distinct values of `list`, in order of first appearance.
    static func ordered(_ list: [String]) -> [String] {
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }
}
