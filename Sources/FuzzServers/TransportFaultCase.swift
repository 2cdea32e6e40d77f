import Foundation
import Fuzz

/// One transport-fault case: a flow, the exchange the fault server breaks, the fault, and whether the
/// engine's one retry is broken too. Case `index` of a seed is always the same case.
public struct TransportFaultCase: Sendable, Hashable {
    /// The run seed.
    public var seed: UInt64
    /// The case number within the transport phase.
    public var index: Int
    /// The flow's name.
    public var flow: String
    /// The action whose exchange is broken.
    public var action: Int
    /// The scripted answer of that action whose exchange is broken.
    public var response: Int
    /// The fault.
    public var fault: LiveFault
    /// True when the retry of the broken exchange is broken the same way (the action must then fail).
    public var persistent: Bool

    /// `seed:tINDEX`.
    public var id: String { "\(seed):t\(index)" }

    /// The operator name used in findings: `live.cutMidBody`, `live.cutMidBody×2` when persistent.
    public var operatorName: String { "live.\(fault.rawValue)" + (persistent ? "×2" : "") }

    /// How many attempts the fault server breaks.
    public var attempts: Int { fault == .slowBody ? 0 : (persistent ? 2 : 1) }

    /// The items the fault server serves to the broken action: the answers before the broken one, the
    /// broken attempt(s), then the scripted answers from the broken one on (what a retry gets).
    public func items(of flowValue: FuzzFlow) -> [ServedItem] {
        items(answers: flowValue.actions[action].responses)
    }

    /// ``items(of:)`` for the broken action's scripted `answers`.
    func items(answers: [FuzzResponse]) -> [ServedItem] {
        let before = answers[..<response].map { ServedItem($0) }
        if fault == .slowBody {
            return before + [ServedItem(answers[response], fault: .slowBody)] + answers[(response + 1)...].map { ServedItem($0) }
        }
        let broken = Array(repeating: ServedItem(answers[response], fault: fault), count: attempts)
        return before + broken + answers[response...].map { ServedItem($0) }
    }

    /// The plain fuzz case the oracle judges: the broken action's answers as the oracle sees them.
    public func fuzzCase(of flowValue: FuzzFlow) -> FuzzCase {
        FuzzCase(
            seed: seed, index: (1 << 40) + UInt64(index), flow: flow, action: action, response: response,
            step: flowValue.actions[action].step, operators: [operatorName],
            details: ["\(fault.rawValue) on answer \(response) of action \(action)" + (persistent ? ", and on its retry" : "")],
            responses: items(of: flowValue).map(\.oracleResponse), metamorphic: false)
    }

    /// Every (fault, persistent) combination the phase covers: each failing fault once and persistent,
    /// the slow body once.
    public static let modes: [(LiveFault, Bool)] = LiveFault.allCases.flatMap { fault in
        fault == .slowBody ? [(fault, false)] : [(fault, false), (fault, true)]
    }

    /// The positions of `flow` the phase may break: not those of a `getAccessToken` without a forced refresh,
    /// whose request depends on the token cache and the clock (the live engine here has the system clock,
    /// so the waits of ``FuzzAction/wait`` do not happen).
    static func positions(of flow: FuzzFlow) -> [(action: Int, response: Int)] {
        flow.positions.filter { position in
            if case .getAccessToken(_, forceRefresh: false) = flow.actions[position.action].call { return false }
            return true
        }
    }

    /// The cases of `seed`: `perMode` per combination, at positions drawn from ``FuzzRandom``.
    public static func cases(seed: UInt64, flows: [FuzzFlow], perMode: Int) -> [TransportFaultCase] {
        let usable = flows.filter { !positions(of: $0).isEmpty }
        guard !usable.isEmpty, perMode > 0 else { return [] }
        var result: [TransportFaultCase] = []
        for _ in 0..<perMode {
            for (fault, persistent) in modes {
                let index = result.count
                var random = FuzzRandom(runSeed: seed ^ 0x7472_616E_7370_6F72, caseIndex: UInt64(index))
                let flow = random.pick(usable)
                let (action, response) = random.pick(positions(of: flow))
                result.append(TransportFaultCase(
                    seed: seed, index: index, flow: flow.name, action: action, response: response, fault: fault,
                    persistent: persistent))
            }
        }
        return result
    }
}
