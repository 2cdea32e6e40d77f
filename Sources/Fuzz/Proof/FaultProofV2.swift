import Foundation
import NativeAuth
import Oracle

/// The fault proof of V2 campaigns, as ``FaultProof`` for V1: runs the cases of a V2 campaign (same seed,
/// flows and operators as `authtape fuzz --flows v2`) once on the real V2 engine and judges each case again,
/// with the V2 oracle, for every planted V2 fault (``PlantedFaults/v2``) not caught yet, that fault applied to
/// the observation. A fault is caught by the first case whose verdict with the fault is a finding the real
/// engine's verdict is not; the proof stops when the budget ends or every fault is caught.
public struct V2FaultProof: Sendable {
    public let runner: V2Runner
    public let faults: [PlantedFault]

    public init(configuration: V2Configuration, faults: [PlantedFault] = PlantedFaults.v2) {
        runner = V2Runner(configuration: configuration)
        self.faults = faults
    }

    /// Runs the proof: one ``FaultKill`` per fault, in the order of `faults`.
    public func run() async -> [FaultKill] {
        let configuration = runner.configuration
        let state = ProofState(faults: faults, cases: configuration.cases, duration: configuration.duration)
        let watchdog = Watchdog(slots: configuration.jobs)
        let patrol = Task { await watchdog.patrol() }
        let baselines = await baselineOutcomes(state: state, watchdog: watchdog)
        await withTaskGroup(of: Void.self) { group in
            for slot in 0..<configuration.jobs {
                group.addTask { await self.lane(slot: slot, state: state, baselines: baselines, watchdog: watchdog) }
            }
        }
        watchdog.stop()
        patrol.cancel()
        return state.kills()
    }

    /// The real engine's outcome of every unmutated action (key `flow#action`, fault -1) and the outcome each
    /// fault turns it into; a fault that changes one is noted as changing an unmutated flow.
    private func baselineOutcomes(state: ProofState, watchdog: Watchdog) async -> [Int: [String: Outcome]] {
        var perFault: [Int: [String: Outcome]] = [:]
        for flow in runner.configuration.flows {
            for index in flow.actions.indices {
                let plain = V2FuzzCase.plain(flow, action: index, seed: runner.configuration.seed)
                let (_, _, observed) = await runner.judge(plain, baseline: nil, watchdog: watchdog, slot: 0)
                guard let observation = observed else { continue }
                let key = "\(flow.name)#\(index)"
                perFault[-1, default: [:]][key] = observation.outcome
                for (f, fault) in faults.enumerated() {
                    let faulty = fault.apply(flow: flow, action: index, to: observation)
                    perFault[f, default: [:]][key] = faulty.outcome
                    if faulty.outcome != observation.outcome || faulty.requests != observation.requests {
                        state.baselineCatch(f)
                    }
                }
            }
        }
        return perFault
    }

    private func lane(slot: Int, state: ProofState, baselines: [Int: [String: Outcome]], watchdog: Watchdog) async {
        while let index = state.next() {
            guard let fuzzCase = runner.generator.make(index: UInt64(index)),
                  let flow = runner.configuration.flows.first(where: { $0.name == fuzzCase.flow }) else { continue }
            let key = "\(fuzzCase.flow)#\(fuzzCase.action)"
            let (real, walk, observed) = await runner.judge(fuzzCase, baseline: baselines[-1]?[key], watchdog: watchdog, slot: slot)
            guard let observation = observed else { continue }
            for f in state.alive(below: index) {
                let faulty = faults[f].apply(flow: flow, action: fuzzCase.action, to: observation)
                let faultyBaseline = baselines[f]?[key]
                // A fault may change only where a request went (``V2RequestTarget``), so the requests are compared too.
                guard faulty.outcome != observation.outcome || faulty.requests != observation.requests
                        || faultyBaseline != baselines[-1]?[key] else { continue }
                let verdict = V2Judge.judge(fuzzCase, observation: faulty, baseline: faultyBaseline, prediction: walk,
                                            secrets: { V2Judge.secrets(flow: flow, fuzzCase: fuzzCase) })
                if verdict.kind.isFinding, verdict != real { state.caught(f, at: index, verdict, fuzzCase.operators) }
            }
        }
    }
}
