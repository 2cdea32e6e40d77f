/// Groups native-auth exchanges into flows: a start endpoint begins a flow; a later request joins the
/// flow that handed out its continuation (or refresh) token, else the flow with its `client-request-id`.
enum FlowGrouper {
    static let startEndpoints: Set<ReplayEndpoint> = [.signUpStart, .signInInitiate, .resetPasswordStart]

    static func group(_ exchanges: [RecordedExchange]) -> [[RecordedExchange]] {
        var flows: [[RecordedExchange]] = []
        var flowByToken: [String: Int] = [:]
        var flowByRequestId: [String: Int] = [:]
        for exchange in exchanges {
            var flow: Int?
            if !startEndpoints.contains(exchange.endpoint) {
                let token = exchange.field("continuation_token")
                    ?? (exchange.grantType == "refresh_token" ? exchange.field("refresh_token") : nil)
                if let token, !token.isEmpty { flow = flowByToken[token] }
                if flow == nil, let id = exchange.clientRequestId?.lowercased(), !id.isEmpty {
                    flow = flowByRequestId[id]
                }
            }
            let index: Int
            if let flow {
                index = flow
                flows[flow].append(exchange)
            } else {
                index = flows.count
                flows.append([exchange])
            }
            if let id = exchange.clientRequestId?.lowercased(), !id.isEmpty { flowByRequestId[id] = index }
            let strings = exchange.responseStrings
            for key in ["continuation_token", "refresh_token"] {
                if let token = strings[key], !token.isEmpty { flowByToken[token] = index }
            }
        }
        return flows
    }
}
