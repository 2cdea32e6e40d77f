import Driver
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
    /// V2: the requests the flow's later actions sent after the judged one (read for credential egress only).
    public var laterRequests: [SentRequest] = []

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

    /// A session for one campaign worker: observes cases one after another, and may keep state
    /// between them (the real engine keeps each flow's unmutated prefix). Dropped when a case hangs.
    func makeSession() -> any OutcomeSession
}

/// Observes the cases of one worker, one at a time; each observation equals what
/// ``OutcomeSource/observe(flow:action:responses:)`` reports for the same arguments.
public protocol OutcomeSession: AnyObject {
    /// Observes one case.
    func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation
}

extension OutcomeSource {
    /// A session that calls ``observe(flow:action:responses:)`` for every case.
    public func makeSession() -> any OutcomeSession { StatelessSession(source: self) }
}

/// The default session: no state between cases.
final class StatelessSession: OutcomeSession {
    let source: any OutcomeSource
    init(source: any OutcomeSource) { self.source = source }
    func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
        await source.observe(flow: flow, action: action, responses: responses)
    }
}

/// The real system under test: the NativeAuth engine through its async public API (Driver's
/// ``EngineDriver``), with a scripted transport, a clock that never waits and seeded ids.
public struct EngineOutcomeSource: OutcomeSource {
    /// Wraps the scripted transport (tests put a never-answering or slow transport in front of it).
    public var wrapTransport: @Sendable (ScriptTransport) -> any Transport

    public init(wrapTransport: @escaping @Sendable (ScriptTransport) -> any Transport = { $0 }) {
        self.wrapTransport = wrapTransport
    }

    public func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
        guard let rig = EngineRig(flow: flow, wrapTransport: wrapTransport) else {
            return Observation(outcome: nil, prefixProblem: "the engine rejected the configuration")
        }
        var previous = HeldObjects()
        for index in 0..<action {
            switch await rig.run(flow, index, responses: flow.actions[index].responses, previous: previous) {
            case .stopped(let problem): return problem
            case .done(let payload, _): previous = payload
            }
        }
        switch await rig.run(flow, action, responses: responses, previous: previous) {
        case .stopped(let problem): return problem
        case .done(_, let observation): return observation
        }
    }

    /// A session that runs each flow's unmutated prefix once and then only the mutated action per case.
    public func makeSession() -> any OutcomeSession { EngineSession(source: self) }

    static let authority = URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!
}

/// One engine wired to a scripted transport, with a clock, ids and a token cache that can be put back
/// to an earlier point, so a flow's prefix can be run once and each case started from its end.
final class EngineRig: @unchecked Sendable {
    let transport = ScriptTransport()
    let clock = CaseClock()
    let uuids = SeededUUIDSource(seed: 7)
    let cache = TokenCache()
    let driver: EngineDriver

    /// Where the rig stood before an action: what the app held and what the engine had used so far.
    struct Mark {
        var previous: HeldObjects
        /// The requests sent before the mark (the prefix's, served unmutated answers).
        var requests: [SentRequest]
        var date: Date
        var uuidState: UInt64
        /// What the token cache held (a mark after a sign-in is returned to with its tokens).
        var cache: TokenCache.Snapshot
    }

    enum Step {
        /// The action ran: what the app holds after it, and the observation of it.
        case done(HeldObjects, Observation)
        /// The action could not be called (no state): the case ends here with this observation.
        case stopped(Observation)
    }

    init?(flow: FuzzFlow, wrapTransport: @Sendable (ScriptTransport) -> any Transport) {
        guard let driver = try? EngineDriver(
            authority: EngineOutcomeSource.authority, challengeTypes: flow.challengeTypes, capabilities: flow.capabilities,
            transport: wrapTransport(transport), clock: clock, uuids: uuids, tokenCache: cache)
        else { return nil }
        self.driver = driver
    }

