import Foundation

/// A short campaign over the flows of one capture, as the demo ends with: the capture's flows only,
/// a fixed seed and a time budget, text notes to `print`.
public enum CaptureCampaign {
    /// How it ended.
    public enum Outcome: Sendable, Equatable {
        /// Every case agreed with the oracle.
        case clean
        /// Findings (printed above): the engine and the oracle disagree somewhere.
        case findings
        /// The capture holds no flow that can be fuzzed; the reasons the capture reader gave.
        case noFlows(problems: [String])
        /// The campaign could not run.
        case failed(String)
    }

    /// Fuzzes the flows of the capture at `path` for `seconds` from `seed`, writing reports into
    /// `outDirectory`; every line (the capture's problems, the campaign's notes) goes to `print`.
    public static func run(
        path: String, seconds: Double, seed: UInt64, outDirectory: String, print: @escaping @Sendable (String) -> Void
    ) async -> Outcome {
        let (flows, problems) = CaptureFlows.flows(contentsOf: path)
        for problem in problems { print("fuzz: \(problem)") }
        guard !flows.isEmpty else { return .noFlows(problems: problems) }
        print("")
        let budget = seconds.isFinite ? String(format: "%.0f", seconds) : "\(seconds)"
        print("== fuzz: \(budget) s over the \(flows.count) flows of the capture")
        let options = FuzzCampaignOptions(
            seed: seed, duration: seconds, outDirectory: outDirectory, reports: [.text], extraFlows: flows, includeBuiltIn: false)
        do {
            let outcome = try await FuzzCampaign.run(options, sinks: FuzzCampaignSinks(output: print, note: print))
            return outcome.isClean ? .clean : .findings
        } catch {
            return .failed("\(error)")
        }
    }
}
