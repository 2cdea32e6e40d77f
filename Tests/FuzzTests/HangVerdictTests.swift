import Foundation
import NativeAuth
import Testing

@testable import Fuzz

/// Hang verdicts depend on the case deadline, so this suite runs in `tools/test`'s timed group, alone
/// after the parallel run: there the CPU-bound suites cannot delay its watchdog.
@Suite("Hang verdicts")
struct HangVerdictTests {
    @Test("a transport that never answers is a hang verdict, and the campaign still ends")
    func hangDetection() async {
        let source = EngineOutcomeSource(wrapTransport: { _ in NeverAnsweringTransport() })
        let configuration = FuzzConfiguration(seed: 3, cases: 4, jobs: 2, caseTimeout: 0.3,
                                              flows: [BaseFlows.signInPassword], minimise: false)
        let start = ContinuousClock.now
        let result = await FuzzRunner(configuration: configuration, source: source).run()
        #expect(result.findings.counts[.hang] == 4)
        #expect(result.findings.findings.allSatisfy { $0.key.kind == .hang })
        #expect(ContinuousClock.now - start < .seconds(60))
    }
}

/// A transport that never answers and ignores cancellation.
struct NeverAnsweringTransport: Transport {
    func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            NeverAnsweringTransport.parked.withLock { $0.append(continuation) }
        }
        throw TransportError(.other, message: "unreachable")
    }

    static let parked = Mutex()

    final class Mutex: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [CheckedContinuation<Void, Never>] = []
        func withLock(_ body: (inout [CheckedContinuation<Void, Never>]) -> Void) { lock.withLock { body(&items) } }
    }
}
