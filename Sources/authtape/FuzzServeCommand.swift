import ArgumentParser
import Foundation
import Fuzz

extension FuzzCommand {
    /// `authtape fuzz --serve [--upstream URL | CAPTURE] [--port N] [--seed N] [--operators …] [--tls]`.
    func runServe() async throws {
        let source: MutatingServerSource
        switch (upstream, captures.count) {
        case (let url?, 0):
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
                parsed.host != nil
            else { throw CLIFailure(message: "--upstream '\(url)' is not an http(s) URL with a host", exitCode: 2) }
            source = .upstream(parsed)
        case (nil, 1):
            do {
                source = .capture(try CaptureAnswers(contentsOf: captures[0]))
            } catch {
                throw CLIFailure(message: "cannot read capture: \(error)", exitCode: 2)
            }
        default:
            throw CLIFailure(message: "--serve needs one CAPTURE or --upstream URL (not both)", exitCode: 2)
        }
        let names = operators.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        let chosen = Operators.named(names)
        if chosen.count != names.count {
            let unknown = names.filter { name in !Operators.all.contains { $0.name == name } }
            throw CLIFailure(
                message: "unknown operator(s) \(unknown.joined(separator: ", ")); known: "
                    + Operators.all.map(\.name).joined(separator: ", "), exitCode: 2)
        }
        guard (0...100).contains(rate) else { throw CLIFailure(message: "--rate must be 0 to 100", exitCode: 2) }
        guard (0...65_535).contains(port) else { throw CLIFailure(message: "--port must be 0 to 65535", exitCode: 2) }
        let runSeed = seed ?? UInt64(Date().timeIntervalSince1970 * 1000) & 0xFFFF_FFFF
        let tls = try tlsOptions.serverTLS()
        if let tls { printError(tls.summary) }
        let options = MutatingServer.Options(
            source: source, host: host, port: port, seed: runSeed, operators: chosen.isEmpty ? Operators.all : chosen, rate: rate,
            tls: tls?.configuration)
        do {
            // Written unbuffered, so a person (or a test) reading a pipe sees each exchange as it happens.
            try await FuzzServe.run(options, print: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) })
        } catch let error as CLIFailure {
            throw error
        } catch {
            throw CLIFailure(message: "cannot serve on \(host):\(port): \(error)", exitCode: 1)
        }
    }
}

/// Counts finished transport-phase cases for the progress line.
final class TransportProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
