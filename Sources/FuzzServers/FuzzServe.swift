import Dispatch
import Foundation
import Fuzz
import NativeAuthWire

/// The entry of `authtape fuzz --serve`: prints the seed and the address, serves until SIGINT or
/// SIGTERM, logging each exchange, then stops and prints how many exchanges were mutated.
public enum FuzzServe {
    /// Runs the mutating server until a signal arrives (or `until` returns, for tests). Returns the
    /// number of exchanges served.
    @discardableResult
    public static func run(_ options: MutatingServer.Options, print: @escaping @Sendable (String) -> Void,
                           until: (@Sendable () async -> Void)? = nil) async throws -> Int {
        print("seed \(options.seed)")
        // Served and mutated exchanges.
        let counter = Locked((total: 0, mutated: 0))
        let server = try await MutatingServer.start(options) { entry in
            counter.withLock {
                $0.total += 1
                if entry.operatorName != nil { $0.mutated += 1 }
            }
            print(entry.line)
        }
        let source: String
        switch options.source {
        case .capture(let answers): source = "\(answers.count) recorded answers"
        case .upstream(let url): source = "upstream \(url.absoluteString)"
        }
        print("serving \(source), mutated, on \(server.baseURL.absoluteString) (authority: \(server.baseURL.absoluteString)/<tenant>); stop with Ctrl-C")
        if let until {
            await until()
        } else {
            await waitForTerminationSignal()
        }
        await server.stop()
        let (total, mutated) = counter.withLock { $0 }
        print("stopped: \(total) exchanges, \(mutated) mutated")
        return total
    }

    /// Waits for SIGINT or SIGTERM (their default action is suspended meanwhile).
    public static func waitForTerminationSignal() async {
        let gate = SignalGate()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            gate.arm(continuation)
        }
    }
}

/// Holds the signal sources until one fires.
final class SignalGate: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var continuation: CheckedContinuation<Void, Never>?

    func arm(_ waiting: CheckedContinuation<Void, Never>) {
        lock.withLock { continuation = waiting }
        let queue = DispatchQueue(label: "authtape.fuzz.serve.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in fire() }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }

    private func fire() {
        let waiting: CheckedContinuation<Void, Never>? = lock.withLock {
            defer { continuation = nil }
            for source in sources { source.cancel() }
            return continuation
        }
        waiting?.resume()
    }
}
