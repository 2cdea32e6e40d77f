import Driver
import HAR
import Oracle

/// Action exploration: flows made of user actions chosen from a seed, state by state. At each state
/// the explorer offers every action the public API has there (submit, resend, submitPassword after a
/// password-required callback, another attributes page, the MFA and registration choices, the
/// sign-in after a flow, and once signed in getAccessToken: forced, answered from the token cache, or after the app
/// waited past the access token's expiry or into MSAL's five-minute margin, the injected clock moved on by
/// ``FuzzAction/wait``; ``TokenCacheRead``) and scripts for it answers synthesised from the protocol's example shapes
/// (native-auth-api.md §8), one class per outcome the action leads to; nothing comes from the engine.
/// The unmutated answers of every explored flow must pass the oracle (a test checks it), so the cases
/// made from them judge the engine on paths the built-in flows never take.
public struct ActionExplorer: Sendable {
    /// The seed the action choices come from.
    public let seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    /// How many explored flows `authtape fuzz` adds to the built-in ones unless told otherwise.
    public static let defaultFlowCount = 24

    /// getAccessToken calls a walk signed in at its length may still make (the token cache's rows).
    static let tokenCallsAfterLength = 2

    /// Where an explored flow stands: which state the last result handed over.
    enum State: Hashable {
        case start, signUpCode, signUpPassword, signUpAttributes, signInCode, signInPassword, awaitingMFA, mfaRequired
        case registerStrongAuth, registerVerification, resetCode, resetRequired, afterSignUp, afterReset, signedIn, done
    }

    /// One action offered at a state: the call, its oracle step, the answers and the state it leads to.
    struct Move {
        var call: UserAction
        var step: Step
        var answers: [FuzzResponse]
        var next: State
        /// Seconds the app waits before the call.
        var wait: Double = 0
    }

