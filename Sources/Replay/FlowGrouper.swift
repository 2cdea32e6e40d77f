import NativeAuthWire

/// Groups native-auth exchanges into flows: MSAL's resend of a flow's last request (after a 5xx, no
/// response or a PKeyAuth challenge, within the SDK's budget) stays in that flow, start requests
/// included; otherwise a start endpoint begins a flow, and a later request joins the flow that handed
/// out its continuation (or refresh) token, else the flow with its `client-request-id`.
enum FlowGrouper {
    static let startEndpoints: Set<NativeAuthEndpoint> = [.signUpStart, .signInInitiate, .resetPasswordStart]

    static func group(_ exchanges: [RecordedExchange]) -> [[RecordedExchange]] {
        var flows: [[RecordedExchange]] = []
        var trackers: [ResendTracker] = []
        var flowByToken: [String: Int] = [:]
        var flowByRequestId: [String: Int] = [:]
        // Flows whose last response MSAL answers with a resend, most recent last.
        var awaitingResend: [Int] = []
        for exchange in exchanges {
            var flow = awaitingResend.last { index in
                flows[index].last.map { trackers[index].wouldResend(exchange, of: $0) } ?? false
            }
            if flow == nil, !startEndpoints.contains(exchange.endpoint) {
                let token = exchange.field("continuation_token")
                    ?? (exchange.grantType == "refresh_token" ? exchange.field("refresh_token") : nil)
                if let token, !token.isEmpty { flow = flowByToken[token] }
                if flow == nil, let id = exchange.clientRequestId?.lowercased(), !id.isEmpty {
                    flow = flowByRequestId[id]
                }
            }
            let index: Int
            if let flow, let previous = flows[flow].last {
                index = flow
                _ = trackers[flow].isResend(exchange, of: previous)
                flows[flow].append(exchange)
            } else {
                index = flows.count
                flows.append([exchange])
                trackers.append(ResendTracker())
            }
            awaitingResend.removeAll { $0 == index }
            if exchange.resendCause != nil { awaitingResend.append(index) }
            if let id = exchange.clientRequestId?.lowercased(), !id.isEmpty { flowByRequestId[id] = index }
            let strings = exchange.responseStrings
            for key in ["continuation_token", "refresh_token"] {
                if let token = strings[key], !token.isEmpty { flowByToken[token] = index }
            }
        }
        return flows
    }
}
