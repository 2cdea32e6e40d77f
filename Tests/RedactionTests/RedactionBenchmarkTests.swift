import Foundation
import HAR
import Testing

@testable import Redaction

/// Times `Redactor.redactFile` on a capture named by `AUTHTAPE_REDACT_BENCH` (skipped when it
/// is unset), for the figures in docs/performance.md. Run in a release build:
/// `AUTHTAPE_TARGETS=Redaction AUTHTAPE_REDACT_BENCH=/tmp/capture.har swift test -c release
/// -Xswiftc -enable-testing --filter RedactionBenchmark`.
@Suite("Redaction benchmark")
struct RedactionBenchmarkTests {
    static var input: String? { ProcessInfo.processInfo.environment["AUTHTAPE_REDACT_BENCH"] }

    /// CPU time of the process, all threads.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test("redactFile throughput on the capture in AUTHTAPE_REDACT_BENCH", .enabled(if: input != nil))
    func throughput() throws {
        let input = try #require(Self.input)
        let output = ProcessInfo.processInfo.environment["AUTHTAPE_REDACT_BENCH_OUT"] ?? input + ".redacted"
        let size = Double(try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int ?? 0) / 1e6
        let runs = Int(ProcessInfo.processInfo.environment["AUTHTAPE_REDACT_BENCH_RUNS"] ?? "3") ?? 3
        var summaryTotal = 0
        // AUTHTAPE_REDACT_BENCH_EVERYWHERE=0: without replace-everywhere (no index either).
        let everywhere = ProcessInfo.processInfo.environment["AUTHTAPE_REDACT_BENCH_EVERYWHERE"] != "0"
        for run in 1...runs {
            let redactor = try Redactor(placeholders: PlaceholderTable(indexing: everywhere))
            let cpu = Self.cpuSeconds()
            let wall = Date()
            // AUTHTAPE_REDACT_BENCH_SCAN=1: with the leak scan of the output, as `authtape redact` runs.
            let scan = ProcessInfo.processInfo.environment["AUTHTAPE_REDACT_BENCH_SCAN"] == "1"
            let summary = try redactor.redactFile(input: input, output: output, scanner: scan ? LeakScanner() : nil, everywhere: everywhere).summary
            let wallSeconds = Date().timeIntervalSince(wall)
            let cpuUsed = Self.cpuSeconds() - cpu
            summaryTotal = summary.total
            let line = String(
                format: "redact bench run %d: %.1f MB, %.3f s CPU (%.0f MB/s), %.3f s wall (%.0f MB/s), %d replacements",
                run, size, cpuUsed, size / cpuUsed, wallSeconds, size / wallSeconds, summary.total)
            print(line)
        }
        #expect(summaryTotal > 0)
    }

    static var scanInput: String? { ProcessInfo.processInfo.environment["AUTHTAPE_SCAN_BENCH"] }

    @Test("leak scan throughput on the capture in AUTHTAPE_SCAN_BENCH, one worker and all", .enabled(if: scanInput != nil))
    func scanThroughput() throws {
        let input = try #require(Self.scanInput)
        let size = Double(try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int ?? 0) / 1e6
        for workers in [1, ProcessInfo.processInfo.activeProcessorCount] {
            let cpu = Self.cpuSeconds()
            let wall = Date()
            let findings = try LeakScanner(workers: workers).scan(path: input)
            let wallSeconds = Date().timeIntervalSince(wall)
            let cpuUsed = Self.cpuSeconds() - cpu
            print(String(
                format: "scan bench, %d worker(s): %.1f MB, %.3f s CPU (%.0f MB/s), %.3f s wall (%.0f MB/s), %d findings",
                workers, size, cpuUsed, size / cpuUsed, wallSeconds, size / wallSeconds, findings.count))
        }
    }
}
