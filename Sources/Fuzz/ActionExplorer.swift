import Oracle

/// Action exploration: flows made of user actions chosen from a seed, state by state. At each state
/// the explorer offers every action the public API has there (submit, resend, submitPassword after a
/// password-required callback, another attributes page, the MFA and registration choices, the
/// sign-in after a flow, getAccessToken with a forced refresh once signed in) and scripts for it answers synthesised from the protocol's example shapes
/// (native-auth-api.md §8), one class per outcome the action leads to; nothing comes from the engine.
/// The unmutated answers of every explored flow must pass the oracle (a test checks it), so the cases
/// made from them judge the engine on paths the built-in flows never take.
public struct ActionExplorer: Sendable {
    /// The seed the action choices come from.
    public let seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    /// How many explored flows `authtape fuzz` adds to the built-in ones unless told otherwise.
    public static let defaultFlowCount = 24

    /// Where an explored flow stands: which state the last result handed over.
    enum State: Hashable {
        case start, signUpCode, signUpPassword, signUpAttributes, signInCode, signInPassword, awaitingMFA, mfaRequired
        case registerStrongAuth, registerVerification, resetCode, resetRequired, afterSignUp, afterReset, signedIn, done
    }

    /// One action offered at a state: the call, its oracle step, the answers and the state it leads to.
    struct Move {
        var call: UserCall
        var step: Step
        var answers: [FuzzResponse]
        var next: State
    }

    /// `count` flows, each a walk of at most `length` actions from the start.
    public func flows(count: Int = 24, length: Int = 7) -> [FuzzFlow] {
        (0..<max(0, count)).map { flow(number: $0, length: length) }
    }

    /// Flow `number` of the seed.
    public func flow(number: Int, length: Int) -> FuzzFlow {
        var random = FuzzRandom(runSeed: seed ^ 0x6578_706C_6F72_6521, caseIndex: UInt64(number))
        var tokens = TokenMint(prefix: "X\(number)")
        var state = State.start
        var actions: [FuzzAction] = []
        var calls: [String] = []
        while state != .done, actions.count < length {
            let offered = moves(from: state, tokens: &tokens)
            guard !offered.isEmpty else { break }
            let move = offered[random.below(offered.count)]
            actions.append(FuzzAction(move.call, step: move.step, responses: move.answers))
            calls.append(move.call.method)
            state = move.next
        }
        return FuzzFlow(name: "explore\(seed)-\(number)", actions: actions)
    }

