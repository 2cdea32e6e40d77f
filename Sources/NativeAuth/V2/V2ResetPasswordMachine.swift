import Foundation
import NativeAuthWire

/// The V2 password reset (spec native-auth-v2 §3.4 H): O1, O5, the code (O6, O8), the new password (PUT
/// O11) and the poll (O12), ending in a SignInAfterResetPassword state.
struct V2ResetPasswordMachine: V2Machine {
    enum Phase: Sendable {
        case authorize
        /// O5 sent.
        case resetStart
        /// O6 (or O13 after it) sent.
        case challenge(riskChecked: Bool)
        /// O8 sent.
        case submitCode
        /// O7 sent.
        case resend
        /// O11 sent.
        case submitNewPassword
        /// Waiting before, or having sent, poll `attempt` (1-based) to `href` with `token`.
        case polling(attempt: Int, token: String, href: String)
    }

    /// MSAL iOS polls up to five times, 1.5 s apart.
    static let pollAttempts = 5
    static let pollInterval = 1.5

    let flow: V2FlowContext
    var phase: Phase
    private let opening: V2Step

    private init(flow: V2FlowContext, phase: Phase, opening: V2Step) {
        self.flow = flow
        self.phase = phase
        self.opening = opening
    }

    mutating func start() -> V2Step { opening }

    static func resetPassword(flow: V2FlowContext) -> V2ResetPasswordMachine {
        V2ResetPasswordMachine(flow: flow, phase: .authorize, opening: .send(flow.authorizeStart))
    }

    static func submitCode(flow: V2FlowContext, _ verification: V2Verification, code: String) -> V2ResetPasswordMachine {
        V2ResetPasswordMachine(flow: flow, phase: .submitCode,
                               opening: .send(V2SignInMachine.verifyCall(verification, V2Key.otp, code)))
    }

    static func resendCode(flow: V2FlowContext, _ verification: V2Verification) -> V2ResetPasswordMachine {
        guard let href = verification.resendHref else {
            return V2ResetPasswordMachine(flow: flow, phase: .resend, opening: .finish(flow.general("Missing resend link")))
        }
        return V2ResetPasswordMachine(flow: flow, phase: .resend,
                                      opening: .send(V2SignInMachine.challengeCall(href, verification.token)))
    }

    /// O11: a `PUT` of the new password.
    static func submitNewPassword(flow: V2FlowContext, token: String, href: String, password: String) -> V2ResetPasswordMachine {
        let call = V2Call(method: "PUT", target: .link(href), body: .json([
            V2JSONMember(V2Key.continuationToken, token), V2JSONMember(V2Key.newPassword, password),
        ]))
        return V2ResetPasswordMachine(flow: flow, phase: .submitNewPassword, opening: .send(call))
    }

    mutating func waited() -> V2Step {
        guard case .polling(_, let token, let href) = phase else { return .finish(flow.general(V2Text.unexpectedResponse)) }
        return .send(V2SignInMachine.challengeCall(href, token))
    }

    mutating func receive(_ answer: V2Answer) -> V2Step {
        if case .authorize = phase {
            switch V2Entry.read(answer, flow: flow, relation: .resetPasswordFlat) {
            case .failure(let failure): return .finish(failure.result)
            case .success(let entry):
                phase = .resetStart
                return .send(.post(entry.link, [
                    V2JSONMember(V2Key.username, flow.username), V2JSONMember(V2Key.continuationToken, entry.token),
                ]))
            }
        }
        let interaction = V2Interaction.interpret(answer)
        switch (phase, interaction) {
        case (.resetStart, .challenge(let token, _, let methods)):
            // Only email and SMS can reset a password; one is challenged at once, several are offered.
            let usable = methods.filter { $0.type == V2MethodType.email.rawValue || $0.type == V2MethodType.sms.rawValue }
            guard let first = usable.first, let href = first.challengeHref else {
                return .finish(flow.general("noSupportedAuthMethodAvailable"))
            }
            if usable.count > 1 {
                return .finish(.authMethodSelectionRequired(MSALNativeAuthAuthMethodSelectionRequiredState(
                    flow: flow, token: token, factor: .singleFactor, methods: usable)))
            }
            phase = .challenge(riskChecked: false)
            return .send(V2SignInMachine.challengeCall(href, token))
        case (.challenge, .verify(let verification)):
            // Only an email or SMS code resets a password (§3.4 H); a password or an unknown type is a general error.
            guard V2Interaction.isCodeChannel(verification.type) else { break }
            return .finish(.codeRequired(MSALNativeAuthCodeRequiredState(flow: flow, verification: verification)))
        case (.resend, .verify(let verification)):
            // O7 (§3.4 E row E2): an SMS code is a general error under 2.16–2.17.
            guard flow.options.isFirstFactorCodeChannel(verification.type) else { break }
            return .finish(.codeRequired(MSALNativeAuthCodeRequiredState(flow: flow, verification: verification)))
        case (.challenge(false), .riskVerify(let token, let href)):
            phase = .challenge(riskChecked: true)
            return .send(V2SignInMachine.challengeCall(href, token))
        case (.submitCode, .update(let token, let href)):
            return .finish(.newPasswordRequired(MSALNativeAuthNewPasswordRequiredState(flow: flow, token: token, href: href)))
        case (.submitCode, .continueFlow(let token)):
            return .finish(.signInAfterResetPasswordRequired(
                MSALNativeAuthSignInAfterResetPasswordState(flow: flow, continuationToken: token)))
        case (.submitNewPassword, .poll(let token, let href)):
            phase = .polling(attempt: 1, token: token, href: href)
            return .wait(seconds: Self.pollInterval)
        case (.polling(let attempt, _, _), .poll(let token, let href)):
            guard attempt < Self.pollAttempts else {
                return .finish(flow.general("Password reset did not complete in time"))
            }
            phase = .polling(attempt: attempt + 1, token: token, href: href)
            return .wait(seconds: Self.pollInterval)
        case (.polling, .continueFlow(let token)):
            return .finish(.signInAfterResetPasswordRequired(
                MSALNativeAuthSignInAfterResetPasswordState(flow: flow, continuationToken: token)))
        case (.resetStart, .failure(.userNotFound, let body)):
            return .finish(flow.error(.userNotFound, body))
        case (.resetStart, _):
            // §3.4 H (as A): at O5 only AADSTS50034 is mapped; a web fallback or another error is a general error.
            if case .failure(_, let body) = interaction { return .finish(flow.error(.generalError, body)) }
            if case .webFallback = interaction { return .finish(flow.general(V2Text.unexpectedResponse)) }
        case (.submitCode, .failure(_, let body)) where V2Interaction.isOtherInvalidGrant(body):
            return .finish(flow.error(.generalError, body))
        default: break
        }
        switch interaction {
        case .webFallback: return .finish(.error(MSALNativeAuthFlowError(.browserRequired, correlationId: flow.correlationId)))
        case .failure(let kind, let body): return .finish(flow.error(kind, body))
        case .malformed(let message): return .finish(flow.general(message))
        default: return .finish(flow.general(V2Text.unexpectedResponse))
        }
    }
}
