import Foundation
import Fuzz
import Synchronization

/// The transport phase of `authtape fuzz` (``CampaignTransportPhase``): the engines with their live
/// URLSession transport against a loopback ``FaultServer`` — V1's cases (``TransportFaultPhase``) over the
/// campaign's V1 flows, then V2's (``V2TransportFaultPhase``) over its V2 flows, numbered after V1's.
public struct TransportFaultCampaignPhase: CampaignTransportPhase {
    /// Extra seconds, beyond every attempt timing out, before a case counts as a hang.
    public var slack: Double

    public init(slack: Double = 5) { self.slack = slack }

    public func run(seed: UInt64, flows: [FuzzFlow], v2Flows: [V2FuzzFlow], perMode: Int, timeout: Double,
                    sinks: FuzzCampaignSinks) async -> FuzzRunResult {
        let phase = TransportFaultOptions(seed: seed, flows: flows, perMode: perMode, timeout: timeout, slack: slack)
        let v1Total = TransportFaultCase.cases(seed: seed, flows: flows, perMode: perMode).count
        let total = v1Total + V2TransportFaultPhase.cases(seed: seed, flows: v2Flows, perMode: perMode).count
        let done = CaseTally()
        let progress = sinks.progress
        let tick: @Sendable (TransportFaultResult) -> Void = { _ in
            let count = done.increment()
            progress?("transport faults: case \(count)/\(total)")
        }
        var (result, cases) = await TransportFaultPhase.run(phase, onCase: tick)
        let start = ContinuousClock.now
        let v2Cases = await V2TransportFaultPhase.run(seed: seed, flows: v2Flows, perMode: perMode, timeout: phase.timeout,
                                                      slack: phase.slack, firstIndex: v1Total, onCase: tick)
        for item in v2Cases {
            guard let flow = v2Flows.first(where: { $0.name == item.fuzzCase.flow }) else { continue }
            result.findings.record(V2TransportFaultPhase.reportCase(item.fuzzCase, flow: flow), item.verdict)
        }
        result.elapsed += (ContinuousClock.now - start) / .seconds(1)
        cases += v2Cases
        sinks.note("transport faults (live URLSession transport against a loopback fault server, timeout \(phase.timeout) s): "
                   + "\(cases.count) cases, \(result.findings.findings.count) findings")
        for item in cases where item.verdict.kind.isFinding {
            sinks.note("  \(item.fuzzCase.id) \(item.fuzzCase.flow)#\(item.fuzzCase.action) \(item.fuzzCase.operatorName): "
                       + "\(item.verdict.kind.rawValue) expected \(item.verdict.expected), actual \(item.verdict.actual)")
        }
        return result
    }
}

/// Counts finished cases for a progress line.
final class CaseTally: Sendable {
    private let count = Mutex(0)
    func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
