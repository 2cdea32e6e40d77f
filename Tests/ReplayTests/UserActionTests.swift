import Driver
import Foundation
import HAR
import Testing
import Replay

/// The exporters whose HAR shapes the tests build.
enum HARShape: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case mitmproxy, chrome, authtape

    var testDescription: String { rawValue }

    func text(_ exchanges: [RawExchange]) -> String {
        switch self {
        case .mitmproxy: mitmproxyHAR(exchanges)
        case .chrome: chromeHAR(exchanges)
        case .authtape: authtapeHAR(exchanges)
        }
    }
}

/// Native-auth exchanges of the user-action tests.
enum Flows {
    static let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
    static let common = "client_id=11111111-2222-4333-8444-555555555555"
    static let signInTypes = "challenge_type=password+redirect"

    static func initiate(at: Double, status: Int = 200, body: String? = nil, headers: [(String, String)] = [])
        -> RawExchange
    {
        RawExchange(
            url: authority + "/oauth2/v2.0/initiate", form: common + "&username=REDACTED-username-1&" + signInTypes,
            status: status, body: body ?? Bodies.token("REDACTED-continuation_token-1"), at: at, time: 120.5,
            headers: headers)
    }

    static func passwordChallenge(at: Double, annotated: Bool = false) -> RawExchange {
        RawExchange(
            url: authority + "/oauth2/v2.0/challenge",
            form: common + "&continuation_token=REDACTED-continuation_token-1&" + signInTypes, status: 200,
            body: Bodies.passwordChallenge("REDACTED-continuation_token-2"), at: at, time: 110.25,
            annotated: annotated ? ("onSignInPasswordRequired", "SignInPasswordRequiredState") : nil)
    }

    static func passwordToken(at: Double, status: Int = 200) -> RawExchange {
        RawExchange(
            url: authority + "/oauth2/v2.0/token",
            form: common + "&continuation_token=REDACTED-continuation_token-2&grant_type=password"
                + "&scope=User.Read+openid+profile+offline_access&password=REDACTED-password-1&client_info=true"
                + "&username=REDACTED-username-1&" + signInTypes,
            status: status, body: status == 200 ? Bodies.tokens : "", at: at, time: 250.75)
    }

    /// A password sign-in whose token call starts `pause` seconds after the challenge's response ended.
    static func passwordSignIn(pause: Double, annotated: Bool = false) -> [RawExchange] {
        // initiate 0.000–0.1205 s, challenge 0.130–0.24025 s.
        [initiate(at: 0), passwordChallenge(at: 0.130, annotated: annotated), passwordToken(at: 0.24025 + pause)]
    }

    static func signUpStart(at: Double, status: Int = 200) -> RawExchange {
        RawExchange(
            url: authority + "/signup/v1.0/start",
            form: common + "&username=REDACTED-username-1&challenge_type=oob+redirect", status: status,
            body: status == 200 ? Bodies.token("REDACTED-continuation_token-1") : "", at: at, time: 80.125)
    }

    static func signUpChallenge(at: Double) -> RawExchange {
        RawExchange(
            url: authority + "/signup/v1.0/challenge",
            form: common + "&continuation_token=REDACTED-continuation_token-1&challenge_type=oob+redirect", status: 200,
            body: Bodies.oob("REDACTED-continuation_token-2"), at: at, time: 95.5)
    }

    static func signInCodeChallenge(at: Double, status: Int = 200) -> RawExchange {
        RawExchange(
            url: authority + "/oauth2/v2.0/challenge",
            form: common + "&continuation_token=REDACTED-continuation_token-1&challenge_type=oob+redirect",
            status: status, body: status == 200 ? Bodies.oob("REDACTED-continuation_token-2") : "", at: at, time: 90.5)
    }

    static func codeInitiate(at: Double, status: Int = 200) -> RawExchange {
        RawExchange(
            url: authority + "/oauth2/v2.0/initiate",
            form: common + "&username=REDACTED-username-1&challenge_type=oob+redirect", status: status,
            body: status == 200 ? Bodies.token("REDACTED-continuation_token-1") : "", at: at, time: 100.0)
    }

    static func codeToken(at: Double) -> RawExchange {
        RawExchange(
            url: authority + "/oauth2/v2.0/token",
            form: common + "&continuation_token=REDACTED-continuation_token-2&grant_type=oob"
                + "&scope=openid+profile+offline_access&oob=REDACTED-oob-1&client_info=true",
            status: 200, body: Bodies.tokens, at: at, time: 140.0)
    }

    static func resetStart(at: Double, status: Int = 200, headers: [(String, String)] = []) -> RawExchange {
        RawExchange(
            url: authority + "/resetpassword/v1.0/start",
            form: common + "&username=REDACTED-username-1&challenge_type=oob+redirect", status: status,
            body: status == 200 ? Bodies.token("REDACTED-continuation_token-1") : "", at: at, time: 60.5,
            headers: headers)
    }

