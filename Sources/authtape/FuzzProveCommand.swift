import ArgumentParser
import Fuzz

/// `authtape fuzz prove` (was `fuzz --prove-faults`): the fault proof of V1's and V2's planted faults.
struct FuzzProveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prove",
        abstract: "Prove the campaign catches every planted engine fault: per fault, the cases it took (default 60 s, seed 1).",
        discussion: """
            V1's faults are proven on a V1 campaign, V2's on a V2 campaign (--flows chooses); the budget is each \
            family's, and a family's proof ends when it has caught every fault.

            Exit status: 0 every fault caught, 1 a fault survived, 64 usage error.
            """)

    @OptionGroup(title: "Cases") var selection: FuzzCaseOptions

    @Option(name: .customLong("fault"), help: "Only this planted fault (repeatable).")
    var faultNames: [String] = []

    @Option(name: .long, help: "Planted faults of the V1 engine, of the V2 engine, or all.")
    var flows: FuzzFlowFamilyChoice = .all

    func validate() throws {
        if !faultNames.isEmpty, PlantedFault.named(faultNames) == nil {
            throw ValidationError("unknown --fault; known: " + (PlantedFaults.all + PlantedFaults.v2).map(\.name).joined(separator: ", "))
        }
        if let named = PlantedFault.named(faultNames), !faultNames.isEmpty,
           !named.contains(where: { $0.isV2 ? flows.families.includesV2 : flows.families.includesV1 }) {
            throw ValidationError("no --fault of the engine --flows \(flows.rawValue) names")
        }
    }

    func run() async throws {
        let seed = selection.seed ?? FuzzSeed.proof
        let chosen = faultNames.isEmpty ? PlantedFaults.all + PlantedFaults.v2 : PlantedFault.named(faultNames) ?? []
        let families = flows.families
        let v1Faults = families.includesV1 ? chosen.filter { !$0.isV2 } : []
        let v2Faults = families.includesV2 ? chosen.filter(\.isV2) : []
        let duration = selection.duration?.seconds ?? (selection.cases == nil ? 60 : nil)
        print("authtape fuzz prove — seed \(seed), \(v1Faults.count + v2Faults.count) planted faults")
        let clock = ContinuousClock()
        let start = clock.now
        var kills: [FaultKill] = []
        if !v1Faults.isEmpty {
            let flows = BaseFlows.all + ActionExplorer(seed: seed).flows(count: selection.exploredFlows(hasCaptures: false))
            let configuration = FuzzConfiguration(
                seed: seed, cases: selection.cases, duration: duration, jobs: selection.jobs, flows: flows,
                operators: selection.operators, minimise: false)
            kills += await FaultProof(configuration: configuration, faults: v1Faults).run()
        }
        if !v2Faults.isEmpty {
            let configuration = V2Configuration(seed: seed, cases: selection.cases, duration: duration, jobs: selection.jobs,
                                                minimise: false)
            kills += await V2FaultProof(configuration: configuration, faults: v2Faults).run()
        }
        print(FaultProof.table(kills))
        let elapsed = (clock.now - start).components
        print("time: \(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)s")
        if !kills.allSatisfy({ $0.caseIndex != nil }) { throw ExitCode(1) }
    }
}
