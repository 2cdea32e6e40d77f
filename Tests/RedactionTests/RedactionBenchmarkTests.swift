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
        for run in 1...runs {
            let redactor = try Redactor()
            let cpu = Self.cpuSeconds()
            let wall = Date()
            let summary = try redactor.redactFile(input: input, output: output)
            let wallSeconds = Date().timeIntervalSince(wall)
            let cpuUsed = Self.cpuSeconds() - cpu
            summaryTotal = summary.total
            let line = String(
                format: "redact bench run %d: %.1f MB, %.3f s CPU (%.0f MB/s), %.3f s wall (%.0f MB/s), %d replacements",
                run, size, cpuUsed, size / cpuUsed, wallSeconds, size / wallSeconds, summary.total)
            print(line)
        }
        #expect(summaryTotal > 0)
        // Where the wall time goes: reading, redacting (serially, then in parallel), writing.
        guard ProcessInfo.processInfo.environment["AUTHTAPE_REDACT_BENCH_PHASES"] == "1" else { return }
        let redactor = try Redactor()
        var mark = Date()
        func lap() -> Double {
            defer { mark = Date() }
            return Date().timeIntervalSince(mark)
        }
        let bytes = try HARRawFile.read(contentsOf: input)
        let read = lap()
        let serial = try #require(redactor.redactCapture(bytes: bytes, parallelMinimum: .max))
        let serialTime = lap()
        let parallel = try #require(try Redactor().redactCapture(bytes: bytes))
        let parallelTime = lap()
        try HARRawFile.write(parts: parallel.parts, to: output)
        let write = lap()
        print(String(format: "redact bench phases: read %.3f s, serial %.3f s, parallel %.3f s, write %.3f s (wall)", read, serialTime, parallelTime, write))
        #expect(Array(serial.parts.joined()) == Array(parallel.parts.joined()))
    }
}