    static func resetChallenge(at: Double) -> RawExchange {
        RawExchange(
            url: authority + "/resetpassword/v1.0/challenge",
            form: common + "&continuation_token=REDACTED-continuation_token-1&challenge_type=oob+redirect", status: 200,
            body: Bodies.oob("REDACTED-continuation_token-2"), at: at, time: 70.25)
    }
}

/// Reads, infers and replays a HAR text.
func inferAndReplay(_ text: String, options: InferenceOptions = .standard) async throws -> (CaptureScript, CaptureResult) {
    let document = try HARReader.read(bytes: Array(text.utf8), source: "shaped.har")
    let script = ScriptInference.script(of: document, path: "shaped.har", options: options)
    return (script, await ReplayRunner().replay(script))
}

func diagnostics(_ result: CaptureResult) -> String {
    "\(result.flows.flatMap(\.steps).flatMap(\.diagnostics))"
}

@Suite("User actions from timing, annotations and retries")
struct UserActionTests {
    static let signInWithoutPassword = UserAction.signIn(username: "REDACTED-username-1", password: nil, scopes: ["User.Read"])
    static let signInWithPassword = UserAction.signIn(
        username: "REDACTED-username-1", password: "REDACTED-password-1", scopes: ["User.Read"])

    @Test("A password typed seconds after the password challenge is submitPassword on SignInPasswordRequiredState", arguments: HARShape.allCases)
    func typedPasswordIsItsOwnAction(shape: HARShape) async throws {
        let (script, result) = try await inferAndReplay(shape.text(Flows.passwordSignIn(pause: 4.2)))
        #expect(script.flows.count == 1)
        let steps = try #require(script.flows.first?.steps)
        #expect(steps.map(\.action) == [Self.signInWithoutPassword, .submitPassword(password: "REDACTED-password-1")])
        #expect(steps.map(\.state) == [nil, "SignInPasswordRequiredState"])
        #expect(result.passed, "\(diagnostics(result))")
        let replayed = try #require(result.flows.first?.steps)
        #expect(replayed.map { $0.actual?.callback } == ["onSignInPasswordRequired", "onSignInCompleted"])
        #expect(replayed.map(\.requestsMatched) == [true, true])
        #expect(replayed.map(\.endpoints) == [["/oauth2/v2.0/initiate", "/oauth2/v2.0/challenge"], ["/oauth2/v2.0/token"]])
    }

    @Test("A password sent milliseconds after the password challenge is the SDK's: signIn with the password", arguments: HARShape.allCases)
    func promptPasswordIsTheSDKs(shape: HARShape) async throws {
        let (script, result) = try await inferAndReplay(shape.text(Flows.passwordSignIn(pause: 0.004)))
        let steps = try #require(script.flows.first?.steps)
        #expect(steps.map(\.action) == [Self.signInWithPassword])
        #expect(result.passed, "\(diagnostics(result))")
        #expect(result.flows.first?.steps.map { $0.actual?.callback } == ["onSignInCompleted"])
        #expect(result.flows.first?.steps.first?.endpoints.count == 3)
    }

    @Test("The action gap is an option: a pause shorter than it is a follow-up, and 0 turns timing off")
    func actionGapIsAnOption() async throws {
        let text = HARShape.mitmproxy.text(Flows.passwordSignIn(pause: 4.2))
        let (longer, longerResult) = try await inferAndReplay(text, options: InferenceOptions(actionGap: 10))
        #expect(longer.flows.first?.steps.map(\.action) == [Self.signInWithPassword])
        #expect(longerResult.passed, "\(diagnostics(longerResult))")
        let (off, _) = try await inferAndReplay(text, options: InferenceOptions(actionGap: 0))
        #expect(off.flows.first?.steps.map(\.action) == [Self.signInWithPassword])
        let (shorter, _) = try await inferAndReplay(text, options: InferenceOptions(actionGap: 4.1))
        #expect(shorter.flows.first?.steps.map(\.action) == [Self.signInWithoutPassword, .submitPassword(password: "REDACTED-password-1")])
        #expect(InferenceOptions().actionGap == 1)
    }

    @Test("An expectedOutcome annotation after the password challenge makes the password the user's next action")
    func annotatedOutcomeEndsTheAction() async throws {
        let text = HARShape.authtape.text(Flows.passwordSignIn(pause: 0.004, annotated: true))
        #expect(text.contains("\"expectedOutcome\""))
        let (script, result) = try await inferAndReplay(text)
        #expect(script.flows.first?.steps.map(\.action) == [Self.signInWithoutPassword, .submitPassword(password: "REDACTED-password-1")])
        #expect(result.passed, "\(diagnostics(result))")
        #expect(result.flows.first?.steps.first?.expected?.callback == "onSignInPasswordRequired")
    }

