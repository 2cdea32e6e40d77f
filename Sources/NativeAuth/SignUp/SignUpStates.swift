import Foundation

/// A sign-up code was sent: submit it or ask for another.
public final class SignUpCodeRequiredState: MSALNativeAuthBaseState, @unchecked Sendable {
    /// Sends another code.
    public func resendCode(delegate: any SignUpResendCodeDelegate) {
        engine.launch(SignUpResendCodeMachine(context: context, token: continuationToken),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Submits the code from the email.
    public func submitCode(code: String, delegate: any SignUpVerifyCodeDelegate) {
        engine.launch(SignUpVerifyCodeMachine(context: context, token: continuationToken, code: code),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Sends another code (async form).
    public func resendCode() async -> SignUpResendCodeResult {
        await engine.run(SignUpResendCodeMachine(context: context, token: continuationToken), correlationId: correlationId)
    }

    /// Submits the code (async form).
    public func submitCode(code: String) async -> SignUpVerifyCodeResult {
        await engine.run(SignUpVerifyCodeMachine(context: context, token: continuationToken, code: code),
                         correlationId: correlationId)
    }
}

/// The server wants a password for the new account.
public final class SignUpPasswordRequiredState: MSALNativeAuthBaseState, @unchecked Sendable {
    /// Submits the password.
    public func submitPassword(password: String, delegate: any SignUpPasswordRequiredDelegate) {
        engine.launch(SignUpPasswordMachine(context: context, token: continuationToken, password: password),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Submits the password (async form).
    public func submitPassword(password: String) async -> SignUpPasswordRequiredResult {
        await engine.run(SignUpPasswordMachine(context: context, token: continuationToken, password: password),
                         correlationId: correlationId)
    }
}

/// The server wants attributes before creating the account.
public final class SignUpAttributesRequiredState: MSALNativeAuthBaseState, @unchecked Sendable {
    /// Submits attributes (no client-side checks).
    public func submitAttributes(attributes: [String: Any], delegate: any SignUpAttributesRequiredDelegate) {
        let machine = SignUpAttributesMachine(
            context: context, token: continuationToken, attributesJSON: AttributeSerialisation.json(attributes))
        engine.launch(machine, correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Submits attributes (async form).
    public func submitAttributes(attributes: [String: Any]) async -> SignUpAttributesRequiredResult {
        let machine = SignUpAttributesMachine(
            context: context, token: continuationToken, attributesJSON: AttributeSerialisation.json(attributes))
        return await engine.run(machine, correlationId: correlationId)
    }
}
