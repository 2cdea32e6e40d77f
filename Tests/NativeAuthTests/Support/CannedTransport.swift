import Foundation
@testable import NativeAuth

/// One canned answer: a response or a transport failure.
enum Reply: Sendable {
    case response(NativeAuthHTTPResponse)
    case failure(TransportError)
}

/// Serves canned replies in order and records every request; an exhausted queue fails closed.
final class CannedTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [Reply]
    private var sent: [NativeAuthHTTPRequest] = []

    init(_ replies: [Reply]) { self.replies = replies }

    func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        let reply: Reply? = lock.withLock {
            sent.append(request)
            return replies.isEmpty ? nil : replies.removeFirst()
        }
        switch reply {
        case .response(let response)?: return response
        case .failure(let error)?: throw error
        case nil: throw TransportError(.other, message: "no canned reply left")
        }
    }

    func enqueue(_ more: [Reply]) { lock.withLock { replies += more } }
    var requests: [NativeAuthHTTPRequest] { lock.withLock { sent } }
    var remaining: Int { lock.withLock { replies.count } }
}

/// Collects outcomes reported by the engine.
final class OutcomeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Outcome] = []
    func append(_ outcome: Outcome) { lock.withLock { items.append(outcome) } }
    var all: [Outcome] { lock.withLock { items } }
}

/// An application wired to canned replies, an immediate clock and seeded ids.
struct Harness {
    let transport: CannedTransport
    let clock = ImmediateClock()
    let outcomes = OutcomeLog()
    let delivered = OutcomeLog()
    let app: MSALNativeAuthPublicClientApplication

    init(_ replies: [Reply] = [], challengeTypes: MSALNativeAuthChallengeTypes = [.OOB, .password],
         capabilities: MSALNativeAuthCapabilities = []) {
        transport = CannedTransport(replies)
        let environment = NativeAuthEnvironment(
            transport: transport, clock: clock, uuidSource: SeededUUIDSource(seed: 7),
            outcomeObserver: { [outcomes] in outcomes.append($0) },
            dispatchObserver: { [delivered] in delivered.append($0) })
        app = try! MSALNativeAuthPublicClientApplication(
            clientId: "client-1", authority: URL(string: "https://contoso.ciamlogin.com")!,
            challengeTypes: challengeTypes, capabilities: capabilities, environment: environment)
    }

    var engine: NativeAuthEngine { app.engine }

    func context(username: String = "user@contoso.com", scopes: [String] = []) -> FlowContext {
        engine.context(username: username, correlationId: nil, scopes: scopes)
    }

    /// The endpoints requested, in order.
    var endpoints: [String] { transport.requests.map { $0.url.path.components(separatedBy: ".com").last ?? "" } }

    /// The form fields of request `index`.
    func fields(_ index: Int) -> [String: String] {
        Dictionary(transport.requests[index].formFields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
    }
}
