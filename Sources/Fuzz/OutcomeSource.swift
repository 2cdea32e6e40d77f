import Foundation
import NativeAuth

/// What the system under test did in one case.
public struct Observation: Sendable {
    /// The outcome of the mutated action; nil when the flow could not reach it or never ended.
    public var outcome: Outcome?
    /// The message of the error the app received, if any (checked for repeated secrets).
    public var errorMessage: String?
    /// Every request sent during the case (all actions).
    public var requests: [SentRequest]
    /// How many requests the mutated action sent.
    public var actionRequests: Int
    /// Set when an earlier, unmutated action did not hand over the state the script needs.
    public var prefixProblem: String?

    public init(outcome: Outcome?, errorMessage: String? = nil, requests: [SentRequest] = [], actionRequests: Int = 0,
                prefixProblem: String? = nil) {
        self.outcome = outcome
        self.errorMessage = errorMessage
        self.requests = requests
        self.actionRequests = actionRequests
        self.prefixProblem = prefixProblem
    }
}

/// Produces the actual outcome of a case. The real one drives the NativeAuth engine; tests plug in
/// deliberately broken ones to prove the fuzzer can fail.
public protocol OutcomeSource: Sendable {
    /// Runs `flow`'s actions `0...action`, serving the script's answers to earlier actions and
    /// `responses` to action `action`, and reports what happened at that action.
    func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation
}

/// The real system under test: the NativeAuth engine through its async public API, with a scripted
/// transport, a clock that never waits, seeded ids, and the outcome observer.
public struct EngineOutcomeSource: OutcomeSource {
    /// Wraps the scripted transport (tests put a never-answering or slow transport in front of it).
    public var wrapTransport: @Sendable (ScriptTransport) -> any Transport

    public init(wrapTransport: @escaping @Sendable (ScriptTransport) -> any Transport = { $0 }) {
        self.wrapTransport = wrapTransport
    }

    public func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
        let transport = ScriptTransport()
        let observed = ObservedOutcomes()
        var challengeTypes: MSALNativeAuthChallengeTypes = []
        if flow.challengeTypes.contains("oob") { challengeTypes.insert(.OOB) }
        if flow.challengeTypes.contains("password") { challengeTypes.insert(.password) }
        var capabilities: MSALNativeAuthCapabilities = []
        if flow.capabilities.contains("mfa_required") { capabilities.insert(.mfaRequired) }
        if flow.capabilities.contains("registration_required") { capabilities.insert(.registrationRequired) }
        let environment = NativeAuthEnvironment(
            transport: wrapTransport(transport), clock: ImmediateClock(), uuidSource: SeededUUIDSource(seed: 7),
            outcomeObserver: { observed.record($0) })
        let app: MSALNativeAuthPublicClientApplication
        do {
            app = try MSALNativeAuthPublicClientApplication(
                clientId: "11111111-2222-4333-8444-555555555555", authority: EngineOutcomeSource.authority,
                challengeTypes: challengeTypes, capabilities: capabilities, environment: environment)
        } catch {
            return Observation(outcome: nil, prefixProblem: "the engine rejected the configuration")
        }
        var previous = ResultPayload(state: nil, methods: [], errorMessage: nil)
        for index in 0...action {
            let step = flow.actions[index]
            transport.load(index == action ? responses : step.responses, action: index)
            let before = transport.requests.count
            observed.reset()
            guard let result = await ActionCaller.call(step.call, app: app, previous: previous) else {
                return Observation(
                    outcome: nil, requests: transport.requests,
                    prefixProblem: "action \(index) (\(step.call.method)) has no state to call it on")
            }
            previous = ResultPayload(of: result)
            if index == action {
                return Observation(
                    outcome: observed.last ?? result.outcome, errorMessage: previous.errorMessage,
                    requests: transport.requests, actionRequests: transport.requests.count - before)
            }
        }
        return Observation(outcome: nil, prefixProblem: "action \(action) is out of range")
    }

    static let authority = URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!
}