    /// Runs action `index` of `flow` with `responses`, the app holding `previous`.
    func run(_ flow: FuzzFlow, _ index: Int, responses: [FuzzResponse], previous: HeldObjects) async -> Step {
        let step = flow.actions[index]
        transport.load(responses, action: index)
        if step.wait > 0 { clock.date += step.wait }
        let before = transport.requestCount
        guard let performed = await driver.perform(step.call, held: previous) else {
            return .stopped(Observation(
                outcome: nil, requests: transport.requests,
                prefixProblem: "action \(index) (\(step.call.methodName)) has no state to call it on"))
        }
        let requests = transport.requests
        return .done(performed.held, Observation(
            outcome: performed.outcome, errorMessage: performed.held.errorMessage,
            requests: requests, actionRequests: requests.count - before))
    }

    /// The rig's current point, before an action that gets `previous`.
    func mark(previous: HeldObjects) -> Mark {
        Mark(previous: previous, requests: transport.requests, date: clock.date, uuidState: uuids.position,
             cache: cache.snapshot())
    }

    /// Puts the rig back to `mark` (the requests log becomes the mark's, clock and ids rewound).
    func rewind(to mark: Mark) {
        transport.restore(requests: mark.requests)
        clock.date = mark.date
        uuids.position = mark.uuidState
        cache.restore(mark.cache)
    }
}

/// The real engine's session: one ``EngineRig`` per flow; the unmutated prefix of each action is run
/// once and marked, and each case rewinds the rig to the mark of its action and runs only that action.
/// States are never invalidated (calling a method again re-sends the stored token), so a case sees
/// exactly what a fresh engine would: the same state, requests so far, clock, correlation ids and token
/// cache (a snapshot, so actions after a sign-in, getAccessToken, rewind too).
final class EngineSession: OutcomeSession {
    private let source: EngineOutcomeSource
    private var prefixes: [String: FlowPrefix] = [:]

    private final class FlowPrefix {
        let rig: EngineRig
        /// `marks[k]`: the point before action k.
        var marks: [EngineRig.Mark]
        /// Set when the unmutated action `index` could not be called; later actions end with it.
        var stopped: (index: Int, observation: Observation)?

        init(rig: EngineRig) {
            self.rig = rig
            marks = [rig.mark(previous: HeldObjects())]
        }
    }

    init(source: EngineOutcomeSource) { self.source = source }

    func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
        guard let prefix = prefix(for: flow) else {
            return Observation(outcome: nil, prefixProblem: "the engine rejected the configuration")
        }
        let rig = prefix.rig
        while prefix.marks.count <= action, prefix.stopped == nil {
            let index = prefix.marks.count - 1
            let mark = prefix.marks[index]
            rig.rewind(to: mark)
            switch await rig.run(flow, index, responses: flow.actions[index].responses, previous: mark.previous) {
            case .stopped(let observation): prefix.stopped = (index, observation)
            case .done(let payload, _): prefix.marks.append(rig.mark(previous: payload))
            }
        }
        if let stopped = prefix.stopped, stopped.index < action { return stopped.observation }
        guard action < prefix.marks.count else {
            return await source.observe(flow: flow, action: action, responses: responses)
        }
        let mark = prefix.marks[action]
        rig.rewind(to: mark)
        switch await rig.run(flow, action, responses: responses, previous: mark.previous) {
        case .stopped(let observation): return observation
        case .done(_, let observation): return observation
        }
    }

    private func prefix(for flow: FuzzFlow) -> FlowPrefix? {
        if let known = prefixes[flow.name] { return known }
        guard let rig = EngineRig(flow: flow, wrapTransport: source.wrapTransport) else { return nil }
        let prefix = FlowPrefix(rig: rig)
        prefixes[flow.name] = prefix
        return prefix
    }
}

/// A clock that never waits, like `ImmediateClock`, whose date can be set back.
package final class CaseClock: NativeAuthClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    package init() {}

    package var date: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    package func now() -> Date { date }

    package func sleep(seconds: Double) async throws { lock.withLock { current += seconds } }
}
