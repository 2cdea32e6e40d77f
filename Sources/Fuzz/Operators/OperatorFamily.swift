/// The family of a mutation operator, the part of a finding's key that keeps faults apart: two
/// findings with the same symptom from different families are different keys.
public enum OperatorFamily {
    /// `protocol`, `structural`, `http`, `metamorphic`, `transport`, `table`, `hal`; `none` for an unmutated case and
    /// the operator's own name for one outside the built-in sets.
    public static func of(_ operatorName: String) -> String {
        families[operatorName] ?? operatorName
    }

    private static let families: [String: String] = {
        var map = ["none": "none"]
        for op in Operators.protocolAware { map[op.name] = "protocol" }
        for op in Operators.structural { map[op.name] = "structural" }
        for op in Operators.http { map[op.name] = "http" }
        for op in Operators.metamorphic { map[op.name] = "metamorphic" }
        for op in Operators.hal { map[op.name] = "hal" }
        map[TransportFaultOperator().name] = "transport"
        map[TableAnswerOperator().name] = "table"
        return map
    }()
}
