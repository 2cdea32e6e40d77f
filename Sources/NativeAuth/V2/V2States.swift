import Foundation
import NativeAuthWire

/// Base of the V2 states (spec native-auth-v2 §3.1). States are immutable: a failed submit hands back
/// no state, and calling a method again re-sends the same continuation token to the same href.
public class MSALNativeAuthState: @unchecked Sendable {
    let flow: V2FlowContext
    let continuationToken: String

    init(flow: V2FlowContext, continuationToken: String) {
        self.flow = flow
        self.continuationToken = continuationToken
    }

    /// The flow's correlation id.
    public var correlationId: UUID { flow.correlationId }
    /// The journey this state belongs to.
    public var scenario: MSALNativeAuthFlowScenario { flow.scenario }

    /// The sign-in, sign-up or password-reset machine, as the state's scenario says.
    func pick(
        signIn: @autoclosure () -> V2SignInMachine, signUp: @autoclosure () -> V2SignUpMachine,
        reset: @autoclosure () -> V2ResetPasswordMachine
    ) -> any V2Machine {
        switch flow.scenario {
        case .signUp: signUp()
        case .passwordReset: reset()
        case .signIn, .unknown: signIn()
        }
    }

    func run(_ machine: any V2Machine) async -> MSALNativeAuthV2Result { await V2Driver.run(machine, flow: flow) }
    func launch(_ machine: any V2Machine, delegate: any MSALNativeAuthFlowDelegate) { flow.launch(machine, delegate: delegate) }
}

/// A state made from a `verify` answer (§3.3 r6): a code was sent to `sentTo` over `channel`. The
/// first- and second-factor code states share it.
public class MSALNativeAuthVerificationState: MSALNativeAuthState, @unchecked Sendable {
    /// The masked contact.
    public let sentTo: String
    /// The channel (`email`, `sms`).
    public let channel: MSALNativeAuthChannelType
    /// The code length, 0 when the server gave none.
    public let codeLength: Int
    let verification: V2Verification

    init(flow: V2FlowContext, verification: V2Verification) {
        self.verification = verification
        sentTo = verification.hint ?? ""
        channel = MSALNativeAuthChannelType(value: verification.type)
        codeLength = verification.codeLength
        super.init(flow: flow, continuationToken: verification.token)
    }
}

/// A code was sent to `sentTo` over `channel`: submit it, or ask for a new one.
public final class MSALNativeAuthCodeRequiredState: MSALNativeAuthVerificationState, @unchecked Sendable {

    /// Submits the code (O8); results go to `delegate` on the main actor.
    public func submitCode(code: String, delegate: any MSALNativeAuthFlowDelegate) {
        launch(codeMachine(code), delegate: delegate)
    }

    /// Submits the code (O8) and returns the result.
    public func submitCode(code: String) async -> MSALNativeAuthV2Result {
        await run(codeMachine(code))
    }

    /// Asks for a new code (O7); results go to `delegate` on the main actor.
    public func resendCode(delegate: any MSALNativeAuthFlowDelegate) {
        launch(resendMachine(), delegate: delegate)
    }

    /// Asks for a new code (O7) and returns the result.
    public func resendCode() async -> MSALNativeAuthV2Result {
        await run(resendMachine())
    }

    private func codeMachine(_ code: String) -> any V2Machine {
        pick(signIn: .submitCode(flow: flow, verification, code: code), signUp: .submitCode(flow: flow, verification, code: code),
             reset: .submitCode(flow: flow, verification, code: code))
    }

    private func resendMachine() -> any V2Machine {
        pick(signIn: .resendCode(flow: flow, verification), signUp: .resendCode(flow: flow, verification),
             reset: .resendCode(flow: flow, verification))
    }
}

/// The selected method is a password: submit it.
public final class MSALNativeAuthPasswordRequiredState: MSALNativeAuthState, @unchecked Sendable {
    let verification: V2Verification

    init(flow: V2FlowContext, verification: V2Verification) {
        self.verification = verification
        super.init(flow: flow, continuationToken: verification.token)
    }

