import Foundation
import NativeAuthWire

/// The V2 sign-up (spec native-auth-v2 §3.4 G): O1, O4, then attributes (O10), the email code (O8) and
/// the password as an attribute, ending in a SignInAfterSignUp state.
struct V2SignUpMachine: V2Machine {
    enum Phase: Sendable {
        /// O1 sent.
        case authorize
        /// O4 sent; a first `collectAttributes` is answered with every up-front value.
        case signUpStart
        /// O8 or O10 sent.
        case step
        /// O7 sent.
        case resend
    }

    var flow: V2FlowContext
    var phase: Phase
    private let opening: V2Step
    /// `email` = username, the password (2.17 profile), then the app's attributes sorted by name.
    private let upfront: [(key: String, value: String)]

    private init(flow: V2FlowContext, phase: Phase, opening: V2Step, upfront: [(key: String, value: String)] = []) {
        self.flow = flow
        self.phase = phase
        self.opening = opening
        self.upfront = upfront
    }

    mutating func start() -> V2Step { opening }

    static func signUp(flow: V2FlowContext, password: String?, attributes: [String: String]) -> V2SignUpMachine {
        var values: [(key: String, value: String)] = [(V2Key.emailAttribute, flow.username)]
        if flow.options.sendsUpfrontPassword, let password, !password.isEmpty { values.append((V2Key.password, password)) }
        values += attributes.sorted { $0.key < $1.key }.filter { $0.key != V2Key.emailAttribute && $0.key != V2Key.password }
            .map { ($0.key, $0.value) }
        return V2SignUpMachine(flow: flow, phase: .authorize, opening: .send(flow.authorizeStart), upfront: values)
    }

    static func submitCode(flow: V2FlowContext, _ verification: V2Verification, code: String) -> V2SignUpMachine {
        V2SignUpMachine(flow: flow, phase: .step, opening: .send(V2SignInMachine.verifyCall(verification, V2Key.otp, code)))
    }

    static func resendCode(flow: V2FlowContext, _ verification: V2Verification) -> V2SignUpMachine {
        guard let href = verification.resendHref else {
            return V2SignUpMachine(flow: flow, phase: .resend, opening: .finish(flow.general("Missing resend link")))
        }
        return V2SignUpMachine(flow: flow, phase: .resend, opening: .send(V2SignInMachine.challengeCall(href, verification.token)))
    }

    /// O10 with `attributes` (the password travels as `attributes.password`).
    static func submitAttributes(flow: V2FlowContext, token: String, href: String, _ attributes: [(key: String, value: String)])
        -> V2SignUpMachine
    {
        var flow = flow
        flow.sentAttributes += attributes.map(\.key)
        return V2SignUpMachine(flow: flow, phase: .step, opening: .send(attributesCall(href, token, attributes)))
    }

    static func attributesCall(_ href: String, _ token: String, _ attributes: [(key: String, value: String)]) -> V2Call {
        .post(href, [V2JSONMember(V2Key.continuationToken, token), V2JSONMember(V2Key.attributes, object: attributes)])
    }

    mutating func receive(_ answer: V2Answer) -> V2Step {
        switch phase {
        case .authorize:
            switch V2Entry.read(answer, flow: flow, relation: .signUpFlat) {
            case .failure(let failure): return .finish(failure.result)
            case .success(let entry):
                phase = .signUpStart
                // 2.18.1 sends the username at sign-up start (§3.5).
                return .send(.post(entry.link, [
                    V2JSONMember(V2Key.continuationToken, entry.token), V2JSONMember(V2Key.username, flow.username),
                ]))
            }
        case .signUpStart:
            let interaction = V2Interaction.interpret(answer)
            if case .collectAttributes(let token, _, let href) = interaction {
                phase = .step
                flow.sentAttributes = upfront.map(\.key)
                return .send(Self.attributesCall(href, token, upfront))
            }
            return step(interaction)
        case .step: return step(V2Interaction.interpret(answer))
        case .resend:
            let interaction = V2Interaction.interpret(answer)
            if case .verify(let verification) = interaction, verification.type == V2MethodType.email.rawValue {
                return .finish(.codeRequired(MSALNativeAuthCodeRequiredState(flow: flow, verification: verification)))
            }
            return fallback(interaction)
        }
    }