    /// `count` flows, each a walk of at most `length` actions from the start, plus up to
    /// ``tokenCallsAfterLength`` getAccessToken calls when the walk is signed in by then.
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
        while state != .done, actions.count < length + (state == .signedIn ? Self.tokenCallsAfterLength : 0) {
            let offered = moves(from: state, tokens: &tokens)
            guard !offered.isEmpty else { break }
            let move = offered[random.below(offered.count)]
            actions.append(FuzzAction(move.call, step: move.step, responses: move.answers, wait: move.wait))
            calls.append(move.call.methodName)
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
                Move(call: .signUp(
                        username: "ex@example.com", password: nil, attributes: JSONObject([(key: "displayName", value: "Ex")])),
                     step: .signUpStart,
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
                Move(call: .submitCode(code: BaseFlows.code), step: .signUpSubmitCode, answers: [tokens.ok()], next: .afterSignUp),
                Move(call: .submitCode(code: BaseFlows.code), step: .signUpSubmitCode,
                     answers: [tokens.attributesRequired()], next: .signUpAttributes),
                Move(call: .submitCode(code: BaseFlows.code), step: .signUpSubmitCode,
                     answers: [tokens.error("credential_required", codes: [55103]), tokens.ok(#""challenge_type":"password""#)],
                     next: .signUpPassword),
            ]
        case .signUpPassword:
            return [
                Move(call: .submitPassword(password: pw), step: .signUpSubmitPassword, answers: [tokens.ok()], next: .afterSignUp),
                Move(call: .submitPassword(password: pw), step: .signUpSubmitPassword, answers: [tokens.attributesRequired()],
                     next: .signUpAttributes),
            ]
        case .signUpAttributes:
            return [
                Move(call: .submitAttributes(attributes: JSONObject([(key: "displayName", value: "Ex")])), step: .signUpSubmitAttributes,
                     answers: [tokens.ok(#""expires_in":600"#)], next: .afterSignUp),
                Move(call: .submitAttributes(attributes: JSONObject([(key: "city", value: "Oslo")])), step: .signUpSubmitAttributes,
                     answers: [tokens.attributesRequired()], next: .signUpAttributes),
            ]
        case .signInCode:
            return [
                Move(call: .resendCode, step: .signInResendCode, answers: [BaseFlows.oobChallenge(tokens.next())], next: .signInCode),
                Move(call: .submitCode(code: BaseFlows.code), step: .signInSubmitCode, answers: [BaseFlows.tokenResponse], next: .signedIn),
            ]
        case .signInPassword:
            return [
                Move(call: .submitPassword(password: pw), step: .signInSubmitPassword, answers: [BaseFlows.tokenResponse], next: .signedIn),
                Move(call: .submitPassword(password: pw), step: .signInSubmitPassword,
                     answers: [tokens.error("invalid_grant", suberror: "mfa_required", codes: [50076]), tokens.methods()],
                     next: .awaitingMFA),
                Move(call: .submitPassword(password: pw), step: .signInSubmitPassword,
                     answers: [tokens.error("invalid_grant", suberror: "registration_required", codes: [50079]), tokens.methods()],
                     next: .registerStrongAuth),
            ]
        case .awaitingMFA, .mfaRequired:
            var offered = [Move(call: .requestChallenge(), step: .mfaRequestChallenge, answers: [tokens.mfaChallenge()], next: .mfaRequired)]
            if state == .mfaRequired {
                offered.append(Move(call: .submitChallenge(challenge: BaseFlows.code), step: .mfaSubmitChallenge,
                                    answers: [BaseFlows.tokenResponse], next: .signedIn))
            }
            return offered
        case .registerStrongAuth, .registerVerification:
            var offered = [Move(call: .challengeAuthMethod(contact: "ex.backup@example.com"), step: .registerChallenge,
                                answers: [tokens.registerChallenge()], next: .registerVerification)]
            if state == .registerVerification {
                offered.append(Move(call: .submitChallenge(challenge: BaseFlows.code), step: .registerSubmitChallenge,
                                    answers: [tokens.ok(), BaseFlows.tokenResponse], next: .signedIn))
            }
            return offered
        case .resetCode:
            return [
                Move(call: .resendCode, step: .resetPasswordResendCode, answers: [BaseFlows.oobChallenge(tokens.next())], next: .resetCode),
                Move(call: .submitCode(code: BaseFlows.code), step: .resetPasswordSubmitCode, answers: [tokens.ok(#""expires_in":600"#)],
                     next: .resetRequired),
            ]
        case .resetRequired:
            return [
                Move(call: .submitPassword(password: pw), step: .resetPasswordSubmit,
                     answers: [tokens.ok(#""poll_interval":1"#), BaseFlows.ok(#"{"status":"not_started"}"#),
                               tokens.ok(#""status":"succeeded""#)],
                     next: .afterReset),
            ]
        case .afterSignUp:
            return [Move(call: .signInAfterSignUp(), step: .signInAfterSignUp, answers: [BaseFlows.tokenResponse], next: .signedIn)]
        case .afterReset:
            return [Move(call: .signInAfterResetPassword(), step: .signInAfterResetPassword, answers: [BaseFlows.tokenResponse], next: .signedIn)]
        case .signedIn:
            // A fresh access token (expires_in 3599) is cached here. A forced refresh and a call after the app
            // waited past the expiry (or into the five-minute margin) send the refresh-token grant; a call
            // without waiting is answered from the cache: its answer is served only to an engine that asks.
            let token = BaseFlows.tokenResponse
            return [
                Move(call: .getAccessToken(forceRefresh: true), step: .getAccessToken, answers: [token], next: .signedIn),
                Move(call: .getAccessToken(forceRefresh: false), step: .getAccessToken, answers: [token], next: .signedIn),
                Move(call: .getAccessToken(forceRefresh: false), step: .getAccessToken, answers: [token], next: .signedIn,
                     wait: 3_600),
                Move(call: .getAccessToken(forceRefresh: false), step: .getAccessToken, answers: [token], next: .signedIn,
                     wait: 3_400),
            ]
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
