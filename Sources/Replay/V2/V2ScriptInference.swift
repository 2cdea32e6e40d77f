import HAR
import NativeAuthWire
import Oracle

/// Turns the V2 traffic of a capture into ``V2FlowScript``s: flows (``V2FlowGrouper``), then per flow the
/// user actions, each with the exchanges it consumed and the V2 oracle's expected outcome.
///
/// Action boundaries come from the requests: O1 starts a journey (which one, the entry link the next
/// request follows says); a request the SDK sends by itself joins the action before it — the entry
/// request after O1, the challenge of the only offered method, O13 after `riskverify`, O12 after `poll`,
/// the first sign-up `collectAttributes` answered with the up-front values, O2 after `continue` in a
/// sign-in and O17 after a `code`. Every other request is the user's next action, read from the link it
/// follows in the answer that handed out the continuation token it carries and from its JSON members.
public enum V2ScriptInference {
    /// The V2 flow scripts of a decoded capture (empty when it has no V2 traffic), judged by the oracle
    /// with `msal`'s profile.
    public static func flows(of document: HARDocument, msal: ModelledMSAL = .standard) -> [V2FlowScript] {
        V2FlowGrouper.group(V2Traffic.exchanges(of: document)).map { flowScript($0, msal: msal) }
    }

    /// The script of one flow's exchanges.
    static func flowScript(_ flow: [V2RecordedExchange], msal: ModelledMSAL) -> V2FlowScript {
        let profile = msal.oracleProfile
        var reader = V2ActionReader(flow: flow)
        var steps: [V2ScriptStep] = []
        var problems: [String] = []
        var index = 0
        while index < flow.count {
            guard let (action, oracleStep) = reader.action(at: index) else {
                problems.append("\(flow[index].label) does not start a user action here; it is not replayed")
                reader.record(index)
                index += 1
                continue
            }
            var end = index + 1
            reader.record(index)
            while end < flow.count, reader.isAuto(end) {
                reader.record(end)
                end += 1
            }
            let taken = Array(flow[index..<end])
            steps.append(V2Verdict.step(action, oracleStep, taken, profile: profile))
            index = end
        }
        let authority = flow.first.flatMap { Self.authority(of: $0) } ?? "https://replay.invalid"
        return V2FlowScript(
            kind: reader.kind, clientId: flow.first?.formField(V2Key.clientID) ?? "", authority: authority, steps: steps,
            exchanges: flow, problems: problems, msal: msal)
    }

    /// The authority of a fixed-path request: its URL up to the fixed path.
    static func authority(of exchange: V2RecordedExchange) -> String? {
        guard let fixed = V2Exchange.fixedPath(of: exchange.path) else { return nil }
        var url = Substring(exchange.url)
        if let query = url.firstIndex(where: { $0 == "?" || $0 == "#" }) { url = url[..<query] }
        if url.hasSuffix("/") { url = url.dropLast() }
        guard url.count >= fixed.count, url.suffix(fixed.count).lowercased() == fixed else { return nil }
        return String(url.dropLast(fixed.count))
    }

    /// Scopes of a `scope` field without MSAL's defaults, in order.
    static func scopes(_ field: String?) -> [String] {
        ScriptInference.words(field ?? "").filter { !ScriptInference.defaultScopes.contains($0) }
    }
}
