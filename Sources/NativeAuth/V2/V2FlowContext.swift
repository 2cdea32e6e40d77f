import Foundation
import NativeAuthWire

/// Everything a V2 state needs to continue its flow: the engine, the V2 options, the flow's correlation
/// id, username, scopes and claims, and the scenario every callback names.
struct V2FlowContext: Sendable {
    let base: FlowContext
    let options: MSALNativeAuthV2Options
    var scenario: MSALNativeAuthFlowScenario
    /// Sign-up: the attribute ids already submitted (a later request for one of them is an error).
    var sentAttributes: [String] = []

    var engine: NativeAuthEngine { base.engine }
    var correlationId: UUID { base.correlationId }
    var username: String { base.username }

    var links: V2LinkResolver {
        V2LinkResolver(authority: engine.configuration.authority, sliceDc: engine.configuration.sliceDc,
                       policy: options.linkPolicy)
    }

    /// A general error of this flow.
    func general(_ message: String?, codes: [Int] = []) -> MSALNativeAuthV2Result {
        .error(MSALNativeAuthFlowError(.generalError, message: message, correlationId: correlationId, errorCodes: codes))
    }

    /// A mapped error of this flow; `invalidCredentials` exists only before 2.18.1 (spec §3.5), which
    /// reports a wrong password as `invalidPassword`.
    func error(_ kind: MSALNativeAuthFlowError.Kind, _ body: V2ErrorBody?) -> MSALNativeAuthV2Result {
        let reported = kind == .invalidCredentials && !options.hasInvalidCredentials ? .invalidPassword : kind
        return .error(MSALNativeAuthFlowError(reported, message: body?.message, correlationId: correlationId,
                                              errorCodes: body?.aadsts ?? []))
    }

    /// O1: `client_id`, `scope` (the caller's then `openid profile offline_access`) and `claims` when set.
    var authorizeStart: V2Call {
        var fields = [FormField(V2Key.clientID, engine.configuration.clientId), FormField(V2Key.scope, base.scopeField)]
        if let claims = base.claims { fields.append(FormField(V2Key.claims, claims)) }
        return .form(V2Path.authorizeChallenge, fields)
    }
}
