import Foundation

extension FaultProof {
    /// One line per fault (area, name, kind, the case count it took, the catching case's verdict and
    /// operators), then `caught N/M, slowest kill K cases`. When the kills hold faults of both engines (V1's
    /// proof and ``V2FaultProof`` count cases of different campaigns), the slowest kill is given per family:
    /// `slowest kill: V1 K cases, V2 L cases`.
    public static func table(_ kills: [FaultKill]) -> String {
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
        }
        var lines = [pad("area", 14) + pad("fault", 44) + pad("cases", 9) + "caught by"]
        for kill in kills {
            let cases = kill.caseCount.map(String.init) ?? "-"
            var how = "NOT CAUGHT"
            if let verdict = kill.verdict, let index = kill.caseIndex {
                how = "case \(index) \(verdict.kind.rawValue) at \(verdict.step) (\(kill.operators.joined(separator: "+")))"
            }
            if kill.caughtByBaseline { how += " [also changes an unmutated flow]" }
            lines.append(pad(kill.fault.area, 14) + pad(kill.fault.name, 44) + pad(cases, 9) + how)
        }
        let caught = kills.filter { $0.caseIndex != nil }
        func slowest(_ family: [FaultKill]) -> UInt64 { family.compactMap(\.caseCount).max() ?? 0 }
        let v1 = caught.filter { !$0.fault.isV2 }
        let v2 = caught.filter(\.fault.isV2)
        let families = kills.contains(where: \.fault.isV2) && kills.contains(where: { !$0.fault.isV2 })
        let slowestText = families ? "V1 \(slowest(v1)) cases, V2 \(slowest(v2)) cases" : "\(slowest(caught)) cases"
        lines.append("faults caught: \(caught.count)/\(kills.count), slowest kill: \(slowestText)")
        return lines.joined(separator: "\n")
    }
}

extension FindingSet {
    /// The findings whose key `other` does not have: what a change (a planted fault, a new operator)
    /// adds. Keys are compared whole, so a new key counts even when `other` has a finding with the same
    /// expected and actual outcome under another step, kind or operator family.
    public func introduced(over other: FindingSet) -> [Finding<Case>] {
        let known = Set(other.findings.map(\.key))
        return findings.filter { !known.contains($0.key) }
    }
}
