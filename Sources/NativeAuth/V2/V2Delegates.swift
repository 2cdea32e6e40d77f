import Foundation

/// The base of every V2 delegate (spec native-auth-v2 §3.1): the flow's end, success or failure.
@MainActor
public protocol MSALNativeAuthFlowDelegate: AnyObject {
    /// Tokens were received and cached.
    func onFlowCompleted(result: MSALNativeAuthUserAccountResult, scenario: MSALNativeAuthFlowScenario)
    /// The flow failed. A missing per-state protocol also lands here, with `isNotImplemented`.
    func onFlowError(error: MSALNativeAuthFlowError, scenario: MSALNativeAuthFlowScenario)
}

/// Opt-in: a code was sent.
@MainActor
public protocol MSALNativeAuthCodeRequiredDelegate: MSALNativeAuthFlowDelegate {
    func onCodeRequired(newState: MSALNativeAuthCodeRequiredState, scenario: MSALNativeAuthFlowScenario)
}

/// Opt-in: a password is needed.
@MainActor
public protocol MSALNativeAuthPasswordRequiredDelegate: MSALNativeAuthFlowDelegate {
    func onPasswordRequired(newState: MSALNativeAuthPasswordRequiredState, scenario: MSALNativeAuthFlowScenario)
}

/// Opt-in: a method must be chosen (first factor with several methods, or MFA).
@MainActor
public protocol MSALNativeAuthAuthMethodSelectionRequiredDelegate: MSALNativeAuthFlowDelegate {
    func onAuthMethodSelectionRequired(
        authMethods: [MSALAuthMethod], newState: MSALNativeAuthAuthMethodSelectionRequiredState,
        scenario: MSALNativeAuthFlowScenario)
}

/// Opt-in: a second-factor code was sent.
@MainActor
public protocol MSALNativeAuthMFAVerificationRequiredDelegate: MSALNativeAuthFlowDelegate {
    func onMFAVerificationRequired(
        newState: MSALNativeAuthMFAVerificationRequiredState, scenario: MSALNativeAuthFlowScenario)
}

/// Opt-in (sign-up): attributes are needed.
@MainActor
public protocol MSALNativeAuthAttributesRequiredDelegate: MSALNativeAuthFlowDelegate {
    func onAttributesRequired(
        attributes: [MSALNativeAuthRequiredAttribute], newState: MSALNativeAuthAttributesRequiredState,
        scenario: MSALNativeAuthFlowScenario)
}

/// Opt-in (sign-up): the account exists; sign in from the state.
@MainActor
public protocol MSALNativeAuthSignInAfterSignUpRequiredDelegate: MSALNativeAuthFlowDelegate {
    func onSignInAfterSignUpRequired(newState: MSALNativeAuthSignInAfterSignUpState, scenario: MSALNativeAuthFlowScenario)
}

/// Opt-in (password reset): the new password is needed.
@MainActor
public protocol MSALNativeAuthNewPasswordRequiredDelegate: MSALNativeAuthFlowDelegate {
    func onNewPasswordRequired(newState: MSALNativeAuthNewPasswordRequiredState, scenario: MSALNativeAuthFlowScenario)
}

/// Opt-in (password reset): the password was changed; sign in from the state.
@MainActor
public protocol MSALNativeAuthSignInAfterResetPasswordRequiredDelegate: MSALNativeAuthFlowDelegate {
    func onSignInAfterResetPasswordRequired(
        newState: MSALNativeAuthSignInAfterResetPasswordState, scenario: MSALNativeAuthFlowScenario)
}

/// Calls the delegate method for a result; a delegate without the needed per-state protocol gets
/// `onFlowError` with `isNotImplemented` naming the protocol (spec §3.1, §3.4 K).
@MainActor
enum V2Dispatch {
    static func dispatch(
        _ result: MSALNativeAuthV2Result, to delegate: any MSALNativeAuthFlowDelegate,
        scenario: MSALNativeAuthFlowScenario, correlationId: UUID
    ) -> Outcome {
        func missing(_ name: String) -> Outcome {
            let error = MSALNativeAuthFlowError(
                .notImplemented, message: "The delegate does not conform to \(name)", correlationId: correlationId)
            delegate.onFlowError(error: error, scenario: scenario)
            return MSALNativeAuthV2Result.error(error).outcome
        }
        switch result {
        case .completed(let account):
            delegate.onFlowCompleted(result: account, scenario: scenario)
        case .error(let error):
            delegate.onFlowError(error: error, scenario: scenario)
        case .codeRequired(let state):
            guard let target = delegate as? any MSALNativeAuthCodeRequiredDelegate else {
                return missing("MSALNativeAuthCodeRequiredDelegate")
            }
            target.onCodeRequired(newState: state, scenario: scenario)
        case .passwordRequired(let state):
            guard let target = delegate as? any MSALNativeAuthPasswordRequiredDelegate else {
                return missing("MSALNativeAuthPasswordRequiredDelegate")
            }
            target.onPasswordRequired(newState: state, scenario: scenario)
        case .authMethodSelectionRequired(let state):
            guard let target = delegate as? any MSALNativeAuthAuthMethodSelectionRequiredDelegate else {
                return missing("MSALNativeAuthAuthMethodSelectionRequiredDelegate")
            }
            target.onAuthMethodSelectionRequired(authMethods: state.authMethods, newState: state, scenario: scenario)
        case .mfaVerificationRequired(let state):
            guard let target = delegate as? any MSALNativeAuthMFAVerificationRequiredDelegate else {
                return missing("MSALNativeAuthMFAVerificationRequiredDelegate")
            }
            target.onMFAVerificationRequired(newState: state, scenario: scenario)
        case .attributesRequired(let state):
            guard let target = delegate as? any MSALNativeAuthAttributesRequiredDelegate else {
                return missing("MSALNativeAuthAttributesRequiredDelegate")
            }
            target.onAttributesRequired(attributes: state.attributes, newState: state, scenario: scenario)
        case .signInAfterSignUpRequired(let state):
            guard let target = delegate as? any MSALNativeAuthSignInAfterSignUpRequiredDelegate else {
                return missing("MSALNativeAuthSignInAfterSignUpRequiredDelegate")
            }
            target.onSignInAfterSignUpRequired(newState: state, scenario: scenario)
        case .newPasswordRequired(let state):
            guard let target = delegate as? any MSALNativeAuthNewPasswordRequiredDelegate else {
                return missing("MSALNativeAuthNewPasswordRequiredDelegate")
            }
            target.onNewPasswordRequired(newState: state, scenario: scenario)
        case .signInAfterResetPasswordRequired(let state):
            guard let target = delegate as? any MSALNativeAuthSignInAfterResetPasswordRequiredDelegate else {
                return missing("MSALNativeAuthSignInAfterResetPasswordRequiredDelegate")
            }
            target.onSignInAfterResetPasswordRequired(newState: state, scenario: scenario)
        }
        return result.outcome
    }
}

extension V2FlowContext {
    /// Runs `machine` in a new task, then dispatches its result to `delegate` on the main actor and
    /// reports the outcome the delegate actually received.
    func launch<M: V2Machine>(_ machine: M, delegate: any MSALNativeAuthFlowDelegate) {
        let box = UncheckedBox(value: delegate)
        let flow = self
        Task {
            let result = await V2Driver.run(machine, flow: flow)
            await MainActor.run {
                let delivered = V2Dispatch.dispatch(
                    result, to: box.value, scenario: flow.scenario, correlationId: flow.correlationId)
                flow.engine.dispatchObserver?(delivered)
            }
        }
    }
}
