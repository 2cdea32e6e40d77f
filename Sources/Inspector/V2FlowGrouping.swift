import Foundation
import HAR
import NativeAuthWire

/// Groups a capture's native-auth V2 exchanges into flows as the recorder does (docs/recorder.md): a flow
/// starts at `authorize-challenge` and follows the continuation token, the hrefs its answers advertised
/// and the authorization code into the `/token` code exchange. In a redacted capture the tokens, codes and
/// method ids are placeholders, each the same wherever it recurs, so the chain holds as it did on the wire.
struct V2FlowGrouping {
    /// One V2 flow: its kind (`v2SignIn`, `v2SignUp`, `v2ResetPassword`, or `v2` before an entry link was
    /// followed) and its entries' indexes, in order.
    struct Flow: Equatable {
        var kind: String
        var exchanges: [Int]
    }

    /// How one V2 exchange is labelled: its step (``V2Exchange/step(_:relation:path:)``) and its answer.
    struct Label: Equatable {
        var step: String
        var answer: V2Answer
    }

    private(set) var flows: [Flow] = []
    /// The label of every V2 entry, by entry index.
    private(set) var labels: [Int: Label] = [:]

    private var flowByToken: [String: Int] = [:]
    private var flowByCode: [String: Int] = [:]
    private var flowByRequestID: [String: Int] = [:]
    private var flowByLink: [String: Int] = [:]
    private var relationByLink: [Int: [String: String]] = [:]

    init(_ entries: [HAREntry]) {
        for (index, entry) in entries.enumerated() { add(entry, index: index) }
    }

    private mutating func add(_ entry: HAREntry, index: Int) {
        let path = URLComponents(string: entry.request.url)?.path ?? ""
        let body = (try? entry.request.postData?.bodyBytes()) ?? []
        let isForm = (entry.request.postData?.mimeType ?? "").lowercased().contains("x-www-form-urlencoded")
        let form = isForm ? FormFields(FormCodec.decodeLeniently(bytes: body)) : FormFields()
        let json = isForm ? nil : try? JSONParser.parse(body)
        let jsonToken = json?[V2Key.continuationToken]?.stringValue
        guard let operation = V2Exchange.operation(
            path: path, formContinuationToken: form[V2Key.continuationTokenForm], formGrantType: form[V2Key.grantType],
            jsonContinuationToken: jsonToken, followsLink: flowByLink[path] != nil)
        else { return }
        var flow: Int?
        switch operation {
        case .start: break
        case .resume: flow = form[V2Key.continuationTokenForm].flatMap { flowByToken[$0] }
        case .codeExchange: flow = form[V2Key.code].flatMap { flowByCode[$0] }
        case .interaction: flow = jsonToken.flatMap { flowByToken[$0] }
        }
        let requestID = entry.request.headers.last { $0.name.lowercased() == "client-request-id" }?.value.lowercased()
        if flow == nil, operation != .start, let requestID, !requestID.isEmpty { flow = flowByRequestID[requestID] }
        if flow == nil, operation == .interaction { flow = flowByLink[path] }
        let number = flow ?? flows.count
        if flow == nil { flows.append(Flow(kind: V2Exchange.unknownKind, exchanges: [])) }
        flows[number].exchanges.append(index)
        let relation = operation == .interaction ? relationByLink[number]?[path] : nil
        if let relation, let kind = V2Exchange.kind(followingEntry: relation) { flows[number].kind = kind }
        if let requestID, !requestID.isEmpty { flowByRequestID[requestID] = number }

        let responseBytes = (try? entry.response.content.bodyBytes()) ?? []
        let answer = (try? JSONParser.parse(responseBytes)).map { V2Answer(JSONNode(value: $0)) } ?? V2Answer()
        if let token = answer.continuationToken, !token.isEmpty { flowByToken[token] = number }
        if let code = answer.code, !code.isEmpty { flowByCode[code] = number }
        for link in answer.links where V2Exchange.isPlainName(link.relation) {
            flowByLink[link.path] = number
            relationByLink[number, default: [:]][link.path] = link.relation
        }
        labels[index] = Label(step: V2Exchange.step(operation, relation: relation, path: path), answer: answer)
    }
}

/// HAR's JSON value as ``V2Answer`` reads it.
private struct JSONNode: V2JSONReadable {
    var value: JSONValue
    func v2Member(_ key: String) -> JSONNode? { value[key].map(JSONNode.init) }
    var v2Members: [(key: String, value: JSONNode)] { value.objectValue?.map { (key: $0.key, value: JSONNode(value: $0.value)) } ?? [] }
    var v2Elements: [JSONNode] { value.arrayValue?.map(JSONNode.init) ?? [] }
    var v2String: String? { value.stringValue }
}
