import Foundation
import NativeAuthWire

/// The O1 answer of every journey (spec native-auth-v2 §3.3 r3, §3.4 A): the continuation token and the
/// scenario's entry link, or the general error that ends the flow. An `error` member is a general error,
/// except that 2.18.1 follows a token and entry link carried next to one.
enum V2Entry {
    static func read(_ answer: V2Answer, flow: V2FlowContext, relation: V2LinkRelation)
        -> Result<(token: String, link: String), V2Failure>
    {
        guard case .response(_, let body) = answer else {
            if case .failed(let message) = answer { return .failure(V2Failure(flow.general(message))) }
            return .failure(V2Failure(flow.general(nil)))
        }
        guard let response = V2Response.parse(body) else { return .failure(V2Failure(flow.general(V2Text.unexpectedBody))) }
        let token = response.continuationToken.flatMap { $0.isEmpty ? nil : $0 }
        let link = response.link(relation)
        if response.hasError, !(flow.options.entryLinkWinsOverError && token != nil && link != nil) {
            return .failure(V2Failure(flow.general(response.error?.message, codes: response.error?.aadsts ?? [])))
        }
        guard let token else { return .failure(V2Failure(flow.general(V2Text.missingToken))) }
        guard let link else { return .failure(V2Failure(flow.general(V2Text.missingLink(relation.rawValue)))) }
        return .success((token, link))
    }
}

/// A result that ends a flow early, carried through `Result`.
struct V2Failure: Error, Sendable {
    let result: MSALNativeAuthV2Result
    init(_ result: MSALNativeAuthV2Result) { self.result = result }
}