    /// The answers after O4, O8 and O10.
    private func step(_ interaction: V2Interaction) -> V2Step {
        switch interaction {
        case .collectAttributes(let token, let attributes, let href):
            let ids = attributes.map(\.id)
            let repeated = ids.filter {
                flow.sentAttributes.contains($0) || $0 == V2Key.emailAttribute
                    || ($0 == V2Key.password && !flow.options.signUpCollectsPassword)
            }
            guard repeated.isEmpty else {
                return .finish(flow.general("Attributes already submitted or cannot be collected: \(repeated.joined(separator: ", "))"))
            }
            if ids == [V2Key.password] {
                let verification = V2Verification(token: token, type: V2MethodType.password.rawValue, hint: nil,
                                                  codeLength: 0, verifyHref: href, resendHref: nil)
                return .finish(.passwordRequired(MSALNativeAuthPasswordRequiredState(flow: flow, verification: verification)))
            }
            return .finish(.attributesRequired(
                MSALNativeAuthAttributesRequiredState(flow: flow, token: token, href: href, attributes: attributes)))
        case .verify(let verification) where verification.type == V2MethodType.email.rawValue:
            return .finish(.codeRequired(MSALNativeAuthCodeRequiredState(flow: flow, verification: verification)))
        case .continueFlow(let token):
            return .finish(.signInAfterSignUpRequired(MSALNativeAuthSignInAfterSignUpState(flow: flow, continuationToken: token)))
        case .failure(_, let body?) where flow.options.signUpSpecificErrors && Self.isUserAlreadyExists(body):
            // §3.4 G (uncertain): the skipped sign-up E2E expects isUserAlreadyExists for AADSTS1003037.
            return .finish(flow.error(.userAlreadyExists, body))
        case .failure(_, let body?) where flow.options.signUpSpecificErrors && Self.isInvalidUsername(body):
            // §3.4 G (uncertain): the skipped sign-up E2E expects isInvalidUsername for AADSTS90100 on the username.
            return .finish(flow.error(.invalidUsername, body))
        case .failure(_, let body?) where body.innerCode == V2ErrorCode.attributeValidationError.rawValue:
            // 2.18.1 adds isInvalidAttributes for attribute failures (names in the description); a failure
            // naming only the password stays a general error (§1.6: no iOS test, §3.3 r2).
            let names = body.detailAttributeIds
            let passwordOnly = !names.isEmpty && names.allSatisfy { $0 == V2Key.password }
            guard flow.options.hasInvalidAttributes, !passwordOnly else {
                return .finish(flow.error(.generalError, body))
            }
            return .finish(.error(MSALNativeAuthFlowError(
                .invalidAttributes, message: "Invalid attributes: \(names.joined(separator: ", "))",
                correlationId: flow.correlationId, errorCodes: body.aadsts)))
        default: return fallback(interaction)
        }
    }

    /// AADSTS1003037 or a `userAlreadyExists` detail (§1.6).
    static func isUserAlreadyExists(_ body: V2ErrorBody) -> Bool {
        body.aadsts.contains(V2AADSTS.userAlreadyExists)
            || body.detailCodes.contains(V2ErrorCode.userAlreadyExists.rawValue)
    }

    /// AADSTS90100 whose message names the username (§1.6; the same code about the continuation token is a plain error).
    static func isInvalidUsername(_ body: V2ErrorBody) -> Bool {
        body.aadsts.contains(V2AADSTS.invalidParameter) && body.message?.lowercased().contains("username") == true
    }

    private func fallback(_ interaction: V2Interaction) -> V2Step {
        switch interaction {
        case .webFallback: return .finish(.error(MSALNativeAuthFlowError(.browserRequired, correlationId: flow.correlationId)))
        case .failure(let kind, let body): return .finish(flow.error(kind, body))
        case .malformed(let message): return .finish(flow.general(message))
        default: return .finish(flow.general(V2Text.unexpectedResponse))
        }
    }
}

/// O2 then O17 from a state's continuation token (SignInAfterSignUp).
struct V2ResumeMachine: V2Machine {
    let token: String
    var completion: V2Completion

    init(flow: V2FlowContext, token: String) {
        self.token = token
        completion = V2Completion(flow: flow)
    }

    mutating func start() -> V2Step { .send(V2Completion.resume(token)) }
    mutating func receive(_ answer: V2Answer) -> V2Step { completion.receive(answer) }
}