/// Collects the outcomes the engine reports to its observer.
final class ObservedOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Outcome] = []
    func record(_ outcome: Outcome) { lock.withLock { outcomes.append(outcome) } }
    func reset() { lock.withLock { outcomes.removeAll() } }
    var last: Outcome? { lock.withLock { outcomes.last } }
}

/// The state, auth methods and error message a result enum carries, found by reflection so that every
/// result type of the public API is handled alike.
struct ResultPayload {
    var state: AnyObject?
    var methods: [MSALAuthMethod]
    var errorMessage: String?

    init(state: AnyObject?, methods: [MSALAuthMethod], errorMessage: String?) {
        self.state = state
        self.methods = methods
        self.errorMessage = errorMessage
    }

    init(of result: Any) {
        state = nil
        methods = []
        errorMessage = nil
        visit(result, depth: 0)
    }

    private mutating func visit(_ value: Any, depth: Int) {
        if let object = value as? MSALNativeAuthBaseState { state = object; return }
        if let object = value as? SignInAfterPreviousFlowBaseState { state = object; return }
        if let list = value as? [MSALAuthMethod] { methods = list; return }
        if let error = value as? MSALNativeAuthError { errorMessage = error.errorDescription; return }
        guard depth < 3 else { return }
        let mirror = Mirror(reflecting: value)
        guard [.enum, .tuple, .struct, .class, .optional].contains(mirror.displayStyle) else { return }
        for child in mirror.children { visit(child.value, depth: depth + 1) }
    }
}

/// Calls one user action on the engine's async API with the state the previous result handed over.
enum ActionCaller {
    static func call(_ call: UserCall, app: MSALNativeAuthPublicClientApplication, previous: ResultPayload) async
        -> (any OutcomeConvertible)?
    {
        let state = previous.state
        switch call {
        case .signUp(let username, let password, let attributes):
            return await app.signUp(username: username, password: password, attributes: attributes)
        case .signIn(let username, let password):
            return await app.signIn(username: username, password: password)
        case .resetPassword(let username):
            return await app.resetPassword(username: username)
        case .submitCode(let code):
            if let s = state as? SignUpCodeRequiredState { return await s.submitCode(code: code) }
            if let s = state as? SignInCodeRequiredState { return await s.submitCode(code: code) }
            if let s = state as? ResetPasswordCodeRequiredState { return await s.submitCode(code: code) }
        case .submitPassword(let password):
            if let s = state as? SignUpPasswordRequiredState { return await s.submitPassword(password: password) }
            if let s = state as? SignInPasswordRequiredState { return await s.submitPassword(password: password) }
            if let s = state as? ResetPasswordRequiredState { return await s.submitPassword(password: password) }
        case .submitAttributes(let attributes):
            if let s = state as? SignUpAttributesRequiredState { return await s.submitAttributes(attributes: attributes) }
        case .resendCode:
            if let s = state as? SignUpCodeRequiredState { return await s.resendCode() }
            if let s = state as? SignInCodeRequiredState { return await s.resendCode() }
            if let s = state as? ResetPasswordCodeRequiredState { return await s.resendCode() }
        case .signInAfterFlow:
            if let s = state as? SignInAfterSignUpState { return await s.signIn() }
            if let s = state as? SignInAfterResetPasswordState { return await s.signIn() }
        case .requestChallenge:
            if let s = state as? MFABaseState, let method = previous.methods.first {
                return await s.requestChallenge(authMethod: method)
            }
        case .submitChallenge(let code):
            if let s = state as? MFARequiredState { return await s.submitChallenge(challenge: code) }
            if let s = state as? RegisterStrongAuthVerificationRequiredState { return await s.submitChallenge(challenge: code) }
        case .challengeAuthMethod(let contact):
            if let s = state as? RegisterStrongAuthBaseState, let method = previous.methods.first {
                return await s.challengeAuthMethod(authMethod: method, verificationContact: contact)
            }
        }
        return nil
    }
}