    /// Every action the public API offers at `state`, with its synthesised answers.
    func moves(from state: State, tokens: inout TokenMint) -> [Move] {
        let pw = BaseFlows.password
        switch state {
        case .start:
            return [
                Move(call: .signUp(username: "ex@example.com", password: pw, attributes: nil), step: .signUpStart,
                     answers: [tokens.ok(), BaseFlows.oobChallenge(tokens.next())], next: .signUpCode),
                Move(call: .signUp(username: "ex@example.com", password: nil, attributes: ["displayName": "Ex"]), step: .signUpStart,
                     answers: [tokens.ok(), BaseFlows.oobChallenge(tokens.next())], next: .signUpCode),
                Move(call: .signIn(username: "ex@example.com", password: nil), step: .signInInitiate,
                     answers: [tokens.ok(), BaseFlows.oobChallenge(tokens.next())], next: .signInCode),
                Move(call: .signIn(username: "ex@example.com", password: nil), step: .signInInitiate,
                     answers: [tokens.ok(), tokens.ok(#""challenge_type":"password""#)], next: .signInPassword),
                Move(call: .resetPassword(username: "ex@example.com"), step: .resetPasswordStart,
                     answers: [tokens.ok(), BaseFlows.oobChallenge(tokens.next())], next: .resetCode),
            ]
        case .signUpCode:
            return [
                Move(call: .resendCode, step: .signUpResendCode, answers: [BaseFlows.oobChallenge(tokens.next())], next: .signUpCode),
                Move(call: .submitCode(BaseFlows.code), step: .signUpSubmitCode, answers: [tokens.ok()], next: .afterSignUp),
                Move(call: .submitCode(BaseFlows.code), step: .signUpSubmitCode,
                     answers: [tokens.attributesRequired()], next: .signUpAttributes),
                Move(call: .submitCode(BaseFlows.code), step: .signUpSubmitCode,
                     answers: [tokens.error("credential_required", codes: [55103]), tokens.ok(#""challenge_type":"password""#)],
                     next: .signUpPassword),
            ]
        case .signUpPassword:
            return [
                Move(call: .submitPassword(pw), step: .signUpSubmitPassword, answers: [tokens.ok()], next: .afterSignUp),
                Move(call: .submitPassword(pw), step: .signUpSubmitPassword, answers: [tokens.attributesRequired()],
                     next: .signUpAttributes),
            ]
        case .signUpAttributes:
            return [
                Move(call: .submitAttributes(["displayName": "Ex"]), step: .signUpSubmitAttributes,
                     answers: [tokens.ok(#""expires_in":600"#)], next: .afterSignUp),
                Move(call: .submitAttributes(["city": "Oslo"]), step: .signUpSubmitAttributes,
                     answers: [tokens.attributesRequired()], next: .signUpAttributes),
            ]
        case .signInCode:
            return [
                Move(call: .resendCode, step: .signInResendCode, answers: [BaseFlows.oobChallenge(tokens.next())], next: .signInCode),
                Move(call: .submitCode(BaseFlows.code), step: .signInSubmitCode, answers: [BaseFlows.tokenResponse], next: .signedIn),
            ]
        case .signInPassword:
            return [
                Move(call: .submitPassword(pw), step: .signInSubmitPassword, answers: [BaseFlows.tokenResponse], next: .signedIn),
                Move(call: .submitPassword(pw), step: .signInSubmitPassword,
                     answers: [tokens.error("invalid_grant", suberror: "mfa_required", codes: [50076]), tokens.methods()],
                     next: .awaitingMFA),
                Move(call: .submitPassword(pw), step: .signInSubmitPassword,
                     answers: [tokens.error("invalid_grant", suberror: "registration_required", codes: [50079]), tokens.methods()],
                     next: .registerStrongAuth),
            ]
        case .awaitingMFA, .mfaRequired:
            var offered = [Move(call: .requestChallenge, step: .mfaRequestChallenge, answers: [tokens.mfaChallenge()], next: .mfaRequired)]
            if state == .mfaRequired {
                offered.append(Move(call: .submitChallenge(BaseFlows.code), step: .mfaSubmitChallenge,
                                    answers: [BaseFlows.tokenResponse], next: .signedIn))
            }
            return offered
        case .registerStrongAuth, .registerVerification:
            var offered = [Move(call: .challengeAuthMethod(contact: "ex.backup@example.com"), step: .registerChallenge,
                                answers: [tokens.registerChallenge()], next: .registerVerification)]
            if state == .registerVerification {
                offered.append(Move(call: .submitChallenge(BaseFlows.code), step: .registerSubmitChallenge,
                                    answers: [tokens.ok(), BaseFlows.tokenResponse], next: .signedIn))
            }
            return offered
        case .resetCode:
            return [
                Move(call: .resendCode, step: .resetPasswordResendCode, answers: [BaseFlows.oobChallenge(tokens.next())], next: .resetCode),
                Move(call: .submitCode(BaseFlows.code), step: .resetPasswordSubmitCode, answers: [tokens.ok(#""expires_in":600"#)],
                     next: .resetRequired),
            ]
        case .resetRequired:
            return [
                Move(call: .submitPassword(pw), step: .resetPasswordSubmit,
                     answers: [tokens.ok(#""poll_interval":1"#), BaseFlows.ok(#"{"status":"not_started"}"#),
                               tokens.ok(#""status":"succeeded""#)],
                     next: .afterReset),
            ]
        case .afterSignUp:
            return [Move(call: .signInAfterFlow, step: .signInAfterSignUp, answers: [BaseFlows.tokenResponse], next: .signedIn)]
        case .afterReset:
            return [Move(call: .signInAfterFlow, step: .signInAfterResetPassword, answers: [BaseFlows.tokenResponse], next: .signedIn)]
        case .signedIn:
            // getAccessToken with a forced refresh (the refresh-token grant); the walk ends after it.
            return [Move(call: .getAccessToken(forceRefresh: true), step: .getAccessToken, answers: [BaseFlows.tokenResponse],
                         next: .done)]
        case .done:
            return []
        }
    }
}

/// Fresh continuation tokens (`X3-CT-1`, `X3-CT-2`, …) and the answer shapes that carry them.
struct TokenMint {
    let prefix: String
    private var counter = 0

    init(prefix: String) { self.prefix = prefix }

    mutating func next() -> String {
        counter += 1
        return "\(prefix)-CT-\(counter)"
    }

    /// A 200 with a fresh token and `extra` members.
    mutating func ok(_ extra: String = "") -> FuzzResponse {
        BaseFlows.ok(#"{"continuation_token":"\#(next())""# + (extra.isEmpty ? "" : "," + extra) + "}")
    }

    mutating func error(_ error: String, suberror: String? = nil, codes: [Int]) -> FuzzResponse {
        BaseFlows.bad(BaseFlows.errorBody(error, suberror: suberror, codes: codes, token: next()))
    }

    mutating func attributesRequired() -> FuzzResponse {
        BaseFlows.bad(BaseFlows.errorBody("attributes_required", codes: [55106], token: next(),
                                          extra: #""required_attributes":[{"name":"city","type":"string","required":true}]"#))
    }

    mutating func methods() -> FuzzResponse {
        BaseFlows.ok(#"{"continuation_token":"\#(next())","methods":[{"id":"m-email","challenge_type":"oob","challenge_channel":"email","login_hint":"e***x@ex****e.com"}]}"#)
    }

    mutating func mfaChallenge() -> FuzzResponse {
        BaseFlows.ok(#"{"continuation_token":"\#(next())","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email","challenge_target_label":"e***x@ex****e.com","code_length":8}"#)
    }

    mutating func registerChallenge() -> FuzzResponse {
        BaseFlows.ok(#"{"continuation_token":"\#(next())","challenge_type":"oob","binding_method":"prompt","challenge_target":"ex.backup@example.com","challenge_channel":"email","code_length":8}"#)
    }
}
