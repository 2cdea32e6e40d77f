import Foundation
import Testing

import Fuzz

/// Not a timed test: measures in-process throughput when `AUTHTAPE_FUZZ_BENCH=SECONDS` is set (run it
/// from a release build, see tools/bench/fuzz). Prints `fuzz bench: N cases/s`.
@Suite("Fuzz throughput benchmark")
struct ThroughputBenchmark {
    @Test("in-process campaign throughput with the default operators on 2 workers",
          .enabled(if: ProcessInfo.processInfo.environment["AUTHTAPE_FUZZ_BENCH"] != nil))
    func throughput() async {
        let seconds = Double(ProcessInfo.processInfo.environment["AUTHTAPE_FUZZ_BENCH"] ?? "") ?? 10
        let result = await FuzzRunner(configuration: FuzzConfiguration(seed: 1, duration: seconds, jobs: 2, minimise: false)).run()
        print(String(format: "fuzz bench: %.0f oracle-checked cases/s (%d cases in %.1f s, 2 jobs, %d unique findings)",
                     result.casesPerSecond, result.findings.total, result.elapsed, result.findings.findings.count))
        #expect(result.findings.total > 0)
    }
}
