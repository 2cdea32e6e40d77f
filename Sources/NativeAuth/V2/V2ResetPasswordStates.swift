import Foundation

/// Password reset: choose the new password (O11, a `PUT`).
public final class MSALNativeAuthNewPasswordRequiredState: MSALNativeAuthState, @unchecked Sendable {
    let href: String

    init(flow: V2FlowContext, token: String, href: String) {
        self.href = href
        super.init(flow: flow, continuationToken: token)
    }

    /// Submits the new password; results go to `delegate` on the main actor.
    public func submitNewPassword(password: String, delegate: any MSALNativeAuthFlowDelegate) {
        launch(machine(password), delegate: delegate)
    }

    /// Submits the new password and returns the result (after the poll).
    public func submitNewPassword(password: String) async -> MSALNativeAuthV2Result {
        await run(machine(password))
    }

    private func machine(_ password: String) -> V2ResetPasswordMachine {
        .submitNewPassword(flow: flow, token: continuationToken, href: href, password: password)
    }
}

/// Parameters of `resetPasswordV2` (spec native-auth-v2 §3.1).
public final class MSALNativeAuthResetPasswordParametersV2 {
    /// The user's email.
    public var username: String
    /// Extra scopes for the sign-in after the reset.
    public var scopes: [String]?
    /// The correlation id; one is generated when nil.
    public var correlationId: UUID?
    /// Creates parameters for `username`.
    public init(username: String) { self.username = username }
}

extension MSALNativeAuthPublicClientApplication {
    /// Starts a V2 password reset; results go to `delegate` on the main actor.
    public func resetPasswordV2(parameters: MSALNativeAuthResetPasswordParametersV2, delegate: any MSALNativeAuthFlowDelegate) {
        let flow = resetPasswordV2Flow(parameters)
        flow.launch(V2ResetPasswordMachine.resetPassword(flow: flow), delegate: delegate)
    }

    /// Starts a V2 password reset and returns the result of its first user-facing step.
    public func resetPasswordV2(parameters: MSALNativeAuthResetPasswordParametersV2) async -> MSALNativeAuthV2Result {
        let flow = resetPasswordV2Flow(parameters)
        return await V2Driver.run(V2ResetPasswordMachine.resetPassword(flow: flow), flow: flow)
    }

    private func resetPasswordV2Flow(_ parameters: MSALNativeAuthResetPasswordParametersV2) -> V2FlowContext {
        let base = engine.context(
            username: parameters.username, correlationId: parameters.correlationId, scopes: parameters.scopes ?? [])
        return V2FlowContext(base: base, options: v2Options, scenario: .passwordReset)
    }
}
