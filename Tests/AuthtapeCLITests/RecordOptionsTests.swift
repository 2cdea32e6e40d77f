import Foundation
import Testing

@Suite("authtape record options")
struct RecordOptionsTests {
    @Test("--threads and --max-body must be positive, and --quiet excludes --json-log, as usage errors (exit 64)")
    func usageErrors() throws {
        let threads = try CLIRunner.run(["record", "--threads", "0", "--out", "/nonexistent/x.har"])
        #expect(threads.status == 64)
        #expect(threads.stderr.contains("--threads must be positive"), "\(threads.stderr)")
        let body = try CLIRunner.run(["record", "--max-body", "0"])
        #expect(body.status == 64)
        #expect(body.stderr.contains("--max-body must be positive"))
        let both = try CLIRunner.run(["record", "--quiet", "--json-log"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--quiet and --json-log exclude each other"))
    }
}
