import Foundation

/// Parameters of `signUpV2` (spec native-auth-v2 §3.1).
public final class MSALNativeAuthSignUpParametersV2 {
    /// The user's email; sent at sign-up start and as the `email` attribute.
    public var username: String
    /// An up-front password: sent with the first attributes under ``MSALNativeAuthV2Profile/iOS_2_17``;
    /// 2.18.1 has none (the server asks for it later, ``MSALNativeAuthPasswordRequiredState``).
    public var password: String?
    /// Attributes sent with the first `collectAttributes` answer.
    public var attributes: [String: String]?
    /// Extra scopes for the sign-in after sign-up.
    public var scopes: [String]?
    /// The correlation id; one is generated when nil.
    public var correlationId: UUID?
    /// Creates parameters for `username`.
    public init(username: String) { self.username = username }
}

extension MSALNativeAuthPublicClientApplication {
    /// Starts a V2 sign-up; results go to `delegate` on the main actor.
    public func signUpV2(parameters: MSALNativeAuthSignUpParametersV2, delegate: any MSALNativeAuthFlowDelegate) {
        let (machine, flow) = signUpV2Machine(parameters)
        flow.launch(machine, delegate: delegate)
    }

    /// Starts a V2 sign-up and returns the result of its first user-facing step.
    public func signUpV2(parameters: MSALNativeAuthSignUpParametersV2) async -> MSALNativeAuthV2Result {
        let (machine, flow) = signUpV2Machine(parameters)
        return await V2Driver.run(machine, flow: flow)
    }

    private func signUpV2Machine(_ parameters: MSALNativeAuthSignUpParametersV2) -> (V2SignUpMachine, V2FlowContext) {
        let base = engine.context(
            username: parameters.username, correlationId: parameters.correlationId, scopes: parameters.scopes ?? [])
        let flow = V2FlowContext(base: base, options: v2Options, scenario: .signUp)
        return (V2SignUpMachine.signUp(flow: flow, password: parameters.password, attributes: parameters.attributes ?? [:]), flow)
    }
}
