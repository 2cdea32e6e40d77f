import Driver
import Foundation
import NativeAuth
import Oracle

/// Produces what the system under test did in one V2 case. The real one drives the engine's V2 API;
/// tests and planted faults (``V2AlteredSource``) put deliberately broken ones in its place.
public protocol V2OutcomeSource: Sendable {
    /// Runs `flow`'s actions `0...action`, serving the flow's answers to the earlier actions and
    /// `responses` to action `action`, and reports what happened at that action.
    func observe(flow: V2FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation
}

/// What a planted fault sees of one V2 case (the V2 counterpart of ``FaultScene``): the action, the
/// answers its requests were served and the requests themselves.
public struct V2FaultScene: Sendable {
    /// The oracle step of the action.
    public var step: V2Step
    /// The user call of the action.
    public var call: V2UserAction
    /// The answers served to the action's requests, in order (a transport fault included).
    public var served: [FuzzResponse]
    /// The action's requests, in order.
    public var requests: [SentRequest]
    /// The answers the flow's script holds for the action (unmutated).
    public var scripted: [FuzzResponse]
    /// The index of the action in its flow.
    public var action: Int
    /// What the token cache holds when the action is a `getAccessToken` (nil for other actions).
    public var cache: TokenCacheRead.State?
    /// The continuation token the action's first request sent (JSON `continuationToken` or form
    /// `continuation_token`), read by the fuzzer's own readers.
    public var sentToken: String? { requests.first.flatMap(V2FaultScene.token(of:)) }

    /// The scene of `observation`, an observation of action `action` of `flow`.
    public init(flow: V2FuzzFlow, action: Int, observation: Observation) {
        step = flow.actions[action].step
        call = flow.actions[action].call
        requests = Array(observation.requests.suffix(observation.actionRequests))
        served = requests.compactMap(\.served)
        scripted = flow.actions[action].responses
        self.action = action
        cache = flow.tokenRead(action: action)
    }

    /// The continuation token a request sent.
    public static func token(of request: SentRequest) -> String? {
        request.continuationToken ?? JSONNode.parse(request.body)?["continuationToken"]?.stringValue
    }
}

/// An engine bug planted on top of another source: `change` turns what the engine did into what an
/// engine with that bug would do, seeing the case's ``V2FaultScene``.
public struct V2AlteredSource: V2OutcomeSource {
    public let base: any V2OutcomeSource
    public let change: @Sendable (V2FaultScene, inout Observation) -> Void

    public init(base: any V2OutcomeSource = V2EngineSource(), change: @escaping @Sendable (V2FaultScene, inout Observation) -> Void) {
        self.base = base
        self.change = change
    }

    public func observe(flow: V2FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
        var observation = await base.observe(flow: flow, action: action, responses: responses)
        guard observation.prefixProblem == nil, observation.outcome != nil, action < flow.actions.count else { return observation }
        change(V2FaultScene(flow: flow, action: action, observation: observation), &observation)
        return observation
    }
}

/// The real system under test: a fresh V2 engine per case (the fuzzer's ``ScriptTransport``, a clock that
/// never waits, seeded ids) whose states the "app" keeps and calls, as spec §3.1 says an app does: a
/// failed action hands back no state, so the next action calls the state held before it.
public struct V2EngineSource: V2OutcomeSource {
    /// The authority every V2 flow talks to (the §2 tenant; hrefs are resolved against it).
    public static let authority = URL(string: "https://login.contoso.com/\(V2Answers.tenant)")!
    /// The scheme and host HAL operators make absolute hrefs on.
    public static let origin = "https://login.contoso.com"

    public var options: MSALNativeAuthV2Options

    public init(options: MSALNativeAuthV2Options = MSALNativeAuthV2Options()) { self.options = options }

    public func observe(flow: V2FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
        guard action < flow.actions.count, let rig = V2Rig(options: options) else {
            return Observation(outcome: nil, prefixProblem: "the engine rejected the configuration")
        }
        for index in 0..<action {
            guard await rig.perform(flow.actions[index], responses: flow.actions[index].responses, index: index) != nil else {
                return rig.stopped(index, flow.actions[index].call)
            }
        }
        let before = rig.transport.requestCount
        guard let performed = await rig.perform(flow.actions[action], responses: responses, index: action) else {
            return rig.stopped(action, flow.actions[action].call)
        }
        let requests = rig.transport.requests
        var observation = Observation(
            outcome: performed.outcome, errorMessage: performed.errorMessage, requests: requests,
            actionRequests: requests.count - before)
        // Unmutated answers leave the flow's own later actions: nothing new to read there.
        if performed.handedOver, responses != flow.actions[action].responses {
            observation.laterRequests = await rig.goOn(flow, after: action)
        }
        return observation
    }
}

/// One V2 engine on a scripted transport, and the states the app holds (Replay's ``V2ActionPerformer``:
/// each action is called on the latest held state that accepts it, `getAccessToken` on the signed-in account).
final class V2Rig: @unchecked Sendable {
    let transport = ScriptTransport()
    let clock = CaseClock()
    private var performer: V2ActionPerformer

    init?(options: MSALNativeAuthV2Options) {
        let environment = NativeAuthEnvironment(
            transport: transport, clock: clock, uuidSource: SeededUUIDSource(seed: 7), tokenCache: TokenCache())
        guard let app = try? MSALNativeAuthPublicClientApplication(
            clientId: EngineDriver.defaultClientId, authority: V2EngineSource.authority, challengeTypes: [.OOB, .password],
            environment: environment, v2Options: options)
        else { return nil }
        performer = V2ActionPerformer(app: app)
    }

    /// What one action gave.
    struct Performed {
        var outcome: Outcome
        var errorMessage: String?
        /// True when the action handed over a state object or a signed-in account (later actions can act on it).
        var handedOver: Bool
    }

    /// Performs `step`'s call with `responses` loaded, after its wait; nil when the app holds no state (or
    /// account) the call can be made on.
    func perform(_ step: V2FuzzAction, responses: [FuzzResponse], index: Int) async -> Performed? {
        transport.load(responses, action: index)
        if step.wait > 0 { clock.date += step.wait }
        guard let performed = try? await performer.perform(step.call) else { return nil }
        let message = performed.accessToken.map { token in
            if case .error(let error) = token { return error.errorDescription }
            return nil
        } ?? performed.result.error?.errorDescription
        // Every V2 result but an error hands over a state object or the signed-in account.
        let handed = if case .error = performed.result { false } else { performed.accessToken == nil }
        return Performed(outcome: performed.outcome, errorMessage: message, handedOver: handed)
    }

    /// Goes on with the flow's actions after `action`, each on its scripted answers, while the app holds a
    /// state (or account) it can be called on: the requests they send, for credential egress only (a link a
    /// mutated answer moved is followed by the password or code the next action sends).
    func goOn(_ flow: V2FuzzFlow, after action: Int) async -> [SentRequest] {
        let start = transport.requestCount
        for index in flow.actions.indices where index > action {
            guard await perform(flow.actions[index], responses: flow.actions[index].responses, index: index) != nil else { break }
        }
        return Array(transport.requests.dropFirst(start))
    }

    /// The observation of a case whose action `index` could not be called.
    func stopped(_ index: Int, _ call: V2UserAction) -> Observation {
        Observation(outcome: nil, requests: transport.requests,
                    prefixProblem: "action \(index) (\(call.name)) has no state to call it on")
    }
}
