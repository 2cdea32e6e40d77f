import ArgumentParser
import Fuzz

/// The options that choose a campaign's cases, shared by `fuzz campaign`, `fuzz prove` and
/// `fuzz coverage`.
struct FuzzCaseOptions: ParsableArguments {
    @Option(name: .long, help: "Seed of the cases (default: from the clock, printed; `fuzz prove`: 1).")
    var seed: UInt64?

    @Option(name: .long, help: "Number of cases (default 1000 when no --duration; `fuzz prove`: 60 s).")
    var cases: Int?

    @Option(name: [.long, .customLong("time")], help: "Time budget: 90, 30s, 10m or 1h.")
    var duration: FuzzDuration?

    @Option(name: .long, help: "Parallel workers.")
    var jobs: Int = 2

    @Option(name: .long, help: "Fuzz N flows of user actions explored from the seed, state by state, besides the others (default 24 without CAPTURE, 0 with).")
    var explore: Int?

    @Flag(name: .long, help: "Leave out table-directed answers (an answer built for an outcome-table row of the step, and the answers after it).")
    var noTableAnswers = false

    func validate() throws {
        if cases != nil, duration != nil { throw ValidationError("give --cases or --duration, not both") }
        if jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        if let cases, cases < 0 { throw ValidationError("--cases must be 0 or more") }
        if let explore, explore < 0 { throw ValidationError("--explore must be 0 or more") }
    }

    /// The operators the cases draw from.
    var operators: [any MutationOperator] { noTableAnswers ? Operators.all : Operators.campaign }

    /// How many explored flows to add: --explore, else the default without captures and none with.
    func exploredFlows(hasCaptures: Bool) -> Int { explore ?? (hasCaptures ? 0 : ActionExplorer.defaultFlowCount) }

    /// The seed given, or the one ``FuzzSeed`` picks from the clock.
    var runSeed: UInt64 { seed ?? FuzzSeed.fromClock() }

    /// The flows of `captures`; their problems go to standard error. Throws when captures were given
    /// and none of them holds a flow.
    static func captureFlows(_ captures: [String]) throws -> [FuzzFlow] {
        var flows: [FuzzFlow] = []
        for path in captures {
            let (found, problems) = CaptureFlows.flows(contentsOf: path)
            for problem in problems { printError(problem) }
            flows += found
        }
        if !captures.isEmpty, flows.isEmpty { throw CLIFailure.badInput("no flow of the given captures can be fuzzed") }
        return flows
    }
}

/// A `--duration`: seconds, or a number with `s`, `m` or `h`.
struct FuzzDuration: ExpressibleByArgument {
    var seconds: Double

    init?(argument: String) {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600]
        var text = Substring(argument)
        var unit = 1.0
        if let last = text.last, let factor = units[last] {
            unit = factor
            text = text.dropLast()
        }
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        seconds = value * unit
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
