import Foundation
import NativeAuthWire

/// One request a flow machine wants made.
struct EndpointCall: Sendable, Hashable {
    var endpoint: NativeAuthEndpoint
    var fields: [FormField]

    init(_ endpoint: NativeAuthEndpoint, _ fields: [FormField]) {
        self.endpoint = endpoint
        self.fields = fields
    }
}

/// What a flow machine asks the driver to do next.
enum FlowAction<Result> {
    /// Send this request and feed the classified answer to `receive`.
    case send(EndpointCall)
    /// Wait this many seconds, then call `waited`.
    case wait(seconds: Double)
    /// The operation is over.
    case finish(Result)
}

/// A value-type state machine for one user operation (a start, a submit, a resend). It never performs
/// I/O: it returns actions and is fed the classified answers.
protocol FlowMachine {
    associatedtype Result: OutcomeConvertible
    /// The first action (input checks may finish at once without a request).
    mutating func start() -> FlowAction<Result>
    /// The classified answer to the last `.send`.
    mutating func receive(_ response: Classified) -> FlowAction<Result>
    /// Called after a `.wait` elapsed.
    mutating func waited() -> FlowAction<Result>
}

extension FlowMachine {
    mutating func waited() -> FlowAction<Result> { start() }
}

/// Everything a state needs to continue its flow: the engine, the flow's correlation id, and the
/// username, scopes and claims carried along.
struct FlowContext: Sendable {
    let engine: NativeAuthEngine
    var correlationId: UUID
    var username: String
    var scopes: [String] = []
    var claims: String?

    /// The `scope` field: the caller's scopes then `openid profile offline_access`, de-duplicated in order.
    var scopeField: String {
        var seen = Set<String>()
        return (scopes + ["openid", "profile", "offline_access"]).filter { seen.insert($0).inserted }
            .joined(separator: " ")
    }

    var challengeTypes: String { engine.configuration.challengeTypes }
}
