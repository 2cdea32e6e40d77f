import Foundation

/// Sign-up: the server asks for `attributes`; submit them (O10).
public final class MSALNativeAuthAttributesRequiredState: MSALNativeAuthState, @unchecked Sendable {
    /// The requested attributes (`name` is the attribute id).
    public let attributes: [MSALNativeAuthRequiredAttribute]
    let href: String

    init(flow: V2FlowContext, token: String, href: String, attributes: [V2RequestedAttribute]) {
        self.href = href
        self.attributes = attributes.map {
            MSALNativeAuthRequiredAttribute(name: $0.id, type: $0.inputType, required: $0.required, regex: $0.regex)
        }
        super.init(flow: flow, continuationToken: token)
    }

    /// Submits `attributes` (O10); results go to `delegate` on the main actor.
    public func submitAttributes(attributes: [String: String], delegate: any MSALNativeAuthFlowDelegate) {
        flow.launch(machine(attributes), delegate: delegate)
    }

    /// Submits `attributes` (O10) and returns the result.
    public func submitAttributes(attributes: [String: String]) async -> MSALNativeAuthV2Result {
        await run(machine(attributes))
    }

    private func machine(_ attributes: [String: String]) -> V2SignUpMachine {
        .submitAttributes(flow: flow, token: continuationToken, href: href,
                          attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}

/// A journey finished: `signIn` resumes the authorization (O2) and exchanges the code (O17).
public class MSALNativeAuthSignInAfterFlowState: MSALNativeAuthState, @unchecked Sendable {
    /// Signs in; results go to `delegate` on the main actor.
    public func signIn(scopes: [String]? = nil, delegate: any MSALNativeAuthFlowDelegate) {
        let flow = signInFlow(scopes)
        flow.launch(V2ResumeMachine(flow: flow, token: continuationToken), delegate: delegate)
    }

    /// Signs in and returns the result.
    public func signIn(scopes: [String]? = nil) async -> MSALNativeAuthV2Result {
        let flow = signInFlow(scopes)
        return await V2Driver.run(V2ResumeMachine(flow: flow, token: continuationToken), flow: flow)
    }

    private func signInFlow(_ scopes: [String]?) -> V2FlowContext {
        var flow = flow
        if let scopes {
            var base = flow.base
            base.scopes = scopes
            flow = V2FlowContext(base: base, options: flow.options, scenario: flow.scenario)
        }
        return flow
    }
}

/// Sign-up finished; sign in from here.
public final class MSALNativeAuthSignInAfterSignUpState: MSALNativeAuthSignInAfterFlowState, @unchecked Sendable {}

/// Password reset finished; sign in from here.
public final class MSALNativeAuthSignInAfterResetPasswordState: MSALNativeAuthSignInAfterFlowState, @unchecked Sendable {}
