import Foundation

/// A sign-in code was sent: submit it or ask for another.
public final class SignInCodeRequiredState: MSALNativeAuthBaseState, @unchecked Sendable {
    /// Sends another code.
    public func resendCode(delegate: any SignInResendCodeDelegate) {
        engine.launch(SignInResendCodeMachine(context: context, token: continuationToken),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Submits the code.
    public func submitCode(code: String, delegate: any SignInVerifyCodeDelegate) {
        engine.launch(SignInSubmitMachine.code(context: context, token: continuationToken, code: code),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Sends another code (async form).
    public func resendCode() async -> SignInResendCodeResult {
        await engine.run(SignInResendCodeMachine(context: context, token: continuationToken), correlationId: correlationId)
    }

    /// Submits the code (async form).
    public func submitCode(code: String) async -> SignInVerifyCodeResult {
        await engine.run(SignInSubmitMachine.code(context: context, token: continuationToken, code: code),
                         correlationId: correlationId)
    }
}

/// The server wants the password.
public final class SignInPasswordRequiredState: MSALNativeAuthBaseState, @unchecked Sendable {
    /// Submits the password.
    public func submitPassword(password: String, delegate: any SignInPasswordRequiredDelegate) {
        engine.launch(SignInSubmitMachine.password(context: context, token: continuationToken, password: password),
                      correlationId: correlationId, delegate: delegate) { $0.dispatch(to: $1, correlationId: $2) }
    }

    /// Submits the password (async form).
    public func submitPassword(password: String) async -> SignInPasswordRequiredResult {
        await engine.run(SignInSubmitMachine.password(context: context, token: continuationToken, password: password),
                         correlationId: correlationId)
    }
}

/// Sign-up finished: sign in with the token it returned (nil when the server sent none).
public final class SignInAfterSignUpState: SignInAfterPreviousFlowBaseState, @unchecked Sendable {
    /// Signs in without asking for credentials again.
    public func signIn(parameters: MSALNativeAuthSignInAfterSignUpParameters, delegate: any SignInAfterSignUpDelegate) {
        let machine = SignInAfterPreviousFlowMachine<SignInAfterSignUpResult>(
            context: context.with(scopes: parameters.scopes, claims: parameters.claimsRequest), token: continuationToken)
        context.engine.launch(machine, correlationId: correlationId, delegate: delegate) {
            $0.dispatch(to: $1, correlationId: $2)
        }
    }

    /// Signs in (async form).
    public func signIn(scopes: [String]? = nil, claimsRequest: MSALClaimsRequest? = nil) async -> SignInAfterSignUpResult {
        let machine = SignInAfterPreviousFlowMachine<SignInAfterSignUpResult>(
            context: context.with(scopes: scopes, claims: claimsRequest), token: continuationToken)
        return await context.engine.run(machine, correlationId: correlationId)
    }
}

/// Password reset finished: sign in with the token it returned (nil when the server sent none).
public final class SignInAfterResetPasswordState: SignInAfterPreviousFlowBaseState, @unchecked Sendable {
    /// Signs in with the new password's flow token.
    public func signIn(
        parameters: MSALNativeAuthSignInAfterResetPasswordParameters, delegate: any SignInAfterResetPasswordDelegate
    ) {
        let machine = SignInAfterPreviousFlowMachine<SignInAfterResetPasswordResult>(
            context: context.with(scopes: parameters.scopes, claims: parameters.claimsRequest), token: continuationToken)
        context.engine.launch(machine, correlationId: correlationId, delegate: delegate) {
            $0.dispatch(to: $1, correlationId: $2)
        }
    }

    /// Signs in (async form).
    public func signIn(scopes: [String]? = nil, claimsRequest: MSALClaimsRequest? = nil) async
        -> SignInAfterResetPasswordResult
    {
        let machine = SignInAfterPreviousFlowMachine<SignInAfterResetPasswordResult>(
            context: context.with(scopes: scopes, claims: claimsRequest), token: continuationToken)
        return await context.engine.run(machine, correlationId: correlationId)
    }
}

extension FlowContext {
    func with(scopes: [String]?, claims: MSALClaimsRequest?) -> FlowContext {
        var copy = self
        copy.scopes = scopes ?? []
        copy.claims = claims?.jsonString()
        return copy
    }
}
