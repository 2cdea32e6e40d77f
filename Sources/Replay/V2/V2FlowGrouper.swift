import NativeAuthWire

/// Groups V2 exchanges into flows: `authorize-challenge` without a continuation token (O1) starts one;
/// a later request joins the flow whose answer handed out the continuation token it carries (O2 and
/// the JSON interactions), the authorization code it exchanges (O17) or, failing those, the href it
/// follows. In a redacted capture tokens, codes and method ids are placeholders, each the same wherever
/// it recurs, so the chain holds as it did on the wire.
enum V2FlowGrouper {
    static func group(_ exchanges: [V2RecordedExchange]) -> [[V2RecordedExchange]] {
        var flows: [[V2RecordedExchange]] = []
        var flowByToken: [String: Int] = [:]
        var flowByCode: [String: Int] = [:]
        var flowByLink: [String: Int] = [:]
        for exchange in exchanges {
            var flow: Int?
            switch exchange.operation {
            case .start: break
            case .codeExchange: flow = exchange.formField(V2Key.code).flatMap { flowByCode[$0] }
            case .resume, .interaction: flow = exchange.requestToken.flatMap { flowByToken[$0] }
            }
            if flow == nil, exchange.operation != .start { flow = flowByLink[exchange.decodedPath.lowercased()] }
            let index = flow ?? flows.count
            if flow == nil { flows.append([]) }
            flows[index].append(exchange)
            let answer = exchange.answer.answer
            if let token = answer.continuationToken, !token.isEmpty { flowByToken[token] = index }
            if let code = answer.code, !code.isEmpty { flowByCode[code] = index }
            for link in answer.links { flowByLink[link.path.lowercased()] = index }
        }
        return flows
    }
}