    @Test("A sign-up start answered 503 and sent again is one action: the engine's own retry is answered", arguments: HARShape.allCases)
    func retriedSignUpStart(shape: HARShape) async throws {
        let exchanges = [Flows.signUpStart(at: 0, status: 503), Flows.signUpStart(at: 0.6), Flows.signUpChallenge(at: 0.7)]
        let (script, result) = try await inferAndReplay(shape.text(exchanges))
        #expect(script.flows.count == 1)
        #expect(script.flows.first?.steps.map(\.action.name) == ["signUp"])
        #expect(result.passed, "\(diagnostics(result))")
        let step = try #require(result.flows.first?.steps.first)
        #expect(step.endpoints == ["/signup/v1.0/start", "/signup/v1.0/start", "/signup/v1.0/challenge"])
        #expect(step.actual?.callback == "onSignUpCodeRequired")
        #expect(step.requestsMatched)
    }

    @Test("An initiate with no response, sent again 2 s later (the not-connected wait), is the SDK's retry", arguments: HARShape.allCases)
    func retriedInitiateAfterNetworkFailure(shape: HARShape) async throws {
        let exchanges = [
            Flows.codeInitiate(at: 0, status: 0), Flows.codeInitiate(at: 2.2), Flows.signInCodeChallenge(at: 2.31),
            Flows.codeToken(at: 9.5),
        ]
        let (script, result) = try await inferAndReplay(shape.text(exchanges))
        #expect(script.flows.count == 1)
        #expect(script.flows.first?.steps.map(\.action.name) == ["signIn", "submitCode"])
        #expect(result.passed, "\(diagnostics(result))")
        #expect(result.flows.first?.steps.map { $0.actual?.callback } == ["onSignInCodeRequired", "onSignInCompleted"])
        #expect(result.flows.first?.steps.first?.endpoints.count == 3)
    }

    @Test("A reset-password start answered with a PKeyAuth challenge and sent again is one action", arguments: HARShape.allCases)
    func resentAfterPKeyAuth(shape: HARShape) async throws {
        let challenge = [("WWW-Authenticate", #"PKeyAuth Context="rp-context-1", Version="1.0""#)]
        let exchanges = [
            Flows.resetStart(at: 0, status: 401, headers: challenge), Flows.resetStart(at: 0.07), Flows.resetChallenge(at: 0.14),
        ]
        let (script, result) = try await inferAndReplay(shape.text(exchanges))
        #expect(script.flows.count == 1)
        #expect(script.flows.first?.steps.map(\.action.name) == ["resetPassword"])
        #expect(result.passed, "\(diagnostics(result))")
        #expect(result.flows.first?.steps.first?.actual?.callback == "onResetPasswordCodeRequired")
    }

    @Test("A retry at a later step stays in its action, and a pause after it still begins the next one")
    func retryAtALaterStep() async throws {
        let exchanges = [
            Flows.codeInitiate(at: 0), Flows.signInCodeChallenge(at: 0.11, status: 500), Flows.signInCodeChallenge(at: 0.75),
            Flows.codeToken(at: 12),
        ]
        let (script, result) = try await inferAndReplay(HARShape.chrome.text(exchanges))
        #expect(script.flows.first?.steps.map(\.action.name) == ["signIn", "submitCode"])
        #expect(result.flows.first?.steps.first?.endpoints
            == ["/oauth2/v2.0/initiate", "/oauth2/v2.0/challenge", "/oauth2/v2.0/challenge"])
        #expect(result.passed, "\(diagnostics(result))")
    }

    @Test("A password token call answered 503 and resent is still the SDK's password, not a second try")
    func resentPasswordCall() async throws {
        let exchanges = [
            Flows.initiate(at: 0), Flows.passwordChallenge(at: 0.130), Flows.passwordToken(at: 0.245, status: 503),
            Flows.passwordToken(at: 1.9),
        ]
        let (script, result) = try await inferAndReplay(HARShape.mitmproxy.text(exchanges))
        #expect(script.flows.first?.steps.map(\.action) == [Self.signInWithPassword])
        #expect(result.passed, "\(diagnostics(result))")
        #expect(result.flows.first?.steps.first?.endpoints.count == 4)
    }

    @Test("Once the SDK's one retry is spent, the same start request again is the user's new action")
    func spentRetryBeginsANewFlow() async throws {
        let exchanges = [
            Flows.signUpStart(at: 0, status: 503), Flows.signUpStart(at: 0.6, status: 503), Flows.signUpStart(at: 5),
            Flows.signUpChallenge(at: 5.1),
        ]
        let (script, result) = try await inferAndReplay(HARShape.mitmproxy.text(exchanges))
        #expect(script.flows.count == 2)
        #expect(script.flows.map { $0.steps.map(\.action.name) } == [["signUp"], ["signUp"]])
        #expect(result.passed, "\(diagnostics(result))")
        #expect(result.flows.map { $0.steps.first?.actual?.error } == ["SignUpStartError.generalError", nil])
    }
}
