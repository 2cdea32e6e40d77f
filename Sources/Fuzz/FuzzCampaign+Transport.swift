import Foundation
import Synchronization

extension FuzzCampaign {
    /// The transport phase of a campaign: the engines with their live URLSession transport against a
    /// loopback fault server — V1's cases over `flows`, then V2's (``V2TransportFaultPhase``) over the
    /// campaign's V2 flows, numbered after V1's. Notes a summary line and each finding; writes `transport-*`
    /// reports (both engines' cases in one report) under `--out`; returns the phase's report for standard output.
    static func runTransportPhase(seed: UInt64, flows: [FuzzFlow], options: FuzzCampaignOptions,
                                  sinks: FuzzCampaignSinks) async throws -> FuzzReport {
        let phase = TransportFaultOptions(seed: seed, flows: flows, perMode: options.transportCases, timeout: options.transportTimeout)
        let v2FlowList = Self.v2Flows(options)
        let v1Total = TransportFaultCase.cases(seed: seed, flows: flows, perMode: options.transportCases).count
        let total = v1Total + V2TransportFaultPhase.cases(seed: seed, flows: v2FlowList, perMode: options.transportCases).count
        let done = CaseTally()
        let progress = sinks.progress
        let tick: @Sendable (TransportFaultResult) -> Void = { _ in
            let count = done.increment()
            progress?("transport faults: case \(count)/\(total)")
        }
        var (result, cases) = await TransportFaultPhase.run(phase, onCase: tick)
        let start = ContinuousClock.now
        let v2Cases = await V2TransportFaultPhase.run(seed: seed, flows: v2FlowList, perMode: options.transportCases,
                                                      timeout: phase.timeout, slack: phase.slack, firstIndex: v1Total, onCase: tick)
        for item in v2Cases {
            guard let flow = v2FlowList.first(where: { $0.name == item.fuzzCase.flow }) else { continue }
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
        let report = FuzzReport(result)
        if let directory = options.outDirectory {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw FuzzCampaignError(.output, "cannot create \(directory): \(error.localizedDescription)")
            }
            try write(report, into: directory, prefix: "transport-")
        }
        return report
    }

    /// The transport phase of a campaign without V1 flows (`--flows v2`): each asked-for report of the phase
    /// (text and Markdown under a `transport phase:` heading, JSON as a `transportPhase` member; JUnit has
    /// cases only, so none) and its finding cases; no reports and 0 when the phase is off or has no V2 flows.
    static func runTransportOnly(_ options: FuzzCampaignOptions, seed: UInt64, sinks: FuzzCampaignSinks) async throws
        -> ([ReportFormat: String]?, Int)
    {
        guard options.transportCases > 0, !v2Flows(options).isEmpty else { return (nil, 0) }
        let transport = try await runTransportPhase(seed: seed, flows: [], options: options, sinks: sinks)
        var texts: [ReportFormat: String] = [:]
        for format in options.reports {
            switch format {
            case .json: texts[format] = JSONNode.object([("transportPhase", transport.jsonNode())]).prettySerialized() + "\n"
            case .text, .markdown: texts[format] = "transport phase:\n" + transport.render(format)
            case .junit: break
            }
        }
        return (texts, transport.result.findings.findingCases)
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
