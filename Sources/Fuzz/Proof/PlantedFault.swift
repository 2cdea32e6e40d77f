import Driver
import NativeAuth
import Oracle

/// What a planted fault sees of one case: the action and the answers its requests were served.
public struct FaultScene: Sendable {
    /// The oracle step of the action.
    public var step: Step
    /// The user call of the action.
    public var call: UserAction
    /// The answers served to the action's requests, in order (a transport fault included).
    public var served: [FuzzResponse]
    /// The continuation token the action's first request sent (the state's "old" token).
    public var sentToken: String?
    /// The URL of the action's last request.
    public var lastURL: String
    /// The answers the flow's script holds for the action (unmutated).
    public var scripted: [FuzzResponse]
    /// The index of the action in its flow.
    public var action: Int
    /// What the token cache holds when the action is a getAccessToken without a forced refresh.
    public var cache: TokenCacheRead.State

    /// The scene of `observation`, an observation of action `action` of `flow`.
    init(flow: FuzzFlow, action: Int, observation: Observation) {
        step = flow.actions[action].step
        call = flow.actions[action].call
        let requests = observation.requests.suffix(observation.actionRequests)
        served = requests.compactMap(\.served)
        sentToken = requests.first?.continuationToken
        lastURL = requests.last?.url ?? ""
        scripted = flow.actions[action].responses
        self.action = action
        cache = TokenCacheRead.state(flow: flow, action: action)
    }

    /// The last answer the action was served, read as a server answer.
    var last: Answer { Answer(served.last) }
    /// Every answer, read.
    var answers: [Answer] { served.map { Answer($0) } }
}

/// A served answer read with the fuzzer's own JSON reader (nothing here comes from the engine).
struct Answer {
    var status: Int
    var json: JSONNode?

    init(_ response: FuzzResponse?) {
        status = response?.observedStatus ?? 0
        json = response.flatMap { $0.fault == nil ? JSONNode.parse($0.body) : nil }
    }

    func string(_ key: String) -> String? { json?[key]?.stringValue }
    func has(_ key: String) -> Bool { json?[key] != nil }
    var error: String? { string("error") }
    var suberror: String? { string("suberror") }
    var challengeType: String? { string("challenge_type") }
    var token: String? { string("continuation_token") }
    /// The `error_codes` items written as plain integers, in order.
    var codes: [Int] {
        guard case .array(let items)? = json?["error_codes"] else { return [] }
        return items.compactMap { item in
            if case .number(let text) = item { return Int(text) }
            return nil
        }
    }

    /// True when `code` is among the error codes but not the first.
    func hasLater(_ code: Int) -> Bool { codes.dropFirst().contains(code) && codes.first != code }
}

/// One deliberate engine fault of a kind SDK authors make, planted on top of the real engine's
/// observation of a case: it turns what the engine did into what an engine with that bug would do.
/// ``FaultySource`` applies one; ``FaultProof`` shows that a campaign catches each.
public struct PlantedFault: Sendable {
    /// A stable name, `area.what`.
    public let name: String
    /// sign-up, sign-in, reset, MFA, registration or tokens.
    public let area: String
    /// The kind of mistake (wrong error type, newState dropped, old token kept, …).
    public let kind: String
    let change: @Sendable (FaultScene, inout Observation) -> Void
    /// The change on a V2 case (nil: a V1 fault, which leaves V2 cases alone).
    let v2Change: (@Sendable (V2FaultScene, inout Observation) -> Void)?

    init(_ name: String, _ area: String, _ kind: String, _ change: @escaping @Sendable (FaultScene, inout Observation) -> Void) {
        self.name = name
        self.area = area
        self.kind = kind
        self.change = change
        v2Change = nil
    }

    /// A fault of the V2 engine (``PlantedFaultsV2``); it leaves V1 cases alone.
    init(v2 name: String, _ area: String, _ kind: String, _ change: @escaping @Sendable (V2FaultScene, inout Observation) -> Void) {
        self.name = name
        self.area = area
        self.kind = kind
        self.change = { _, _ in }
        v2Change = change
    }

    /// True for a fault of the V2 engine.
    public var isV2: Bool { v2Change != nil }

    /// The observation the faulty V2 engine would make, given the real engine's (a V1 fault changes nothing).
    public func apply(flow: V2FuzzFlow, action: Int, to observation: Observation) -> Observation {
        guard let v2Change, action < flow.actions.count, observation.outcome != nil, observation.prefixProblem == nil else {
            return observation
        }
        var faulty = observation
        v2Change(V2FaultScene(flow: flow, action: action, observation: observation), &faulty)
        return faulty
    }

    /// The observation the faulty engine would make, given the real engine's.
    public func apply(flow: FuzzFlow, action: Int, to observation: Observation) -> Observation {
        guard action < flow.actions.count, observation.outcome != nil else { return observation }
        var faulty = observation
        change(FaultScene(flow: flow, action: action, observation: observation), &faulty)
        return faulty
    }

    /// Looks faults of either engine up by name (V1's ``PlantedFaults/all``, V2's ``PlantedFaults/v2``);
    /// nil names one that does not exist.
    public static func named(_ names: [String]) -> [PlantedFault]? {
        var found: [PlantedFault] = []
        for name in names {
            guard let fault = (PlantedFaults.all + PlantedFaults.v2).first(where: { $0.name == name }) else { return nil }
            found.append(fault)
        }
        return found
    }
}

/// The real engine with one planted fault: the seam through which the fuzzer proves it can fail.
public struct FaultySource: OutcomeSource {
    public let fault: PlantedFault
    public let real: EngineOutcomeSource

    public init(fault: PlantedFault, real: EngineOutcomeSource = EngineOutcomeSource()) {
        self.fault = fault
        self.real = real
    }

    public func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
        fault.apply(flow: flow, action: action, to: await real.observe(flow: flow, action: action, responses: responses))
    }

    public func makeSession() -> any OutcomeSession { FaultySession(fault: fault, real: real.makeSession()) }
}

/// The real engine's session with the fault applied to each observation.
final class FaultySession: OutcomeSession {
    let fault: PlantedFault
    let real: any OutcomeSession

    init(fault: PlantedFault, real: any OutcomeSession) {
        self.fault = fault
        self.real = real
    }

    func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
        fault.apply(flow: flow, action: action, to: await real.observe(flow: flow, action: action, responses: responses))
    }
}

/// Small edits the faults share.
extension Observation {
    /// Replaces the error type `from` (`SignInStartError.userNotFound`) by `to`; false when it is not there.
    @discardableResult
    mutating func swapError(_ from: String, _ to: String) -> Bool {
        guard outcome?.error == from else { return false }
        outcome?.error = to
        return true
    }

    /// Drops the new state (a state the engine should hand over is lost).
    mutating func dropState() {
        outcome?.newState = nil
        outcome?.newStateToken = nil
    }

    /// Ends the action with `callback` and a state (or none).
    mutating func become(_ callback: String, error: String? = nil, state: String? = nil, token: String? = nil) {
        outcome = Outcome(callback: callback, error: error, newState: state, newStateToken: state == nil ? nil : token)
    }

    /// The action answered from the token cache: nothing sent, the cached token handed over.
    mutating func serveFromCache() {
        guard actionRequests > 0, actionRequests <= requests.count else { return }
        requests.removeLast(actionRequests)
        actionRequests = 0
        become("onAccessTokenRetrieveCompleted")
    }

    var callback: String? { outcome?.callback }
    var error: String? { outcome?.error }
}
