import Foundation

/// The transport phase a campaign runs after its cases when ``FuzzCampaignOptions/transportCases`` > 0:
/// the engines with their live transport against a loopback fault server. It lives with the servers
/// (FuzzServers' `TransportFaultCampaignPhase`), so the campaign core links no socket library; whoever
/// links both (the CLI) hands it to ``FuzzCampaign/run(_:sinks:transportPhase:)``.
public protocol CampaignTransportPhase: Sendable {
    /// Runs the phase: V1's cases over `flows`, then V2's over `v2Flows`, numbered after V1's, `perMode` per
    /// fault and mode, each request timing out after `timeout` seconds. Notes a summary line and each
    /// finding on `sinks` (and progress, when it has a progress sink); returns the cases of both engines
    /// in one result.
    func run(seed: UInt64, flows: [FuzzFlow], v2Flows: [V2FuzzFlow], perMode: Int, timeout: Double,
             sinks: FuzzCampaignSinks) async -> FuzzRunResult
}

extension FuzzCampaign {
    /// The transport phase of a campaign through the injected `phase`: writes `transport-*` reports (both
    /// engines' cases in one report) under `--out` and returns the phase's report for standard output.
    static func runTransportPhase(_ phase: (any CampaignTransportPhase)?, seed: UInt64, flows: [FuzzFlow],
                                  options: FuzzCampaignOptions, sinks: FuzzCampaignSinks) async throws -> FuzzReport {
        guard let phase else {
            throw FuzzCampaignError(.usage, "the transport phase needs a fault server: pass FuzzServers' TransportFaultCampaignPhase "
                                    + "or set transportCases to 0")
        }
        let result = await phase.run(seed: seed, flows: flows, v2Flows: Self.v2Flows(options), perMode: options.transportCases,
                                     timeout: options.transportTimeout, sinks: sinks)
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
    static func runTransportOnly(_ options: FuzzCampaignOptions, phase: (any CampaignTransportPhase)?, seed: UInt64,
                                 sinks: FuzzCampaignSinks) async throws -> ([ReportFormat: String]?, Int)
    {
        guard options.transportCases > 0, !v2Flows(options).isEmpty else { return (nil, 0) }
        let transport = try await runTransportPhase(phase, seed: seed, flows: [], options: options, sinks: sinks)
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
