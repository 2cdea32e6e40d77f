import Foundation

/// Parameters of `signInV2` (spec native-auth-v2 §3.1).
public final class MSALNativeAuthSignInParametersV2 {
    /// The user's email or alias.
    public var username: String
    /// An up-front password. MSAL iOS 2.18.1 has none (``MSALNativeAuthV2Profile/iOS_2_18_1``, the
    /// default, never sends it); ``MSALNativeAuthV2Profile/iOS_2_17`` sends it when the only first-factor
    /// method offered is a password.
    public var password: String?
    /// Extra scopes (the OIDC defaults are always added); sent at the flow's start (O1) and at O17.
    public var scopes: [String]?
    /// A claims request, sent with the scopes.
    public var claimsRequest: MSALClaimsRequest?
    /// The correlation id; one is generated when nil.
    public var correlationId: UUID?
    /// Creates parameters for `username`.
    public init(username: String) { self.username = username }
}

extension MSALNativeAuthPublicClientApplication {
    /// Starts a V2 sign-in (authorize-challenge, then the server-driven steps); results go to `delegate`
    /// on the main actor.
    public func signInV2(parameters: MSALNativeAuthSignInParametersV2, delegate: any MSALNativeAuthFlowDelegate) {
        let (machine, flow) = signInV2Machine(parameters)
        flow.launch(machine, delegate: delegate)
    }

    /// Starts a V2 sign-in and returns the result of its first user-facing step.
    public func signInV2(parameters: MSALNativeAuthSignInParametersV2) async -> MSALNativeAuthV2Result {
        let (machine, flow) = signInV2Machine(parameters)
        return await V2Driver.run(machine, flow: flow)
    }

    private func signInV2Machine(_ parameters: MSALNativeAuthSignInParametersV2) -> (V2SignInMachine, V2FlowContext) {
        let base = engine.context(
            username: parameters.username, correlationId: parameters.correlationId, scopes: parameters.scopes ?? [],
            claims: parameters.claimsRequest?.jsonString())
        let flow = V2FlowContext(base: base, options: v2Options, scenario: .signIn)
        return (V2SignInMachine.signIn(flow: flow, password: parameters.password), flow)
    }
}

