import Foundation

/// The "delegate method not implemented" path of client-behaviour.md §3.1. Default implementations of
/// optional delegate methods record their name here; the dispatcher then calls the protocol's required
/// error callback with a general error naming the method, and no new state.
@MainActor
enum DelegateFallback {
    private static var missing: String?

    static func note(_ method: String) { missing = method }

    static func take() -> String? {
        defer { missing = nil }
        return missing
    }

    /// MSAL's message template, filled with the method name.
    static func message(_ method: String) -> String {
        "MSALNativeAuth has called the delegate method \(method) that has not been implemented"
    }
}

/// Success callbacks shared by every sign-in ending (declared once so that a class adopting several
/// delegates gets one default).
@MainActor
public protocol SignInCompletedCallbacks: AnyObject {
    /// Tokens were received and cached.
    func onSignInCompleted(result: MSALNativeAuthUserAccountResult)
}

extension SignInCompletedCallbacks {
    /// Default: reports "not implemented" through the delegate's error callback (§3.1).
    public func onSignInCompleted(result: MSALNativeAuthUserAccountResult) {
        DelegateFallback.note("onSignInCompleted")
    }
}

/// Success callbacks shared by the sign-in steps that may lead to MFA or strong-auth registration.
@MainActor
public protocol SignInNextStepCallbacks: SignInCompletedCallbacks {
    /// A second factor is needed; pick one of `authMethods`.
    func onSignInAwaitingMFA(authMethods: [MSALAuthMethod], newState: AwaitingMFAState)
    /// A strong-auth method must be registered first.
    func onSignInStrongAuthMethodRegistration(authMethods: [MSALAuthMethod], newState: RegisterStrongAuthState)
}

extension SignInNextStepCallbacks {
    /// Default: reports "not implemented" (§3.1).
    public func onSignInAwaitingMFA(authMethods: [MSALAuthMethod], newState: AwaitingMFAState) {
        DelegateFallback.note("onSignInAwaitingMFA")
    }
    /// Default: reports "not implemented" (§3.1).
    public func onSignInStrongAuthMethodRegistration(authMethods: [MSALAuthMethod], newState: RegisterStrongAuthState) {
        DelegateFallback.note("onSignInStrongAuthMethodRegistration")
    }
}

/// Success callbacks shared by the sign-up steps after the code.
@MainActor
public protocol SignUpCompletedCallbacks: AnyObject {
    /// The account was created.
    func onSignUpCompleted(newState: SignInAfterSignUpState)
    /// The server needs (more) attributes.
    func onSignUpAttributesRequired(attributes: [MSALNativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
}

extension SignUpCompletedCallbacks {
    /// Default: reports "not implemented" (§3.1).
    public func onSignUpCompleted(newState: SignInAfterSignUpState) {
        DelegateFallback.note("onSignUpCompleted")
    }
    /// Default: reports "not implemented" (§3.1).
    public func onSignUpAttributesRequired(
        attributes: [MSALNativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState
    ) {
        DelegateFallback.note("onSignUpAttributesRequired")
    }
}

extension NativeAuthEngine {
    /// Runs `machine` in a new task, then dispatches its result to the delegate on the main actor (where
    /// MSAL calls delegates) and reports the outcome the delegate actually received.
    func launch<M: FlowMachine & Sendable, D>(
        _ machine: M, correlationId: UUID, delegate: D,
        dispatch: @escaping @MainActor @Sendable (M.Result, D, UUID) -> Outcome
    ) {
        let box = UncheckedBox(value: delegate)
        Task {
            let result = await self.run(machine, correlationId: correlationId)
            await MainActor.run {
                let delivered = dispatch(result, box.value, correlationId)
                self.dispatchObserver?(delivered)
            }
        }
    }
}
