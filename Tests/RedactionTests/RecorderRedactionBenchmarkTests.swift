import Foundation
import HAR
import Testing

@testable import Redaction

/// The recorder's redaction, timed on recorder traffic (issue 24, point 4): native-auth V1 and
/// V2 exchanges as the recorder's `CaptureWriter` holds them (HAR entries with their
/// `_authtape` flow fields, canary secrets with continuation tokens of 400-odd characters,
/// new secrets in every flow), redacted into the journal's compact lines. Skipped unless
/// `AUTHTAPE_RECORDER_REDACT_BENCH` gives the number of entries; run by
/// `tools/bench/recorder-redact` in a release build.
@Suite("Recorder redaction benchmark")
struct RecorderRedactionBenchmarkTests {
    static var entryCount: Int? {
        ProcessInfo.processInfo.environment["AUTHTAPE_RECORDER_REDACT_BENCH"].flatMap { Int($0) }
    }

    /// CPU time of the calling thread.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `count` entries: the V1 sign-up and every V2 journey, again and again, each copy with
    /// its own secrets.
    static func traffic(count: Int) throws -> [HAREntry] {
        let v1 = NativeAuthSamples.signUpEntries()
        let v2 = V2CanarySamples.journeyEntries.flatMap(\.entries)
        var entries: [HAREntry] = []
        entries.reserveCapacity(count)
        var copy = 0
        while entries.count < count {
            for (index, entry) in (v1 + v2).enumerated() where entries.count < count {
                var text = String(decoding: entry.json.serialized(), as: UTF8.self)
                text = varied(text, copy: copy)
                var varied = try HAREntry(json: try HARReader.parseJSON(Array(text.utf8), source: "bench"))
                let isV1 = index < v1.count
                varied.connection = String(copy % 64)
                varied.authtape = AuthTapeEntryFields(
                    flowId: "f\(copy)-\(isV1 ? 1 : 2)", flowKind: isV1 ? "signUp" : "v2",
                    step: URL(string: varied.request.url)?.path)
                entries.append(varied)
            }
            copy += 1
        }
        return entries
    }

    /// The samples' secrets made this copy's own: long continuation tokens, another code,
    /// another password and e-mail address.
    private static func varied(_ text: String, copy: Int) -> String {
        var text = text
        let filler = String(repeating: "AbC9dEf1GhIj2KlMn3OpQr4StUv5WxYz6", count: 13)
        for token in NativeAuthSamples.tokens {
            text = text.replacingOccurrences(of: token, with: "\(token)x\(copy)y\(filler)")
        }
        text = text.replacing(/V2CT-([A-Za-z0-9.]+)-([0-9]+)-canary/) { match in
            "V2CT-\(match.1)-\(match.2)x\(copy)y\(filler)-canary"
        }
        let code = String(format: "%08d", (copy &* 7919) % 100_000_000)
        text = text.replacingOccurrences(of: NativeAuthSamples.code, with: code)
        text = text.replacingOccurrences(of: "alex.canary", with: "alex\(copy).canary")
        text = text.replacingOccurrences(of: "Canary-Pass-9931", with: "Canary-Pass-\(copy)")
        return text
    }

    /// The recorder's way: the line first, then `redact`'s walk over its bytes, known secrets
    /// included. (Until commit 90af335 the typed `HAREntry` walk was timed beside it: docs/performance.md.)
    static func byteLines(_ entries: [HAREntry], redactor: Redactor) throws -> [[UInt8]] {
        try entries.map { entry in
            var line: [UInt8] = []
            entry.appendCompactJSON(to: &line)
            return try redactor.redactEntry(bytes: line, replacingKnownSecrets: true).bytes
        }
    }

    static func recorderRedactor() throws -> Redactor {
        try Redactor(placeholders: PlaceholderTable(capacity: 16_384))
    }

    @Test("Recorder traffic redacted by redact's walk on each journal line", .enabled(if: entryCount != nil))
    func recorderTraffic() throws {
        let count = try #require(Self.entryCount)
        let runs = Int(ProcessInfo.processInfo.environment["AUTHTAPE_RECORDER_REDACT_BENCH_RUNS"] ?? "5") ?? 5
        let entries = try Self.traffic(count: count)
        let bytes = entries.reduce(0) { total, entry in
            var line: [UInt8] = []
            entry.appendCompactJSON(to: &line)
            return total + line.count
        }
        var best = Double.infinity
        var lines: [[UInt8]] = []
        for _ in 1...runs {
            let redactor = try Self.recorderRedactor()
            let start = Self.threadCPUSeconds()
            lines = try Self.byteLines(entries, redactor: redactor)
            best = min(best, Self.threadCPUSeconds() - start)
        }
        print(String(format: "recorder redact bench: %d entries (V1 and V2), %.1f MB of journal lines, best of %d runs, CPU of the thread", count, Double(bytes) / 1e6, runs))
        print(String(format: "  line + redact's byte walk: %.0f entries/s, %.1f µs CPU per entry", Double(count) / best, best * 1e6 / Double(count)))
        let canaries = NativeAuthSamples.canaries + V2CanarySamples.canaries
        let leaked = lines.filter { line in canaries.contains { CompiledRules.contains(String(decoding: line, as: UTF8.self), Array($0.utf8)) } }
        #expect(leaked.isEmpty)
    }
}