    /// Submits the password (O9); results go to `delegate` on the main actor.
    public func submitPassword(password: String, delegate: any MSALNativeAuthFlowDelegate) {
        launch(passwordMachine(password), delegate: delegate)
    }

    /// Submits the password (O9) and returns the result.
    public func submitPassword(password: String) async -> MSALNativeAuthV2Result {
        await run(passwordMachine(password))
    }

    private func passwordMachine(_ password: String) -> any V2Machine {
        flow.scenario == .signUp
            ? signUpPassword(password) as any V2Machine
            : V2SignInMachine.submitPassword(flow: flow, verification, password: password)
    }

    /// Sign-up: the password goes to `submitAttributes` as `attributes.password` (§3.4 G).
    private func signUpPassword(_ password: String) -> V2SignUpMachine {
        .submitAttributes(flow: flow, token: verification.token, href: verification.verifyHref, [(V2Key.password, password)])
    }
}

/// Pick one of `authMethods`: a first-factor choice (single-use) or a second factor (MFA).
public final class MSALNativeAuthAuthMethodSelectionRequiredState: MSALNativeAuthState, @unchecked Sendable {
    /// The offered methods in server order (`challengeType` and `channelTargetType` are the method type).
    public let authMethods: [MSALAuthMethod]
    let methods: [V2Method]
    let factor: V2AuthenticationFactor
    private let consumed = Locked(false)

    init(flow: V2FlowContext, token: String, factor: V2AuthenticationFactor, methods: [V2Method]) {
        self.methods = methods
        self.factor = factor
        authMethods = methods.map {
            MSALAuthMethod(id: $0.id, challengeType: $0.type, channelTargetType: MSALNativeAuthChannelType(value: $0.type),
                           loginHint: $0.hint)
        }
        super.init(flow: flow, continuationToken: token)
    }

    /// Challenges `authMethod` (O6); results go to `delegate` on the main actor.
    public func selectAuthMethod(_ authMethod: MSALAuthMethod, delegate: any MSALNativeAuthFlowDelegate) {
        launch(machine(for: authMethod), delegate: delegate)
    }

    /// Challenges `authMethod` (O6) and returns the result.
    public func selectAuthMethod(_ authMethod: MSALAuthMethod) async -> MSALNativeAuthV2Result {
        await run(machine(for: authMethod))
    }

    /// A first-factor selection is single-use (later tests, spec §3.1); an MFA selection may be reused.
    private func machine(for authMethod: MSALAuthMethod) -> V2SignInMachine {
        if factor == .singleFactor {
            let used = consumed.withLock { used in
                defer { used = true }
                return used
            }
            if used { return .failing(flow: flow, "This authentication method selection was already used") }
        }
        return .select(flow: flow, token: continuationToken, factor: factor, method: methods.first { $0.id == authMethod.id })
    }
}

/// A second-factor code was sent to `sentTo` over `channel`: submit it, or (2.18.1) ask for a new one.
public final class MSALNativeAuthMFAVerificationRequiredState: MSALNativeAuthVerificationState, @unchecked Sendable {

    /// Submits the code (O8); results go to `delegate` on the main actor.
    public func submitChallenge(challenge: String, delegate: any MSALNativeAuthFlowDelegate) {
        flow.launch(V2SignInMachine.submitChallenge(flow: flow, verification, code: challenge), delegate: delegate)
    }

    /// Submits the code (O8) and returns the result.
    public func submitChallenge(challenge: String) async -> MSALNativeAuthV2Result {
        await run(V2SignInMachine.submitChallenge(flow: flow, verification, code: challenge))
    }

    /// Asks for a new code (O7, added in 2.18.1); results go to `delegate` on the main actor.
    public func resendChallenge(delegate: any MSALNativeAuthFlowDelegate) {
        flow.launch(V2SignInMachine.resendChallenge(flow: flow, verification), delegate: delegate)
    }

    /// Asks for a new code (O7) and returns the result.
    public func resendChallenge() async -> MSALNativeAuthV2Result {
        await run(V2SignInMachine.resendChallenge(flow: flow, verification))
    }
}
