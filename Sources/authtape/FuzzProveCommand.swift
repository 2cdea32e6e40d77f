import ArgumentParser
import Fuzz

/// `authtape fuzz prove` (was `fuzz --prove-faults`): the fault proof.
struct FuzzProveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prove",
        abstract: "Prove the campaign catches every planted engine fault: per fault, the cases it took (default 60 s, seed 1).",
        discussion: "Exit status: 0 every fault caught, 1 a fault survived, 64 usage error.")

    @OptionGroup(title: "Cases") var selection: FuzzCaseOptions

    @Option(name: .customLong("fault"), help: "Only this planted fault (repeatable).")
    var faultNames: [String] = []

    func validate() throws {
        if !faultNames.isEmpty, PlantedFault.named(faultNames) == nil {
            throw ValidationError("unknown --fault; known: " + PlantedFaults.all.map(\.name).joined(separator: ", "))
        }
    }

    func run() async throws {
        let seed = selection.seed ?? FuzzSeed.proof
        let faults = faultNames.isEmpty ? PlantedFaults.all : PlantedFault.named(faultNames) ?? []
        let flows = BaseFlows.all + ActionExplorer(seed: seed).flows(count: selection.exploredFlows(hasCaptures: false))
        let configuration = FuzzConfiguration(
            seed: seed, cases: selection.cases, duration: selection.duration?.seconds ?? (selection.cases == nil ? 60 : nil),
            jobs: selection.jobs, flows: flows, operators: selection.operators, minimise: false)
        print("authtape fuzz prove — seed \(seed), \(faults.count) planted faults")
        let clock = ContinuousClock()
        let start = clock.now
        let kills = await FaultProof(configuration: configuration, faults: faults).run()
        print(FaultProof.table(kills))
        let elapsed = (clock.now - start).components
        print("time: \(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)s")
        if !kills.allSatisfy({ $0.caseIndex != nil }) { throw ExitCode(1) }
    }
}
