import Foundation
import NativeAuthWire

/// The V2 sign-in, one value-type machine per user action (spec native-auth-v2 §3.4 A–F, K). Each entry
/// point (`signIn`, `submitPassword`, `submitCode`, `resendCode`, `select`, `submitChallenge`,
/// `resendChallenge`) opens with one request; `receive` reads the answer after MSAL iOS's rules and
/// either sends the request MSAL sends by itself or finishes with the callback's result.
struct V2SignInMachine: V2Machine {
    enum Phase: Sendable {
        /// O1 sent.
        case authorize
        /// O3 sent.
        case signInStart
        /// O6 (or O13 after it) sent for a first factor; `password` is the up-front one still usable.
        case firstFactorChallenge(password: String?, riskChecked: Bool)
        /// O9 sent.
        case submitPassword
        /// O8 sent for a first-factor code.
        case submitCode
        /// O7 sent for a first-factor code.
        case resendCode
        /// O6 (or O13 after it) sent for a second factor.
        case mfaChallenge(type: String, riskChecked: Bool)
        /// O8 sent for a second-factor code.
        case submitChallenge
        /// O7 sent for a second-factor code.
        case resendChallenge
        /// O2 / O17.
        case completing(V2Completion)
    }

    let flow: V2FlowContext
    var phase: Phase
    private let opening: V2Step
    /// The up-front password of `signIn`, when the profile uses it.
    var password: String?

    private init(flow: V2FlowContext, phase: Phase, opening: V2Step, password: String? = nil) {
        self.flow = flow
        self.phase = phase
        self.opening = opening
        self.password = password
    }

    mutating func start() -> V2Step { opening }

    // MARK: Entry points

    static func signIn(flow: V2FlowContext, password: String?) -> V2SignInMachine {
        let usable = flow.options.sendsUpfrontPassword ? password.flatMap { $0.isEmpty ? nil : $0 } : nil
        return V2SignInMachine(flow: flow, phase: .authorize, opening: .send(flow.authorizeStart), password: usable)
    }

    static func submitPassword(flow: V2FlowContext, _ verification: V2Verification, password: String) -> V2SignInMachine {
        V2SignInMachine(flow: flow, phase: .submitPassword, opening: .send(verifyCall(verification, V2Key.password, password)))
    }

    static func submitCode(flow: V2FlowContext, _ verification: V2Verification, code: String) -> V2SignInMachine {
        V2SignInMachine(flow: flow, phase: .submitCode, opening: .send(verifyCall(verification, V2Key.otp, code)))
    }

    static func submitChallenge(flow: V2FlowContext, _ verification: V2Verification, code: String) -> V2SignInMachine {
        V2SignInMachine(flow: flow, phase: .submitChallenge, opening: .send(verifyCall(verification, V2Key.otp, code)))
    }

    static func resendCode(flow: V2FlowContext, _ verification: V2Verification) -> V2SignInMachine {
        resend(flow: flow, verification, phase: .resendCode)
    }

    static func resendChallenge(flow: V2FlowContext, _ verification: V2Verification) -> V2SignInMachine {
        guard flow.options.hasResendChallenge else {
            return failing(flow: flow, "resendChallenge is not available before MSAL iOS 2.18.1")
        }
        return resend(flow: flow, verification, phase: .resendChallenge)
    }

    /// O6 on the chosen method's `challenge` link; an unknown method sends nothing (§3.4 F).
    static func select(flow: V2FlowContext, token: String, factor: V2AuthenticationFactor, method: V2Method?)
        -> V2SignInMachine
    {
        guard let method, let href = method.challengeHref, !href.isEmpty else {
            return failing(flow: flow, "Missing challenge link for the selected authentication method")
        }
        let phase: Phase = factor == .multiFactor
            ? .mfaChallenge(type: method.type, riskChecked: false)
            : .firstFactorChallenge(password: nil, riskChecked: false)
        return V2SignInMachine(flow: flow, phase: phase, opening: .send(challengeCall(href, token)))
    }

    /// A machine that ends at once in a general error, sending nothing.
    static func failing(flow: V2FlowContext, _ message: String) -> V2SignInMachine {
        V2SignInMachine(flow: flow, phase: .authorize, opening: .finish(flow.general(message)))
    }

    private static func resend(flow: V2FlowContext, _ verification: V2Verification, phase: Phase) -> V2SignInMachine {
        guard let href = verification.resendHref else { return failing(flow: flow, "Missing resend link") }
        return V2SignInMachine(flow: flow, phase: phase, opening: .send(challengeCall(href, verification.token)))
    }

    static func verifyCall(_ verification: V2Verification, _ key: String, _ secret: String) -> V2Call {
        .post(verification.verifyHref, [V2JSONMember(V2Key.continuationToken, verification.token), V2JSONMember(key, secret)])
    }

    static func challengeCall(_ href: String, _ token: String) -> V2Call {
        .post(href, [V2JSONMember(V2Key.continuationToken, token)])
    }

    // MARK: Answers

    mutating func receive(_ answer: V2Answer) -> V2Step {
        switch phase {
        case .completing(var completion):
            let step = completion.receive(answer)
            phase = .completing(completion)
            return step
        case .authorize: return receiveAuthorize(answer)
        case .signInStart: return receiveSignInStart(V2Interaction.interpret(answer))
        case .firstFactorChallenge(let password, let riskChecked):
            return receiveFirstFactorChallenge(V2Interaction.interpret(answer), password: password, riskChecked: riskChecked)
        case .submitPassword: return receiveSubmitPassword(V2Interaction.interpret(answer))
        case .submitCode: return receiveSubmitCode(V2Interaction.interpret(answer))
        case .resendCode: return receiveResendCode(V2Interaction.interpret(answer))
        case .mfaChallenge(let type, let riskChecked):
            return receiveMFAChallenge(V2Interaction.interpret(answer), type: type, riskChecked: riskChecked)
        case .submitChallenge: return receiveSubmitChallenge(V2Interaction.interpret(answer))
        case .resendChallenge: return receiveResendChallenge(V2Interaction.interpret(answer))
        }
    }

    /// `continue`: O2, then O17.
    mutating func complete(_ token: String) -> V2Step {
        phase = .completing(V2Completion(flow: flow))
        return .send(V2Completion.resume(token))
    }

    func finish(_ result: MSALNativeAuthV2Result) -> V2Step { .finish(result) }

    /// The common endings: web fallback, a mapped error, a malformed or unhandled answer.
    func fallback(_ interaction: V2Interaction, webFallbackIsBrowserRequired: Bool = true) -> V2Step {
        switch interaction {
        case .webFallback:
            return .finish(webFallbackIsBrowserRequired
                ? .error(MSALNativeAuthFlowError(.browserRequired, correlationId: flow.correlationId))
                : flow.general(V2Text.unexpectedResponse))
        case .failure(let kind, let body): return .finish(flow.error(kind, body))
        case .malformed(let message): return .finish(flow.general(message))
        default: return .finish(flow.general(V2Text.unexpectedResponse))
        }
    }
}
