import Foundation
import Synchronization

extension FuzzCampaign {
    /// The transport phase of a campaign: the engine with its live URLSession transport against a
    /// loopback fault server. Notes a summary line and each finding; writes `transport-*` reports
    /// under `--out`; returns the phase's report for standard output.
    static func runTransportPhase(seed: UInt64, flows: [FuzzFlow], options: FuzzCampaignOptions,
                                  sinks: FuzzCampaignSinks) async throws -> FuzzReport {
        let phase = TransportFaultOptions(seed: seed, flows: flows, perMode: options.transportCases, timeout: options.transportTimeout)
        let total = TransportFaultCase.cases(seed: seed, flows: flows, perMode: options.transportCases).count
        let done = CaseTally()
        let progress = sinks.progress
        let (result, cases) = await TransportFaultPhase.run(phase) { _ in
            let count = done.increment()
            progress?("transport faults: case \(count)/\(total)")
        }
        sinks.note("transport faults (live URLSession transport against a loopback fault server, timeout \(phase.timeout) s): "
                   + "\(cases.count) cases, \(result.findings.findings.count) findings")
        for item in cases where item.verdict.kind.isFinding {
            sinks.note("  \(item.fuzzCase.id) \(item.fuzzCase.flow)#\(item.fuzzCase.action) \(item.fuzzCase.operatorName): "
                       + "\(item.verdict.kind.rawValue) expected \(item.verdict.expected), actual \(item.verdict.actual)")
        }
        let report = FuzzReport(result)
        if let directory = options.outDirectory { try write(report, into: directory, prefix: "transport-") }
        return report
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
