import NativeAuth

/// Credential egress over the cases of a V2 campaign: runs cases `0..<cases` of `configuration` (the same
/// cases a V2 campaign of that seed runs) through `runner`'s source, one after another, and logs each case
/// whose action sent a credential outside ``V2EngineSource/authority`` (``CredentialEgress``). A campaign that
/// keeps its observations can call ``record(_:index:observation:step:into:)`` per case instead.
public enum EgressScan {
    public static func v2(_ runner: V2Runner, cases: Int) async -> EgressLog {
        var log = EgressLog()
        let watchdog = Watchdog(slots: 1)
        let patrol = Task { await watchdog.patrol() }
        for index in 0..<max(0, cases) {
            guard let fuzzCase = runner.generator.make(index: UInt64(index)) else { continue }
            let (verdict, _, observation) = await runner.judge(fuzzCase, baseline: nil, watchdog: watchdog, slot: 0)
            if let observation { record(fuzzCase.id, index: fuzzCase.index, observation: observation, step: verdict.step, into: &log) }
        }
        watchdog.stop()
        patrol.cancel()
        return log
    }

    /// Logs the egress of one case's action and of the flow's later actions the case went on with
    /// (``Observation/laterRequests``: a password or code typed after a mutated answer moved a link); the
    /// requests of earlier, unmutated actions are the flow's own. When a later action's request leaked, the
    /// step reads `<step> then later actions`.
    public static func record(_ caseId: String, index: UInt64, observation: Observation, step: String, into log: inout EgressLog) {
        let action = Array(observation.requests.suffix(observation.actionRequests))
        let egress = CredentialEgress(authority: V2EngineSource.authority, sent: action + observation.laterRequests)
        let later = egress.leaks.contains { $0.request >= action.count }
        log.record(caseId: caseId, index: index, step: later ? step + " then later actions" : step, egress)
    }
}
