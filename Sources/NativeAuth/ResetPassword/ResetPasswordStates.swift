import Foundation

/// A reset code was sent: submit it or ask for another.
public final class ResetPasswordCodeRequiredState: MSALNativeAuthBaseState, @unchecked Sendable {
    /// Sends another code.
    public func resendCode(delegate: any ResetPasswordResendCodeDelegate) {
        engine.launch(ResetPasswordResendCodeMachine(context: context, token: continuationToken),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Submits the code.
    public func submitCode(code: String, delegate: any ResetPasswordVerifyCodeDelegate) {
        engine.launch(ResetPasswordSubmitCodeMachine(context: context, token: continuationToken, code: code),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Sends another code (async form).
    public func resendCode() async -> ResetPasswordResendCodeResult {
        await engine.run(ResetPasswordResendCodeMachine(context: context, token: continuationToken),
                         correlationId: correlationId)
    }

    /// Submits the code (async form).
    public func submitCode(code: String) async -> ResetPasswordVerifyCodeResult {
        await engine.run(ResetPasswordSubmitCodeMachine(context: context, token: continuationToken, code: code),
                         correlationId: correlationId)
    }
}

/// The code was accepted: submit the new password.
public final class ResetPasswordRequiredState: MSALNativeAuthBaseState, @unchecked Sendable {
    /// Submits the new password, then polls until the change completes.
    public func submitPassword(password: String, delegate: any ResetPasswordRequiredDelegate) {
        engine.launch(ResetPasswordSubmitMachine(context: context, token: continuationToken, password: password),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Submits the new password (async form).
    public func submitPassword(password: String) async -> ResetPasswordRequiredResult {
        await engine.run(ResetPasswordSubmitMachine(context: context, token: continuationToken, password: password),
                         correlationId: correlationId)
    }
}
