import Foundation
import HAR
import NativeAuthWire
import Replay

/// Labels the exchanges of a capture's V2 flows as replay grouped them (``V2ScriptInference`` with
/// Replay's V2 flow grouper, the one V2 grouping): each exchange gets its step (``V2Exchange/step(_:relation:path:)``,
/// naming the link relation it followed in an earlier answer of its flow) and its answer.
struct V2FlowLabels {
    /// How one V2 exchange is labelled: its step and its answer.
    struct Label: Equatable {
        var step: String
        var answer: V2Answer
    }

    /// The label of every V2 entry, by entry index.
    private(set) var labels: [Int: Label] = [:]

    init(_ flows: [V2FlowScript]) {
        for flow in flows {
            var relationByLink: [String: String] = [:]
            for exchange in flow.exchanges {
                let operation = Self.operation(of: exchange)
                let relation = operation == .interaction ? relationByLink[Self.key(exchange.path)] : nil
                let answer = (try? JSONParser.parse(exchange.responseBody)).map { V2Answer(JSONNode(value: $0)) } ?? V2Answer()
                for link in answer.links where V2Exchange.isPlainName(link.relation) {
                    relationByLink[Self.key(link.path)] = link.relation
                }
                labels[exchange.entryIndex] = Label(
                    step: V2Exchange.step(operation, relation: relation, path: exchange.path), answer: answer)
            }
        }
    }

    /// The operation of a V2 exchange (every exchange of a V2 flow is one; an unknown one is an interaction).
    static func operation(of exchange: V2RecordedExchange) -> V2Exchange.Operation {
        var form: [FormField] = []
        var jsonToken: String?
        switch exchange.body {
        case .form(let fields): form = fields
        case .json(let object): jsonToken = object[V2Key.continuationToken]?.stringValue
        case .empty: break
        }
        func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
        return V2Exchange.operation(
            path: exchange.path, formContinuationToken: field(V2Key.continuationTokenForm),
            formGrantType: field(V2Key.grantType), jsonContinuationToken: jsonToken, followsLink: true) ?? .interaction
    }

    /// A path as links are looked up: percent-escapes decoded, case ignored.
    private static func key(_ path: String) -> String { (path.removingPercentEncoding ?? path).lowercased() }
}

/// HAR's JSON value as ``V2Answer`` reads it.
private struct JSONNode: V2JSONReadable {
    var value: JSONValue
    func v2Member(_ key: String) -> JSONNode? { value[key].map(JSONNode.init) }
    var v2Members: [(key: String, value: JSONNode)] { value.objectValue?.map { (key: $0.key, value: JSONNode(value: $0.value)) } ?? [] }
    var v2Elements: [JSONNode] { value.arrayValue?.map(JSONNode.init) ?? [] }
    var v2String: String? { value.stringValue }
}
